import { ApiError } from '../../api/errors';
import { termsMachine, type StoreTerms } from './terms.machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the Terms tab's graph is explored with: the operator's buttons (I accept / Accept /
 * Cancel / Retry), the terms read when the shell had not loaded the profile yet, an accept the
 * server records, and calls refused by the server or lost to the network.
 */
const ACCEPT_OPERATION = 'POST /stores/profile/accept_conditions/{id}';

export const PATH_TERMS: StoreTerms = { text: 'Surplus food is sold as it is.', acceptDate: null };
/** What the server answers an accept with (ms, as the api decodes it). */
export const PATH_ACCEPT_DATE = MONDAY_9AM + 60_000;

export const PATH_ACCEPT_REFUSED = new ApiError({ kind: 'http', status: 500, operation: ACCEPT_OPERATION, message: 'Internal error' });
export const PATH_LOAD_OFFLINE = new ApiError({ kind: 'network', operation: 'GET /stores/profile/{id}', message: 'could not reach the server' });

export const termsPathEvents = [
  { type: 'terms.accept' },
  { type: 'terms.confirm' },
  { type: 'terms.cancel' },
  { type: 'terms.retry' },
  { type: 'xstate.done.actor.loadTerms', output: PATH_TERMS },
  { type: 'xstate.error.actor.loadTerms', error: PATH_LOAD_OFFLINE },
  { type: 'xstate.done.actor.acceptTerms', output: PATH_ACCEPT_DATE },
  { type: 'xstate.error.actor.acceptTerms', error: PATH_ACCEPT_REFUSED },
] satisfies readonly PathEvent<typeof termsMachine>[];

/** The tab opened before the shell's profile arrived: it reads the terms itself. */
export const termsPathModel: PathModel<typeof termsMachine> = {
  machine: termsMachine,
  input: { storeId: 1, terms: null },
  events: termsPathEvents,
};

/** The tab opened with the terms the shell already loaded (accepted a week before). */
export const termsLoadedPathModel: PathModel<typeof termsMachine> = {
  ...termsPathModel,
  input: { storeId: 1, terms: { text: PATH_TERMS.text, acceptDate: MONDAY_9AM - 7 * 86_400_000 } },
};
