import { ApiError } from '../../src/api/errors';
import type { StoreProfile } from '../../src/api/stores';
import { storeProfileMachine } from '../../src/machines/store-profile.machine';
import { storeProfile } from './fixtures';
import type { PathEvent, PathModel } from './paths';

/**
 * The events the shell's store profile graph is explored with: the profile loads or fails, and
 * it is reloaded from either outcome.
 */
export const PATH_STORE_PROFILE: StoreProfile = storeProfile();

export const storeProfilePathEvents = [
  { type: 'storeProfile.reload' },
  { type: 'xstate.done.actor.loadProfile', output: PATH_STORE_PROFILE },
  { type: 'xstate.error.actor.loadProfile', error: new ApiError({ kind: 'http', status: 500, operation: 'GET /stores/profile/{id}', message: 'Internal error' }) },
] satisfies readonly PathEvent<typeof storeProfileMachine>[];

export const storeProfilePathModel: PathModel<typeof storeProfileMachine> = {
  machine: storeProfileMachine,
  input: { storeId: 1 },
  events: storeProfilePathEvents,
};
