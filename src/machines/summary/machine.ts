import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import { SUMMARY_FILE_NAME, type FinanceRangeWire, type OrderSummary, type Payment, type PaymentsQuery } from '../../api/finance';
import { financeRangeToSeconds, type FinanceRange } from '../../lib/finance-range';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The Account summary screen (/summary/{tab}): the store's payments (tab current-transactions,
 * filtered by status and paged) or its daily summaries (tab daily) for a range of days, and the
 * summary download.
 *
 * Two regions run side by side:
 * - `view`: loading → loaded | failed ("We have problems, please retry in a moment" with Retry).
 *   The URL carries the tab, range, status and page, so the screen sends them together in one
 *   `summary.show` whenever the URL changes; a newer one replaces a load still running (the
 *   invoke restarts), so a quick change never shows a stale answer.
 * - `download`: idle → downloading → idle. The file is the range on screen as a CSV; a failure
 *   only says so in the snackbar, the view stays as it was.
 *
 * The data is this screen's alone, so it stays in the machine's context instead of the journal.
 */
export const PAYMENTS_PAGE_SIZE = 10;

export type SummaryTab = 'current-transactions' | 'daily';
export const SUMMARY_TABS: readonly SummaryTab[] = ['current-transactions', 'daily'];
export type PaymentStatus = NonNullable<Payment['status']>;

/** What the screen shows: the tab, the days, and for payments the status filter (null: all) and the 0-based page. */
export interface SummaryView {
  tab: SummaryTab;
  range: FinanceRange;
  status: PaymentStatus | null;
  page: number;
}

/** What a finished load brought, tagged with the tab it belongs to. */
export type SummaryData = { tab: 'current-transactions'; payments: PagedList<Payment> } | { tab: 'daily'; summaries: OrderSummary[] };

export interface SummaryContext extends SummaryView, LoadFailureContext {
  storeId: number;
  data: SummaryData | null;
}

export type SummaryEvent = ({ type: 'summary.show' } & SummaryView) | { type: 'summary.retry' } | { type: 'summary.download' };

export interface DownloadRequest {
  storeId: number;
  range: FinanceRangeWire;
}

/** Payments have a status and a page; daily summaries do not, so they are normalised away. */
function normalised(view: SummaryView): SummaryView {
  return view.tab === 'daily'
    ? { tab: 'daily', range: view.range, status: null, page: 0 }
    : { tab: view.tab, range: view.range, status: view.status, page: Math.max(0, Math.floor(view.page)) };
}

/** The payments call of the view in context. */
export function paymentsQuery(view: SummaryView): PaymentsQuery {
  return {
    ...financeRangeToSeconds(view.range),
    ...(view.status !== null ? { status: view.status } : {}),
    limit: PAYMENTS_PAGE_SIZE,
    offset: offsetForPage(view.page, PAYMENTS_PAGE_SIZE),
  };
}

const failure = ({ context, event }: { context: SummaryContext; event: { error: unknown } }) => ({ tab: context.tab, error: event.error });

export const summaryMachine = setup({
  types: {
    input: {} as SummaryView & { storeId: number },
    context: {} as SummaryContext,
    events: {} as SummaryEvent,
  },
  actors: {
    loadPayments: promiseNotProvided<PagedList<Payment>, PaymentsQuery>('loadPayments'),
    loadSummaries: promiseNotProvided<OrderSummary[], FinanceRangeWire>('loadSummaries'),
    downloadSummary: promiseNotProvided<Blob, DownloadRequest>('downloadSummary'),
  },
  guards: {
    dailyTab: ({ context }) => context.tab === 'daily',
  },
  actions: {
    // Injected: the log, the snackbar and the browser's download.
    /** Spec section 8: list loads that fail are only logged (the screen shows the message and Retry). */
    logLoadFailure: (_, _params: { tab: SummaryTab; error: unknown }) => {},
    notifyDownloadFailed: (_, _params: { error: unknown }) => {},
    saveFile: (_, _params: { file: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'summary',
  type: 'parallel',
  context: ({ input }) => ({ storeId: input.storeId, ...normalised(input), data: null, loadFailure: null }),
  states: {
    view: {
      initial: 'loading',
      on: {
        // Not `reenter`: that would also restart the download region and drop a running download.
        'summary.show': {
          target: '.loading',
          actions: assign(({ event }) => normalised(event)),
        },
      },
      states: {
        loading: {
          description: 'Chooses the call of the tab: payments or daily summaries.',
          entry: assign({ loadFailure: null }),
          always: [{ guard: 'dailyTab', target: 'loadingSummaries' }, { target: 'loadingPayments' }],
        },
        loadingPayments: {
          tags: 'busy',
          invoke: {
            id: 'loadPayments',
            src: 'loadPayments',
            input: ({ context }) => paymentsQuery(context),
            onDone: { target: 'loaded', actions: assign({ data: ({ event }) => ({ tab: 'current-transactions' as const, payments: event.output }) }) },
            onError: { target: 'failed', actions: [assign({ data: null, loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: failure }] },
          },
        },
        loadingSummaries: {
          tags: 'busy',
          invoke: {
            id: 'loadSummaries',
            src: 'loadSummaries',
            input: ({ context }) => financeRangeToSeconds(context.range),
            onDone: { target: 'loaded', actions: assign({ data: ({ event }) => ({ tab: 'daily' as const, summaries: event.output }) }) },
            onError: { target: 'failed', actions: [assign({ data: null, loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: failure }] },
          },
        },
        loaded: {},
        failed: {
          description: 'Nothing to show: "We have problems, please retry in a moment" and Retry.',
          on: { 'summary.retry': 'loading' },
        },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: { on: { 'summary.download': 'downloading' } },
        downloading: {
          tags: 'downloading',
          description: 'The CSV of the range on screen; the Download button is busy meanwhile.',
          invoke: {
            id: 'downloadSummary',
            src: 'downloadSummary',
            input: ({ context }) => ({ storeId: context.storeId, range: financeRangeToSeconds(context.range) }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output, fileName: SUMMARY_FILE_NAME }) } },
            onError: { target: 'idle', actions: { type: 'notifyDownloadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SummaryMachine = typeof summaryMachine;
export type SummarySnapshot = SnapshotFrom<typeof summaryMachine>;

/** The view region for the screen: skeletons, the failure, or the data. */
export type SummaryPhase = 'loading' | 'failed' | 'loaded';
export const selectPhase = (s: SummarySnapshot): SummaryPhase =>
  s.matches({ view: 'failed' }) ? 'failed' : s.matches({ view: 'loaded' }) ? 'loaded' : 'loading';
export const selectDownloading = (s: SummarySnapshot) => s.hasTag('downloading');
/** The view the machine shows (or is loading): what the screen compares the URL with. */
export const selectView = (s: SummarySnapshot): SummaryView => ({ tab: s.context.tab, range: s.context.range, status: s.context.status, page: s.context.page });
export const selectPayments = (s: SummarySnapshot) => (s.matches({ view: 'loaded' }) && s.context.data?.tab === 'current-transactions' ? s.context.data.payments : null);
export const selectSummaries = (s: SummarySnapshot) => (s.matches({ view: 'loaded' }) && s.context.data?.tab === 'daily' ? s.context.data.summaries : null);

/** Whether two views ask for the same data (the screen sends `summary.show` only when they do not). */
export function sameView(a: SummaryView, b: SummaryView): boolean {
  const x = normalised(a);
  const y = normalised(b);
  return x.tab === y.tab && x.range.from === y.range.from && x.range.to === y.range.to && x.status === y.status && x.page === y.page;
}

export interface SummaryTotals {
  orders: number;
  items: number;
  gross: number;
  fees: number;
  net: number;
}

/** Money adds up in cents, so a week of 0.10s is 0.70, not 0.7000000000000001. */
const cents = (values: readonly number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/** The totals row of the daily summaries; a figure a summary leaves out counts 0 (docs/spec-fields.md). */
export function summaryTotals(summaries: readonly OrderSummary[]): SummaryTotals {
  return {
    orders: summaries.reduce((sum, s) => sum + (s.orders ?? 0), 0),
    items: summaries.reduce((sum, s) => sum + (s.items ?? 0), 0),
    gross: cents(summaries.map((s) => s.gross ?? 0)),
    fees: cents(summaries.map((s) => s.fees ?? 0)),
    net: cents(summaries.map((s) => s.net ?? 0)),
  };
}
