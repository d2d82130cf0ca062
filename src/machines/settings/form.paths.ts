import type { Account } from '../../api/accounts';
import { ApiError } from '../../api/errors';
import type { OperatorProfileInput } from '../../api/settings';
import { operatorProfileFormMachine, type OperatorProfileData } from './live';
import { sessionUser } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the settings form graph is explored with. The machine is one factory for every
 * settings tab; the plan explores the Operators tab's instance (store 1):
 * - the load's answers: Ana's profile with the store's operator account, and a failure;
 * - the operator's form: typing a new name, phone and language, typing the old values back, Save
 *   (also Save again after a failure), Retry after a failed load;
 * - the save's outcomes: the saved operator and a refusal (400 → "Error to post admin info").
 *   Which message a failure shows is an assignment, not a transition, so one failure covers the
 *   graph; tests/machines/settings-form.test.ts proves the mapping of each kind of failure.
 */
const op = 'POST /stores/operator/profile';
const account: Account = { id: 7, store_id: 1, store_name: 'Bakery Sol', kind: 'operator', holder: 'ana@store.test' };
const operator = sessionUser().operator;

export const loadedOperator: OperatorProfileData = { operator, accounts: [account] };
export const savedProfile: OperatorProfileInput = { name_op: 'Ana', phone: '+34 600 000 001', preferences: { language: 'en' } };
export const typedProfile: OperatorProfileInput = { name_op: 'Ana María', phone: '+34 622 222 222', preferences: { language: 'es' } };

export const settingsFormPathEvents = [
  { type: 'xstate.done.actor.load', output: loadedOperator },
  { type: 'xstate.error.actor.load', error: new ApiError({ kind: 'network', message: 'offline', operation: 'GET /stores/accounts' }) },
  { type: 'form.retryLoad' },
  // The draft a reload left behind: none, one typed before the reload, or storage that fails to read.
  { type: 'xstate.done.actor.readDraft', output: null },
  { type: 'xstate.done.actor.readDraft', output: typedProfile },
  { type: 'xstate.error.actor.readDraft', error: new Error('storage is not available') },
  { type: 'form.changed', values: typedProfile },
  { type: 'form.changed', values: savedProfile },
  { type: 'form.submit', values: typedProfile },
  { type: 'xstate.done.actor.save', output: { operator: { ...operator, ...typedProfile }, accounts: [account] } },
  { type: 'xstate.error.actor.save', error: new ApiError({ kind: 'http', status: 400, message: 'phone: Enter a valid phone number', operation: op }) },
] satisfies readonly PathEvent<typeof operatorProfileFormMachine>[];

export const settingsFormPathModel: PathModel<typeof operatorProfileFormMachine> = {
  machine: operatorProfileFormMachine,
  input: { storeId: 1 },
  events: settingsFormPathEvents,
};
