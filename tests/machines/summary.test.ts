import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { PagedList } from '../../src/api/codecs';
import type { FinanceRangeWire, OrderSummary, Payment, PaymentsQuery } from '../../src/api/finance';
import { financeRangeToSeconds } from '../../src/lib/finance-range';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { liveSummaryMachine, saveFile } from '../../src/machines/summary/live';
import {
  PAYMENTS_PAGE_SIZE,
  sameView,
  selectDownloading,
  selectPayments,
  selectPhase,
  selectSummaries,
  selectView,
  summaryMachine,
  summaryTotals,
  type DownloadRequest,
  type SummaryView,
} from '../../src/machines/summary/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { payment, paymentsPageOf, summary } from '../../src/machines/summary/paths';

/**
 * The summary machine with fake calls the test settles by hand: every call opens a deferred, so
 * the test decides when and how each request ends, sees what it asked for, and can count calls.
 * The actions are the live ones (summary/live.ts) with the snackbar, the log and the browser's
 * download observed.
 */
const WEEK = { from: '2025-01-01', to: '2025-01-07' };
const PAYMENTS_VIEW: SummaryView = { tab: 'current-transactions', range: WEEK, status: null, page: 0 };

interface Call<I, O> {
  input: I;
  signal: AbortSignal;
  reply: Deferred<O>;
}

const started: Array<Actor<typeof summaryMachine>> = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
  vi.restoreAllMocks();
});

function harness(view: SummaryView = PAYMENTS_VIEW) {
  const calls = {
    payments: [] as Array<Call<PaymentsQuery, PagedList<Payment>>>,
    summaries: [] as Array<Call<FinanceRangeWire, OrderSummary[]>>,
    downloads: [] as Array<Call<DownloadRequest, Blob>>,
  };
  const notices: SnackbarRequest[] = [];
  const saved: Array<{ file: Blob; fileName: string }> = [];
  const fake =
    <I, O>(list: Array<Call<I, O>>) =>
    ({ input, signal }: { input: I; signal: AbortSignal }) => {
      const reply = deferred<O>();
      list.push({ input, signal, reply });
      return reply.promise;
    };
  const machine = liveSummaryMachine({ notify: (m) => notices.push(m), save: (file, fileName) => saved.push({ file, fileName }) }).provide({
    actors: {
      loadPayments: fromPromise(fake(calls.payments)),
      loadSummaries: fromPromise(fake(calls.summaries)),
      downloadSummary: fromPromise(fake(calls.downloads)),
    },
  });
  const actor = createActor(machine, { input: { storeId: 3, ...view } }).start();
  started.push(actor as unknown as Actor<typeof summaryMachine>);
  return { actor, calls, notices, saved, snapshot: () => actor.getSnapshot() };
}

const PAGE = paymentsPageOf([payment(31), payment(30, { status: 'pending' })], 12);
const DAYS = [summary('2025-01-01', { orders: 2, gross: 10.1 }), summary('2025-01-02', { orders: 3, gross: 20.2 })];

describe('summary machine: loading what the URL asks for', () => {
  it('asks for the first page of payments of the range, all statuses, 10 a page', () => {
    const { calls, snapshot } = harness();
    expect(calls.payments).toHaveLength(1);
    expect(calls.summaries).toHaveLength(0);
    expect(calls.payments[0].input).toEqual({ ...financeRangeToSeconds(WEEK), limit: PAYMENTS_PAGE_SIZE, offset: 0 });
    expect(PAYMENTS_PAGE_SIZE).toBe(10);
    expect(selectPhase(snapshot())).toBe('loading');
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(selectPayments(snapshot())).toBeNull();
  });

  it('shows the page once it arrives', async () => {
    const { calls, snapshot } = harness();
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    expect(selectPhase(snapshot())).toBe('loaded');
    expect(snapshot().hasTag('busy')).toBe(false);
    expect(selectPayments(snapshot())).toEqual(PAGE);
    expect(selectSummaries(snapshot())).toBeNull();
  });

  it('a status and a page go into the call (offset = page × 10)', () => {
    const { calls } = harness({ ...PAYMENTS_VIEW, status: 'rejected', page: 2 });
    expect(calls.payments[0].input).toEqual({ ...financeRangeToSeconds(WEEK), status: 'rejected', limit: 10, offset: 20 });
  });

  it('the daily tab asks for the summaries of the range instead, and ignores status and page', async () => {
    const { calls, snapshot } = harness({ tab: 'daily', range: WEEK, status: 'pending', page: 4 });
    expect(calls.payments).toHaveLength(0);
    expect(calls.summaries.map((c) => c.input)).toEqual([financeRangeToSeconds(WEEK)]);
    expect(selectView(snapshot())).toEqual({ tab: 'daily', range: WEEK, status: null, page: 0 });
    calls.summaries[0].reply.resolve(DAYS);
    await settle();
    expect(selectSummaries(snapshot())).toEqual(DAYS);
    expect(selectPayments(snapshot())).toBeNull();
  });

  it('another view replaces a load still running: the old call is cancelled and its late answer never shows', async () => {
    const { actor, calls, snapshot } = harness();
    const next: SummaryView = { tab: 'current-transactions', range: { from: '2024-12-01', to: '2024-12-31' }, status: 'completed', page: 1 };
    actor.send({ type: 'summary.show', ...next });
    expect(calls.payments).toHaveLength(2);
    expect(calls.payments[0].signal.aborted).toBe(true);
    expect(calls.payments[1].input).toEqual({ ...financeRangeToSeconds(next.range), status: 'completed', limit: 10, offset: 10 });
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    expect(selectPhase(snapshot())).toBe('loading');
    const december = paymentsPageOf([payment(5)], 11, 10);
    calls.payments[1].reply.resolve(december);
    await settle();
    expect(selectPayments(snapshot())).toEqual(december);
    expect(selectView(snapshot())).toEqual(next);
  });

  it('switching tab loads the other list; the old tab’s data is not shown as the new one', async () => {
    const { actor, calls, snapshot } = harness();
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    actor.send({ type: 'summary.show', tab: 'daily', range: WEEK, status: null, page: 0 });
    expect(selectPhase(snapshot())).toBe('loading');
    expect(selectPayments(snapshot())).toBeNull();
    expect(selectSummaries(snapshot())).toBeNull();
    calls.summaries[0].reply.resolve(DAYS);
    await settle();
    expect(selectSummaries(snapshot())).toEqual(DAYS);
  });

  it('a failed load is logged with console.info (never console.error), shows the failure, and Retry asks again', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { actor, calls, snapshot } = harness();
    calls.payments[0].reply.reject(new Error('HTTP 500'));
    await settle();
    expect(selectPhase(snapshot())).toBe('failed');
    expect(selectPayments(snapshot())).toBeNull();
    expect(info).toHaveBeenCalledWith('Account summary (current-transactions) did not load', expect.any(Error));
    actor.send({ type: 'summary.retry' });
    expect(selectPhase(snapshot())).toBe('loading');
    expect(calls.payments).toHaveLength(2);
    expect(calls.payments[1].input).toEqual(calls.payments[0].input);
    calls.payments[1].reply.resolve(PAGE);
    await settle();
    expect(selectPayments(snapshot())).toEqual(PAGE);
  });

  it('Retry is only offered after a failure', async () => {
    const { actor, calls } = harness();
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    actor.send({ type: 'summary.retry' });
    expect(calls.payments).toHaveLength(1);
  });
});

describe('summary machine: the download', () => {
  it('downloads the range on screen as summary.csv, busy meanwhile, and leaves the view alone', async () => {
    const { actor, calls, saved, notices, snapshot } = harness();
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    actor.send({ type: 'summary.download' });
    expect(selectDownloading(snapshot())).toBe(true);
    expect(calls.downloads.map((c) => c.input)).toEqual([{ storeId: 3, range: financeRangeToSeconds(WEEK) }]);
    // A second press while it runs starts nothing.
    actor.send({ type: 'summary.download' });
    expect(calls.downloads).toHaveLength(1);
    const csv = new Blob(['day,orders\n'], { type: 'text/csv' });
    calls.downloads[0].reply.resolve(csv);
    await settle();
    expect(selectDownloading(snapshot())).toBe(false);
    expect(saved).toEqual([{ file: csv, fileName: 'summary.csv' }]);
    expect(notices).toEqual([]);
    expect(selectPayments(snapshot())).toEqual(PAGE);
    expect(calls.payments).toHaveLength(1);
  });

  it('a failed download says so in the snackbar, saves nothing, and keeps the screen as it was', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { actor, calls, saved, notices, snapshot } = harness();
    calls.payments[0].reply.resolve(PAGE);
    await settle();
    actor.send({ type: 'summary.download' });
    calls.downloads[0].reply.reject(new Error('HTTP 503'));
    await settle();
    expect(notices).toEqual([{ key: 'summary.downloadFailed', severity: 'error' }]);
    expect(saved).toEqual([]);
    expect(info).toHaveBeenCalledWith('Summary download failed', expect.any(Error));
    expect(selectDownloading(snapshot())).toBe(false);
    expect(selectPhase(snapshot())).toBe('loaded');
    expect(selectPayments(snapshot())).toEqual(PAGE);
    // And it can be tried again.
    actor.send({ type: 'summary.download' });
    expect(calls.downloads).toHaveLength(2);
  });

  it('a download keeps running while the view changes (and downloads the range it was asked for)', async () => {
    const { actor, calls, saved, snapshot } = harness();
    actor.send({ type: 'summary.download' });
    actor.send({ type: 'summary.show', tab: 'daily', range: { from: '2025-01-05', to: '2025-01-06' }, status: null, page: 0 });
    expect(calls.downloads[0].signal.aborted).toBe(false);
    expect(selectDownloading(snapshot())).toBe(true);
    const csv = new Blob(['x']);
    calls.downloads[0].reply.resolve(csv);
    await settle();
    expect(saved).toEqual([{ file: csv, fileName: 'summary.csv' }]);
    expect(calls.downloads[0].input.range).toEqual(financeRangeToSeconds(WEEK));
  });

  it('the browser download: an object URL, a click on <a download="summary.csv">, then the URL is released', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:summary-1');
      const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      const clicked: Array<{ href: string; download: string; inDocument: boolean }> = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
      });
      const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
      saveFile(file, 'summary.csv');
      expect(create).toHaveBeenCalledWith(file);
      expect(clicked).toEqual([{ href: 'blob:summary-1', download: 'summary.csv', inDocument: true }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoke).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(revoke).toHaveBeenCalledWith('blob:summary-1');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('summary helpers', () => {
  it('the totals row adds the days up, money in cents', () => {
    const week = Array.from({ length: 7 }, (_, i) => summary(`2025-01-0${i + 1}`, { orders: i, items: 2 * i, gross: 0.1, fees: 0.01, net: 0.09 }));
    expect(summaryTotals(week)).toEqual({ orders: 21, items: 42, gross: 0.7, fees: 0.07, net: 0.63 });
    expect(summaryTotals([])).toEqual({ orders: 0, items: 0, gross: 0, fees: 0, net: 0 });
  });

  it('two views are the same when they ask for the same data', () => {
    expect(sameView(PAYMENTS_VIEW, { ...PAYMENTS_VIEW, range: { ...WEEK } })).toBe(true);
    expect(sameView(PAYMENTS_VIEW, { ...PAYMENTS_VIEW, page: 1 })).toBe(false);
    expect(sameView(PAYMENTS_VIEW, { ...PAYMENTS_VIEW, status: 'pending' })).toBe(false);
    expect(sameView(PAYMENTS_VIEW, { ...PAYMENTS_VIEW, range: { ...WEEK, to: '2025-01-06' } })).toBe(false);
    // Status and page mean nothing on the daily tab.
    expect(sameView({ tab: 'daily', range: WEEK, status: 'pending', page: 3 }, { tab: 'daily', range: WEEK, status: null, page: 0 })).toBe(true);
  });
});
