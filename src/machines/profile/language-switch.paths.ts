import { ApiError } from '../../api/errors';
import type { Operator } from '../../api/session';
import { languageSwitchMachine } from './language-switch.machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the profile page's language switch is explored with: the operator choosing Spanish
 * or English, the server saving the choice, and the server refusing it.
 */
export const PATH_OPERATOR_IN_SPANISH: Operator = {
  id: 11,
  email: 'ana@store.test',
  name_op: 'Ana García',
  phone: '+34 600 000 001',
  role: 'STORE_ADMIN',
  rolesList: { roles: ['STORE_ADMIN'] },
  currentAccount: 1,
  preferences: { language: 'es' },
};

export const PATH_LANGUAGE_REFUSED = new ApiError({ kind: 'http', status: 400, operation: 'POST /stores/operator/profile', message: 'Bad request' });

export const languageSwitchPathEvents = [
  { type: 'language.choose', language: 'es' },
  { type: 'language.choose', language: 'en' },
  { type: 'xstate.done.actor.save', output: PATH_OPERATOR_IN_SPANISH },
  { type: 'xstate.error.actor.save', error: PATH_LANGUAGE_REFUSED },
] satisfies readonly PathEvent<typeof languageSwitchMachine>[];

export const languageSwitchPathModel: PathModel<typeof languageSwitchMachine> = {
  machine: languageSwitchMachine,
  input: { language: 'en' },
  events: languageSwitchPathEvents,
};
