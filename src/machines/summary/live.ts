import { fromPromise } from 'xstate';
import { downloadSummary, listPayments, listSummaries, type FinanceRangeWire, type PaymentsQuery } from '../../api/finance';
import type { SnackbarRequest } from '../snackbar/machine';
import { summaryMachine, type DownloadRequest } from './machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * Hands a file to the browser as a download: an object URL, a click on a hidden
 * <a download="summary.csv">, then the URL is released. The release waits a tick: some browsers
 * (Firefox) read the URL after the click has returned.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  // In the document, or Firefox ignores the click.
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export interface SummaryDeps {
  notify: (message: SnackbarRequest) => void;
  /** The browser's download; tests pass their own. */
  save?: (file: Blob, fileName: string) => void;
}

/**
 * The Account summary screen's machine with its real calls. It lives beside the machine, not in
 * live.ts, so that the calls are pulled in only by the lazily loaded summary chunk.
 */
export function liveSummaryMachine({ notify, save = saveFile }: SummaryDeps) {
  return summaryMachine.provide({
    actors: {
      loadPayments: fromPromise(({ input }: { input: PaymentsQuery }) => listPayments(input)),
      loadSummaries: fromPromise(({ input }: { input: FinanceRangeWire }) => listSummaries(input)),
      downloadSummary: fromPromise(({ input }: { input: DownloadRequest }) => downloadSummary(input.storeId, input.range)),
    },
    actions: {
      // Spec section 8: list loads that fail are only logged; the screen shows the message and Retry.
      logLoadFailure: (_, { tab, error }) => console.info(`Account summary (${tab}) did not load`, describe(error)),
      notifyDownloadFailed: (_, { error }) => {
        console.info('Summary download failed', describe(error));
        notify({ key: 'summary.downloadFailed', severity: 'error' });
      },
      saveFile: (_, { file, fileName }) => save(file, fileName),
    },
  });
}
