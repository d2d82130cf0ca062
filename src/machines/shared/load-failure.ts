import { isApiError, isForbidden } from '../../api/errors';
import type { MessageKey } from '../../i18n';

/**
 * Why a screen's load failed, kept in the machine's context so the screen can say it:
 *
 * - `unreadable`: the server answered, but with something the console cannot read (the answer
 *   failed its schema: ApiError 'unexpected-response'). It has its own message ("The server sent an
 *   answer this console does not understand…"), never the screen's "please retry" or a connection
 *   problem: retrying soon rarely helps, and support needs to hear about it.
 * - `forbidden`: the platform refused the call to the operator's role (403, src/api/permissions.ts):
 *   "Only a store administrator can change this…", never "please retry".
 * - `failed`: anything else (no connection, a timeout, an error status): the screen's catalogue
 *   message (spec section 8).
 *
 * The log names the operation either way (ApiError.toJSON(): "GET /stores/home" and the field the
 * schema refused), from each flow's logFailure / logLoadFailure action.
 */
export type LoadFailure = 'unreadable' | 'forbidden' | 'failed';

export function loadFailureOf(error: unknown): LoadFailure {
  if (isForbidden(error)) return 'forbidden';
  return isApiError(error) && error.kind === 'unexpected-response' ? 'unreadable' : 'failed';
}

/**
 * What an action's failure says: a refusal of the operator's role (403) is said as such ("Only a
 * store administrator can change this…"), anything else keeps the action's own catalogue message.
 */
export function refusalOr(error: unknown, failureKey: MessageKey): MessageKey {
  return isForbidden(error) ? 'errors.forbidden' : failureKey;
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
