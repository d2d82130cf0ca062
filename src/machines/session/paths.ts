import { SESSION_STALE_AFTER_MS } from '../../lib/constants';
import { sessionMachine, type StoredSession } from './machine';
import { grant, sessionUser } from '../path-model/fixtures';
import { PATH_CLOCK_START, type PathEvent, type PathModel } from '../path-model/model';

/**
 * The events the session graph is explored with: every operator event, every invoked actor's
 * completion (a grant, null, errors) and the stale delay, each with representative payloads.
 * Tokens: every sign-in yields token-1 and every refresh token-2, so a 401 for token-1 is "the
 * current token" before a refresh and "an old one" after it.
 */
const MINUTE = 60_000;
const signedIn = grant('token-1', sessionUser({ roles: ['OPERATOR', 'MANAGER'] }));
const refreshed = grant('token-2', sessionUser({ roles: ['OPERATOR', 'MANAGER'] }));
const storedFresh: StoredSession = { grant: signedIn, startedAt: PATH_CLOCK_START - MINUTE };
const storedStale: StoredSession = { grant: signedIn, startedAt: PATH_CLOCK_START - SESSION_STALE_AFTER_MS - MINUTE };

export const sessionPathEvents = [
  { type: 'xstate.done.actor.restoreSession', output: storedFresh },
  { type: 'xstate.done.actor.restoreSession', output: storedStale },
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.error.actor.restoreSession', error: { message: 'storage disabled' } },
  { type: 'xstate.done.actor.resumeWithProvider', output: signedIn },
  { type: 'xstate.done.actor.resumeWithProvider', output: null },
  { type: 'xstate.error.actor.resumeWithProvider', error: { message: 'provider unreachable' } },
  { type: 'session.signIn', email: 'ana@store.test', password: 'secret' },
  { type: 'xstate.done.actor.signIn', output: signedIn },
  { type: 'xstate.error.actor.signIn', error: { reason: 'credentials', message: 'wrong password' } },
  { type: 'xstate.error.actor.signIn', error: { reason: 'unavailable', message: 'provider unreachable' } },
  { type: 'session.tokenNeeded' },
  { type: 'session.tokenRejected', token: 'token-1' },
  { type: 'xstate.done.actor.refreshSession', output: refreshed },
  { type: 'xstate.error.actor.refreshSession', error: { message: 'refresh refused' } },
  { type: 'xstate.after.untilStale.session.signedIn.fresh' },
  { type: 'clock.jumped', ms: SESSION_STALE_AFTER_MS + 1 },
  { type: 'session.verify' },
  { type: 'xstate.done.actor.verifySession', output: refreshed },
  { type: 'xstate.error.actor.verifySession', error: { message: 'provider forgot the user' } },
  { type: 'session.switchRole', role: 'MANAGER' },
  { type: 'session.switchRole', role: 'ADMIN' },
  { type: 'session.signOut' },
  { type: 'session.expired' },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: { message: 'logout failed' } },
] satisfies readonly PathEvent<typeof sessionMachine>[];

export const sessionPathModel: PathModel<typeof sessionMachine> = { machine: sessionMachine, events: sessionPathEvents };
