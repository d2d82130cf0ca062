import { snackbarMachine } from './machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the snackbar queue graph is explored with: an error message (the default severity
 * and auto-hide), shown once or twice in a row, the close button, and both timers (the full
 * auto-hide of a message alone, the short one of a message with another behind it). Severity and
 * auto-hide are payload, not graph: tests/machines/snackbar.test.ts covers them.
 *
 * `snackbar.show` is handled in every state and every message gets a new id, so the graph is kept
 * finite: a path shows at most two messages, enough for a message to be superseded.
 */
export const PATH_MESSAGES_PER_PATH = 2;

export const snackbarPathEvents = [
  { type: 'snackbar.show', message: { key: 'auth.signIn.invalid' } },
  { type: 'snackbar.close' },
  { type: 'xstate.after.autoHide.snackbar.showing.current' },
  { type: 'xstate.after.superseded.snackbar.showing.superseded' },
] satisfies readonly PathEvent<typeof snackbarMachine>[];

export const snackbarPathModel: PathModel<typeof snackbarMachine> = {
  machine: snackbarMachine,
  events: snackbarPathEvents,
  offers: (snapshot, event) => event.type !== 'snackbar.show' || (snapshot.context as { nextId: number }).nextId <= PATH_MESSAGES_PER_PATH,
};
