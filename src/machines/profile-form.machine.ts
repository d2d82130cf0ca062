import type { Operator } from '../api/session';
import type { OperatorProfileInput } from '../api/settings';
import { createSettingsFormMachine } from './settings-form.machine';

/**
 * The operator's own profile page (/profile/{id}): name, phone and language, saved with
 * POST /stores/operator/profile. One typed instance of the settings form flow
 * (settings-form.machine.ts): loading → editing → saving → editing.saved / editing.failed, with
 * the unsaved-changes flag the leave guard reads. What it loads is the signed-in operator as the
 * session holds it: the platform has no GET for an operator's profile.
 */
export function profileValuesOf(operator: Operator): OperatorProfileInput {
  return { name_op: operator.name_op, phone: operator.phone, preferences: { language: operator.preferences.language } };
}

export const profileFormMachine = createSettingsFormMachine<Operator, OperatorProfileInput>({
  id: 'profileForm',
  valuesOf: profileValuesOf,
  // Every value is checked in the form with the same schema as the server's, so a refusal is
  // rare; whatever the cause, the values stay and Save sends them again.
  failureOf: () => 'profile.saveFailed',
});
