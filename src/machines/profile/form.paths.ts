import { ApiError } from '../../api/errors';
import type { Operator } from '../../api/session';
import type { OperatorProfileInput } from '../../api/settings';
import { profileFormMachine } from './form.machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the profile page's form is explored with: the session's operator loaded, the
 * operator changing the language (and changing it back), saving, a save the server answers and
 * one it refuses, and a load that fails.
 */
export const PATH_OPERATOR: Operator = {
  id: 11,
  email: 'ana@store.test',
  name_op: 'Ana García',
  phone: '+34 600 000 001',
  role: 'STORE_ADMIN',
  rolesList: { roles: ['STORE_ADMIN', 'STORE_OPERATOR'] },
  currentAccount: 1,
  preferences: { language: 'en' },
};

export const PATH_IN_SPANISH: OperatorProfileInput = { name_op: 'Ana García', phone: '+34 600 000 001', preferences: { language: 'es' } };
export const PATH_AS_LOADED: OperatorProfileInput = { name_op: 'Ana García', phone: '+34 600 000 001', preferences: { language: 'en' } };
export const PATH_SAVED_OPERATOR: Operator = { ...PATH_OPERATOR, preferences: { language: 'es' } };

export const PATH_SAVE_ERROR = new ApiError({ kind: 'http', status: 503, operation: 'POST /stores/operator/profile', message: 'Service unavailable' });

export const profileFormPathEvents = [
  { type: 'form.changed', values: PATH_IN_SPANISH },
  { type: 'form.changed', values: PATH_AS_LOADED },
  { type: 'form.submit', values: PATH_IN_SPANISH },
  { type: 'form.retryLoad' },
  { type: 'xstate.done.actor.load', output: PATH_OPERATOR },
  { type: 'xstate.error.actor.load', error: new Error('No operator is signed in') },
  { type: 'xstate.done.actor.readDraft', output: null },
  { type: 'xstate.done.actor.readDraft', output: PATH_IN_SPANISH },
  { type: 'xstate.error.actor.readDraft', error: new Error('storage is not available') },
  { type: 'xstate.done.actor.save', output: PATH_SAVED_OPERATOR },
  { type: 'xstate.error.actor.save', error: PATH_SAVE_ERROR },
] satisfies readonly PathEvent<typeof profileFormMachine>[];

export const profileFormPathModel: PathModel<typeof profileFormMachine> = {
  machine: profileFormMachine,
  input: { storeId: 1 },
  events: profileFormPathEvents,
};
