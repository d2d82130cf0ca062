import { isApiError } from '../api/errors';

/**
 * Why a screen's load failed, kept in the machine's context so the screen can say it:
 *
 * - `unreadable`: the server answered, but with something the console cannot read (the answer
 *   failed its schema: ApiError 'unexpected-response'). It has its own message ("The server sent an
 *   answer this console does not understand…"), never the screen's "please retry" or a connection
 *   problem: retrying soon rarely helps, and support needs to hear about it.
 * - `failed`: anything else (no connection, a timeout, an error status): the screen's catalogue
 *   message (spec section 8).
 *
 * The log names the operation either way (ApiError.toJSON(): "GET /stores/home" and the field the
 * schema refused), from each flow's logFailure / logLoadFailure action.
 */
export type LoadFailure = 'unreadable' | 'failed';

export function loadFailureOf(error: unknown): LoadFailure {
  return isApiError(error) && error.kind === 'unexpected-response' ? 'unreadable' : 'failed';
}

/** The part of a machine's context that remembers why its last load failed: null while a load runs or after one succeeded. */
export interface LoadFailureContext {
  loadFailure: LoadFailure | null;
}

/**
 * The assigner of a load's onError: `assign({ loadFailure: loadFailureFromError })`. A load that
 * starts again clears it (`assign({ loadFailure: null })` on the loading state's entry).
 */
export const loadFailureFromError = ({ event }: { event: { error: unknown } }): LoadFailure => loadFailureOf(event.error);

/** Why the last load failed, for the screen's retry alert (null: it did not, or it is loading again). */
export const selectLoadFailure = (s: { context: LoadFailureContext }): LoadFailure | null => s.context.loadFailure;
