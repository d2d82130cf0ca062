import { ApiError } from '../../api/errors';
import type { StoreProfile } from '../../api/stores';
import { storeProfileMachine } from './profile.machine';
import { storeProfile } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

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
