import { and, assign, raise, setup, stateIn } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { ItemStatus, Offer } from '../../api/offers';
import { MAX_BACKOFF_STEPS, maxPollDelayMs, pollDelayAfter } from '../../lib/backoff';
import { OFFERS_POLL_MS } from '../../lib/constants';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import type { OffersView } from '../journal/projections';

/**
 * The current offers list (/operations/offers) and what the operator does to its rows.
 *
 * Two regions run side by side:
 * - `list`: the page the URL names (tab + page) loads, then is polled every OFFERS_POLL_MS while
 *   the tab is visible. A failed poll keeps the page on screen and backs off (20 s → 40 s → 80 s);
 *   a poll only reaches the journal when the page differs from what the offers projection holds,
 *   so an identical poll changes nothing anywhere.
 * - `mutation`: one delete (after a confirmation) or one status change at a time, each applied to
 *   the journal at once (optimistic) and reverted if the server refuses.
 */
export const OFFERS_PAGE_SIZE = 10;
/** The longest wait between polls while they keep failing: 20 s doubled twice. */
export const OFFERS_POLL_MAX_MS = maxPollDelayMs(OFFERS_POLL_MS);

export type OffersFilter = OffersView['filter'];

export interface OffersPageRequest {
  storeId: number;
  filter: OffersFilter;
  limit: number;
  offset: number;
}

interface OffersListContext extends LoadFailureContext {
  storeId: number;
  filter: OffersFilter;
  /** 0-based, like offsets; the URL shows it 1-based. */
  page: number;
  /** Polls failed in a row: drives the back-off and the stale-data note. */
  failures: number;
  /** The browser tab is hidden: no polling until it shows again. */
  hidden: boolean;
  /** The offer a delete confirmation or a running delete is about, and where it stood in the list. */
  deleting: { offer: Offer; index: number } | null;
  /** The status change under way, with the status to put back if the server refuses. */
  changing: { offer: Offer; status: ItemStatus; previous: number } | null;
}

export type OffersListEvent =
  | { type: 'offers.show'; filter: OffersFilter; page: number }
  | { type: 'offers.retry' }
  | { type: 'offers.pause' }
  | { type: 'offers.resume' }
  | { type: 'offers.refresh' }
  | { type: 'offers.askDelete'; offer: Offer; index: number }
  | { type: 'offers.cancelDelete' }
  | { type: 'offers.confirmDelete' }
  | { type: 'offers.setStatus'; offer: Offer; status: ItemStatus };

/** The backed-off wait before the next poll: OFFERS_POLL_MS doubled per failure, capped. */
export const pollDelayMs = (failures: number) => pollDelayAfter(OFFERS_POLL_MS, failures);

const pageRequest = ({ context }: { context: OffersListContext }): OffersPageRequest => ({
  storeId: context.storeId,
  filter: context.filter,
  limit: OFFERS_PAGE_SIZE,
  offset: offsetForPage(context.page, OFFERS_PAGE_SIZE),
});

const pageOf = ({ context, event }: { context: OffersListContext; event: { output: PagedList<Offer> } }) => ({
  filter: context.filter,
  page: event.output,
});

export const offersListMachine = setup({
  types: {
    input: {} as { storeId: number; filter: OffersFilter; page: number },
    context: {} as OffersListContext,
    events: {} as OffersListEvent,
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Offer>, OffersPageRequest>('loadPage'),
    deleteOffer: promiseNotProvided<void, { id: number }>('deleteOffer'),
    setStatus: promiseNotProvided<Offer, { id: number; status: ItemStatus }>('setStatus'),
  },
  guards: {
    /** Injected: compares the page with what the offers projection holds. */
    pageDiffers: (_, _params: { filter: OffersFilter; page: PagedList<Offer> }) => true,
    isHidden: ({ context }) => context.hidden,
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.failures),
  },
  actions: {
    recordLoaded: (_, _params: { filter: OffersFilter; page: PagedList<Offer> }) => {},
    recordDeleted: (_, _params: { id: number }) => {},
    recordDeleteRefused: (_, _params: { offer: Offer; index: number }) => {},
    recordStatusChanged: (_, _params: { id: number; status: number }) => {},
    notifyDeleteFailed: () => {},
    notifyStatusFailed: () => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
    logPollFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'offersList',
  type: 'parallel',
  context: ({ input }) => ({
    storeId: input.storeId,
    filter: input.filter,
    page: Math.max(0, input.page),
    failures: 0,
    hidden: false,
    deleting: null,
    changing: null,
    loadFailure: null,
  }),
  // Visibility can change in any state; the polling states below also act on it.
  on: {
    'offers.pause': { actions: assign({ hidden: true }) },
    'offers.resume': { actions: assign({ hidden: false }) },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // A newer tab or page replaces a load still running (the invoke restarts).
        // Not `reenter`: that would also restart the sibling mutation region and drop a running delete.
        'offers.show': {
          target: '.loading',
          actions: assign({ filter: ({ event }) => event.filter, page: ({ event }) => Math.max(0, event.page), failures: 0 }),
        },
      },
      states: {
        loading: {
          tags: 'busy',
          entry: assign({ loadFailure: null }),
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: pageRequest,
            onDone: [
              { guard: { type: 'pageDiffers', params: pageOf }, target: 'ready', actions: { type: 'recordLoaded', params: pageOf } },
              { target: 'ready' },
            ],
            onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        failed: {
          description: 'Nothing to show: "We have problems, please retry in a moment" and Retry.',
          on: { 'offers.retry': 'loading' },
        },
        ready: {
          initial: 'scheduling',
          states: {
            scheduling: {
              description: 'Decides whether to wait for the next poll or to wait for the tab to show again.',
              always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }],
            },
            waiting: {
              after: { pollDelay: 'polling' },
              on: {
                'offers.pause': { target: 'paused', actions: assign({ hidden: true }) },
                'offers.refresh': 'polling',
              },
            },
            polling: {
              description: 'The page stays on screen while it is fetched again.',
              invoke: {
                id: 'pollPage',
                src: 'loadPage',
                input: pageRequest,
                onDone: [
                  {
                    // A poll answered while a delete or status change is under way may predate it;
                    // the next poll brings the settled page.
                    guard: and([stateIn({ mutation: 'idle' }), { type: 'pageDiffers', params: pageOf }]),
                    target: 'waiting',
                    actions: [assign({ failures: 0 }), { type: 'recordLoaded', params: pageOf }],
                  },
                  { target: 'waiting', actions: assign({ failures: 0 }) },
                ],
                onError: {
                  target: 'waiting',
                  actions: [
                    assign({ failures: ({ context }) => Math.min(context.failures + 1, MAX_BACKOFF_STEPS) }),
                    { type: 'logPollFailure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
              on: { 'offers.pause': { target: 'paused', actions: assign({ hidden: true }) } },
            },
            paused: {
              description: 'The browser tab is hidden: no requests until it shows again, then one at once.',
              on: { 'offers.resume': { target: 'polling', actions: assign({ hidden: false }) } },
            },
          },
        },
      },
    },
    mutation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'offers.askDelete': {
              target: 'confirmingDelete',
              actions: assign({ deleting: ({ event }) => ({ offer: event.offer, index: event.index }) }),
            },
            'offers.setStatus': {
              target: 'changingStatus',
              actions: assign({
                changing: ({ event }) => ({ offer: event.offer, status: event.status, previous: event.offer.status }),
              }),
            },
          },
        },
        confirmingDelete: {
          description: 'The "Delete offer {name}?" dialog is open.',
          on: {
            'offers.cancelDelete': { target: 'idle', actions: assign({ deleting: null }) },
            'offers.confirmDelete': 'deleting',
          },
        },
        deleting: {
          tags: 'mutating',
          entry: { type: 'recordDeleted', params: ({ context }) => ({ id: context.deleting!.offer.id }) },
          invoke: {
            id: 'deleteOffer',
            src: 'deleteOffer',
            input: ({ context }) => ({ id: context.deleting!.offer.id }),
            // The page is one short now: a refresh brings the next offer up.
            onDone: { target: 'idle', actions: [assign({ deleting: null }), raise({ type: 'offers.refresh' })] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordDeleteRefused', params: ({ context }) => ({ offer: context.deleting!.offer, index: context.deleting!.index }) },
                'notifyDeleteFailed',
                assign({ deleting: null }),
              ],
            },
          },
        },
        changingStatus: {
          tags: 'mutating',
          entry: { type: 'recordStatusChanged', params: ({ context }) => ({ id: context.changing!.offer.id, status: context.changing!.status }) },
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ id: context.changing!.offer.id, status: context.changing!.status }),
            onDone: { target: 'idle', actions: assign({ changing: null }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordStatusChanged', params: ({ context }) => ({ id: context.changing!.offer.id, status: context.changing!.previous }) },
                'notifyStatusFailed',
                assign({ changing: null }),
              ],
            },
          },
        },
      },
    },
  },
});


/** The list region's state for the screen: it shows skeletons, the failure, or the page. */
export type OffersListPhase = 'loading' | 'failed' | 'ready';
