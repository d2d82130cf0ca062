import { sendTo, setup, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { ItemStatus, Offer } from '../../api/offers';
import { maxPollDelayMs, pollDelayAfter } from '../../lib/backoff';
import { OFFERS_POLL_MS } from '../../lib/constants';
import { pagedListStates, pageWindow, polledListStates, type PolledListContext } from '../shared/paged-list';
import { promiseNotProvided } from '../shared/not-provided';
import { pollerMachine, type PollerDueEvent } from '../shared/poller.machine';
import { rowMutationStates } from '../shared/row-mutations';
import type { OffersView } from '../journal/projections';

/**
 * The current offers list (/operations/offers) and what the operator does to its rows.
 *
 * Two regions run side by side:
 * - `list`: the page the URL names (tab + page) loads, then is polled every OFFERS_POLL_MS while
 *   the tab is visible: the shared poller (shared/poller.machine.ts, invoked as `poller`) says when,
 *   and pauses and resumes the list with the tab. A failed poll keeps the page on screen and backs
 *   off (20 s → 40 s → 80 s); a poll only reaches the journal when the page differs from what the
 *   offers projection holds, so an identical poll changes nothing anywhere.
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

interface OffersListContext extends PolledListContext {
  storeId: number;
  filter: OffersFilter;
  /** 0-based, like offsets; the URL shows it 1-based. */
  page: number;
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
  | { type: 'offers.setStatus'; offer: Offer; status: ItemStatus }
  | PollerDueEvent;

/** The backed-off wait before the next poll: OFFERS_POLL_MS doubled per failure, capped. */
export const pollDelayMs = (failures: number) => pollDelayAfter(OFFERS_POLL_MS, failures);

const pageRequest = ({ context }: { context: OffersListContext }): OffersPageRequest => ({
  storeId: context.storeId,
  filter: context.filter,
  ...pageWindow(context.page, OFFERS_PAGE_SIZE),
});

const pageOf = ({ context, event }: { context: OffersListContext; event: { output: PagedList<Offer> } }) => ({
  filter: context.filter,
  page: event.output,
});

const list = pagedListStates<OffersListContext, OffersListEvent>();
const polled = polledListStates<OffersListContext, OffersListEvent>();
const rows = rowMutationStates<OffersListContext, OffersListEvent>();

/** Deleted after the operator confirms; the row leaves the list at once and comes back where it stood if refused. */
const offerDelete = rows.confirmedFirst({
  start: 'offers.askDelete',
  dismiss: 'offers.cancelDelete',
  confirm: 'offers.confirmDelete',
  confirming: 'confirmingDelete',
  dialog: 'The "Delete offer {name}?" dialog is open.',
  state: 'deleting',
  field: 'deleting',
  hold: ({ event }) => ({ offer: event.offer, index: event.index }),
  src: 'deleteOffer',
  input: ({ offer }) => ({ id: offer.id }),
  apply: { type: 'recordDeleted', params: ({ offer }) => ({ id: offer.id }) },
  revert: { type: 'recordDeleteRefused', params: ({ offer, index }) => ({ offer, index }) },
  notify: 'notifyDeleteFailed',
  // The page is one short now: a refresh brings the next offer up.
  refresh: 'offers.refresh',
});

/** A status change shows at once; a refusal puts the previous status back. */
const offerStatusChange = rows.sentAtOnce({
  start: 'offers.setStatus',
  state: 'changingStatus',
  field: 'changing',
  hold: ({ event }) => ({ offer: event.offer, status: event.status, previous: event.offer.status }),
  src: 'setStatus',
  input: ({ offer, status }) => ({ id: offer.id, status }),
  apply: { type: 'recordStatusChanged', params: ({ offer, status }) => ({ id: offer.id, status }) },
  revert: { type: 'recordStatusChanged', params: ({ offer, previous }) => ({ id: offer.id, status: previous }) },
  notify: 'notifyStatusFailed',
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
    poller: pollerMachine,
  },
  guards: {
    /** Injected: compares the page with what the offers projection holds. */
    pageDiffers: (_, _params: { filter: OffersFilter; page: PagedList<Offer> }) => true,
    isHidden: ({ context }) => context.hidden,
  },
  actions: {
    schedulePoll: sendTo('poller', ({ context }) => ({ type: 'poller.schedule', failures: context.failures })),
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
  ...polled.poller(OFFERS_POLL_MS, 'offers.pause', 'offers.resume'),
  states: {
    list: list.region({
      show: 'offers.show',
      // Another tab or page starts its back-off afresh.
      shown: (event) => ({ filter: event.filter, page: Math.max(0, event.page), failures: 0 }),
      retry: 'offers.retry',
      input: pageRequest,
      loaded: list.recordLoadedIfNew(pageOf),
      // Polled every OFFERS_POLL_MS; a refresh (a delete went through) polls at once while waiting.
      ready: polled.ready({
        pause: 'offers.pause',
        resume: 'offers.resume',
        refresh: 'offers.refresh',
        refreshFrom: 'waiting',
        afterPoll: 'waiting',
        input: pageRequest,
        record: pageOf,
      }),
    }),
    mutation: rows.region(offerDelete, offerStatusChange),
  },
});


/** The list region's state for the screen: it shows skeletons, the failure, or the page. */
export type OffersListPhase = 'loading' | 'failed' | 'ready';

type OffersListSnapshot = SnapshotFrom<typeof offersListMachine>;
export const selectOffersPhase = (s: OffersListSnapshot): OffersListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
/** The last refresh failed: the page shown may be out of date. */
export const selectOffersStale = (s: OffersListSnapshot) => s.context.failures > 0;
/** A delete or a status change is being confirmed or sent. */
export const selectOffersMutating = (s: OffersListSnapshot) => !s.matches({ mutation: 'idle' });
/** The name of the offer a delete confirmation is open for, or null. */
export const selectConfirmingDelete = (s: OffersListSnapshot) => (s.matches({ mutation: 'confirmingDelete' }) ? (s.context.deleting?.offer.name ?? '') : null);
