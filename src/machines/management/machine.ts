import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Earning, ManagementInfo, MonthlySales } from '../../api/management';
import { loadFailureOf, type LoadFailure } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/** The three independent parts of the Management Information dashboard, one call each. */
export type ManagementPart = 'info' | 'sales' | 'customers';
export const MANAGEMENT_PARTS: readonly ManagementPart[] = ['info', 'sales', 'customers'];

export type PartStatus = 'loading' | 'loaded' | 'failed';

export interface ManagementContext {
  info: ManagementInfo | null;
  sales: MonthlySales[] | null;
  earnings: Earning[] | null;
  /** Why each part's last load failed (src/machines/shared/load-failure.ts); null while it loads or once it has. */
  loadFailures: Record<ManagementPart, LoadFailure | null>;
}

export type ManagementEvent =
  | { type: 'management.retryInfo' }
  | { type: 'management.retrySales' }
  | { type: 'management.retryCustomers' };

/**
 * The Management Information dashboard (/dashboards/default). The headline figures, the monthly
 * sales and the earnings segmentation come from three calls that load in parallel and fail
 * independently: a failed part shows its own message and retry (spec section 8) while the others
 * render. The data is this screen's alone, so it stays in the machine's context instead of going
 * through the journal; nothing else in the console reads it.
 *
 * Which part failed is what the machine exposes; the screen words it from the catalogue.
 */
export const managementMachine = setup({
  types: {
    context: {} as ManagementContext,
    events: {} as ManagementEvent,
  },
  actors: {
    loadInfo: promiseNotProvided<ManagementInfo, void>('loadInfo'),
    loadSales: promiseNotProvided<MonthlySales[], void>('loadSales'),
    loadCustomers: promiseNotProvided<Earning[], void>('loadCustomers'),
  },
  actions: {
    /** The message is on screen; the details are for whoever reads the console log. */
    logLoadFailure: (_, _params: { part: ManagementPart; error: unknown }) => {},
    /** Remembers why a part failed (null: forgets it, when the part loads again). */
    setLoadFailure: assign(({ context }, params: { part: ManagementPart; failure: LoadFailure | null }) => ({
      loadFailures: { ...context.loadFailures, [params.part]: params.failure },
    })),
  },
}).createMachine({
  id: 'management',
  context: { info: null, sales: null, earnings: null, loadFailures: { info: null, sales: null, customers: null } },
  type: 'parallel',
  states: {
    info: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          entry: { type: 'setLoadFailure', params: { part: 'info', failure: null } },
          invoke: {
            id: 'loadInfo',
            src: 'loadInfo',
            onDone: { target: 'loaded', actions: assign({ info: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [
                { type: 'setLoadFailure', params: ({ event }) => ({ part: 'info' as const, failure: loadFailureOf(event.error) }) },
                { type: 'logLoadFailure', params: ({ event }) => ({ part: 'info' as const, error: event.error }) },
              ],
            },
          },
        },
        loaded: {},
        failed: { on: { 'management.retryInfo': 'loading' } },
      },
    },
    sales: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          entry: { type: 'setLoadFailure', params: { part: 'sales', failure: null } },
          invoke: {
            id: 'loadSales',
            src: 'loadSales',
            onDone: { target: 'loaded', actions: assign({ sales: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [
                { type: 'setLoadFailure', params: ({ event }) => ({ part: 'sales' as const, failure: loadFailureOf(event.error) }) },
                { type: 'logLoadFailure', params: ({ event }) => ({ part: 'sales' as const, error: event.error }) },
              ],
            },
          },
        },
        loaded: {},
        failed: { on: { 'management.retrySales': 'loading' } },
      },
    },
    customers: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          entry: { type: 'setLoadFailure', params: { part: 'customers', failure: null } },
          invoke: {
            id: 'loadCustomers',
            src: 'loadCustomers',
            onDone: { target: 'loaded', actions: assign({ earnings: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [
                { type: 'setLoadFailure', params: ({ event }) => ({ part: 'customers' as const, failure: loadFailureOf(event.error) }) },
                { type: 'logLoadFailure', params: ({ event }) => ({ part: 'customers' as const, error: event.error }) },
              ],
            },
          },
        },
        loaded: {},
        failed: { on: { 'management.retryCustomers': 'loading' } },
      },
    },
  },
});

export type ManagementSnapshot = SnapshotFrom<typeof managementMachine>;

/** The retry event of each part, so a screen can send it without knowing the event names. */
export const retryEvent: Record<ManagementPart, ManagementEvent> = {
  info: { type: 'management.retryInfo' },
  sales: { type: 'management.retrySales' },
  customers: { type: 'management.retryCustomers' },
};

/** Where one part stands: loading, loaded or failed. */
export const selectPartStatus =
  (part: ManagementPart) =>
  (snapshot: ManagementSnapshot): PartStatus =>
    snapshot.value[part];

export const selectInfo = (snapshot: ManagementSnapshot) => snapshot.context.info;
export const selectSales = (snapshot: ManagementSnapshot) => snapshot.context.sales;
export const selectEarnings = (snapshot: ManagementSnapshot) => snapshot.context.earnings;
/** Why one part's last load failed, for its message: an unreadable answer has its own. */
export const selectPartLoadFailure =
  (part: ManagementPart) =>
  (snapshot: ManagementSnapshot): LoadFailure | null =>
    snapshot.context.loadFailures[part];
/** The parts whose last load failed, in dashboard order. */
export const selectFailedParts = (snapshot: ManagementSnapshot): ManagementPart[] =>
  MANAGEMENT_PARTS.filter((part) => snapshot.value[part] === 'failed');
