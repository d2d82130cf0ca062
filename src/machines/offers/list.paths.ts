import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import { OfferSchema, type Offer } from '../../api/offers';
import { offersListMachine } from './list.machine';
import { offerWire } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the current offers list graph is explored with, from the first page of the "all"
 * tab (store 7):
 * - the operator: the "active" tab's second page (one fixed filter, so the context stays finite),
 *   Retry after a failed load, the browser tab hidden and shown again, a refresh, a status change
 *   on the first row, and the delete dialog for the second row (cancel, confirm);
 * - every effect's outcome: for the load (`loadPage`) and the poll (`pollPage`, the same actor
 *   under another id) the page the projection already holds, a changed page, and a failure; the
 *   poller saying the next poll is due (the poller itself has its own model, shared/poller.paths.ts);
 *   the delete and the status change done and refused.
 */
export const offer = (id: number, status = 1): Offer => OfferSchema.parse(offerWire({ id, name: `Offer ${id}`, status }));
export const offersPageOf = (offers: Offer[], total = offers.length, offset = 0): PagedList<Offer> => ({ data: offers, limit: 10, offset, total });

/** The page the offers projection holds in the model: a poll answering it is not news. */
export const PATH_HELD = offersPageOf([offer(1), offer(2)], 2);
/** A changed page (an offer went away): news. */
export const PATH_CHANGED = offersPageOf([offer(1)], 1);

const serverError = (operation: string, status = 500) => new ApiError({ kind: 'http', status, operation, message: 'Internal error' });

/** The model's pageDiffers: the projection holds PATH_HELD. */
export const offersListPathMachine = offersListMachine.provide({ guards: { pageDiffers: (_, { page }) => page.total !== PATH_HELD.total } });

export const offersListPathEvents = [
  { type: 'offers.show', filter: 'active', page: 1 },
  { type: 'offers.retry' },
  { type: 'offers.pause' },
  { type: 'offers.resume' },
  { type: 'offers.refresh' },
  { type: 'offers.askDelete', offer: offer(2), index: 1 },
  { type: 'offers.cancelDelete' },
  { type: 'offers.confirmDelete' },
  { type: 'offers.setStatus', offer: offer(1), status: 0 },
  { type: 'xstate.done.actor.loadPage', output: PATH_HELD },
  { type: 'xstate.done.actor.loadPage', output: PATH_CHANGED },
  { type: 'xstate.error.actor.loadPage', error: serverError('GET /stores/offers/pagination') },
  { type: 'xstate.done.actor.pollPage', output: PATH_HELD },
  { type: 'xstate.done.actor.pollPage', output: PATH_CHANGED },
  { type: 'xstate.error.actor.pollPage', error: new ApiError({ kind: 'network', operation: 'GET /stores/offers/pagination', message: 'offline' }) },
  { type: 'poller.due' },
  { type: 'xstate.done.actor.deleteOffer' },
  { type: 'xstate.error.actor.deleteOffer', error: serverError('DELETE /stores/offers/{id}', 409) },
  { type: 'xstate.done.actor.setStatus', output: offer(1, 0) },
  { type: 'xstate.error.actor.setStatus', error: serverError('POST /stores/offers/{id}/status') },
] satisfies readonly PathEvent<typeof offersListPathMachine>[];

export const offersListPathModel: PathModel<typeof offersListPathMachine> = {
  machine: offersListPathMachine,
  input: { storeId: 7, filter: 'all', page: 0 },
  events: offersListPathEvents,
};
