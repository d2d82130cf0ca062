import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { Delivery, DeliverySearch } from '../../api/logistics';
import { dayEnd, dayStart } from '../../lib/calendar-days';
import type { DeliveriesFilter } from '../journal/events';
import { loadFailureFromError, type LoadFailure, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import { pagedListStates, pageWindow } from '../shared/paged-list';

/**
 * The delivery orders list (/delivery-orders): the page the URL names (filters and page) loads
 * and reaches the journal (`deliveries.loaded`) unless the deliveries projection already holds
 * it. Two regions run side by side:
 * - `list`: loading → ready | failed (Retry). A newer filter or page replaces a load still
 *   running. Nothing polls: the list changes when the operator asks for another page.
 * - `trucks`: the truck names the filter offers, loaded once when the filter drawer first opens
 *   (every truck of the store, whatever its status: last week's deliveries name trucks that are
 *   in maintenance today). A failure is said in the drawer, which offers to try again.
 */
export const DELIVERIES_PAGE_SIZE = 12;

export interface DeliveriesPageRequest {
  search: DeliverySearch;
  limit: number;
  offset: number;
}

interface DeliveriesListContext extends LoadFailureContext {
  filter: DeliveriesFilter;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  /** The store's truck names, sorted; empty until loaded. */
  trucks: string[];
  /** Why the trucks (the drawer's filter) did not load; null while they load or once they have. */
  trucksLoadFailure: LoadFailure | null;
}

export type DeliveriesListEvent =
  | { type: 'deliveries.show'; filter: DeliveriesFilter; page: number }
  | { type: 'deliveries.retry' }
  | { type: 'deliveries.needTrucks' };

/** The search the filter stands for: its local days as the first and last instant they cover. */
export function deliverySearchOf(filter: DeliveriesFilter): DeliverySearch {
  const from = filter.from === null ? null : dayStart(filter.from);
  const to = filter.to === null ? null : dayEnd(filter.to);
  return {
    ...(filter.status !== null ? { status: filter.status } : {}),
    ...(from !== null ? { dateFrom: from } : {}),
    ...(to !== null ? { dateTo: to } : {}),
    ...(filter.truck !== null && filter.truck !== '' ? { truck: filter.truck } : {}),
    ...(filter.text.trim() !== '' ? { text: filter.text.trim() } : {}),
  };
}

const pageRequest = ({ context }: { context: DeliveriesListContext }): DeliveriesPageRequest => ({
  search: deliverySearchOf(context.filter),
  ...pageWindow(context.page, DELIVERIES_PAGE_SIZE),
});

const pageOf = ({ context, event }: { context: DeliveriesListContext; event: { output: PagedList<Delivery> } }) => ({
  filter: context.filter,
  page: event.output,
});

const list = pagedListStates<DeliveriesListContext, DeliveriesListEvent>();

export const deliveriesListMachine = setup({
  types: {
    input: {} as { filter: DeliveriesFilter; page: number },
    context: {} as DeliveriesListContext,
    events: {} as DeliveriesListEvent,
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Delivery>, DeliveriesPageRequest>('loadPage'),
    loadTrucks: promiseNotProvided<string[], void>('loadTrucks'),
  },
  guards: {
    /** Injected: compares the page with what the deliveries projection holds. */
    pageDiffers: (_, _params: { filter: DeliveriesFilter; page: PagedList<Delivery> }) => true,
  },
  actions: {
    recordLoaded: (_, _params: { filter: DeliveriesFilter; page: PagedList<Delivery> }) => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
    logTrucksFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deliveriesList',
  type: 'parallel',
  context: ({ input }) => ({ filter: input.filter, page: Math.max(0, input.page), trucks: [], loadFailure: null, trucksLoadFailure: null }),
  states: {
    // A newer filter or page replaces a load still running; the trucks region is left as it is.
    list: list.region({
      show: 'deliveries.show',
      shown: (event) => ({ filter: event.filter, page: Math.max(0, event.page) }),
      retry: 'deliveries.retry',
      input: pageRequest,
      loaded: list.recordLoadedIfNew(pageOf),
    }),
    trucks: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Nobody opened the filters yet: no request.',
          on: { 'deliveries.needTrucks': 'loading' },
        },
        loading: {
          entry: assign({ trucksLoadFailure: null }),
          invoke: {
            id: 'loadTrucks',
            src: 'loadTrucks',
            onDone: { target: 'ready', actions: assign({ trucks: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [assign({ trucksLoadFailure: loadFailureFromError }), { type: 'logTrucksFailure', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        ready: {},
        failed: {
          description: 'The drawer says the trucks could not be loaded; opening it again or Retry tries again.',
          on: { 'deliveries.needTrucks': 'loading' },
        },
      },
    },
  },
});

type DeliveriesListSnapshot = SnapshotFrom<typeof deliveriesListMachine>;
export type DeliveriesListPhase = 'loading' | 'failed' | 'ready';
export const selectDeliveriesPhase = (s: DeliveriesListSnapshot): DeliveriesListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
export type TrucksPhase = 'idle' | 'loading' | 'ready' | 'failed';
export const selectTrucksPhase = (s: DeliveriesListSnapshot): TrucksPhase =>
  s.matches({ trucks: 'failed' }) ? 'failed' : s.matches({ trucks: 'ready' }) ? 'ready' : s.matches({ trucks: 'loading' }) ? 'loading' : 'idle';
export const selectTrucks = (s: DeliveriesListSnapshot) => s.context.trucks;
/** Why the trucks did not load, for the drawer's message. */
export const selectTrucksLoadFailure = (s: DeliveriesListSnapshot) => s.context.trucksLoadFailure;
