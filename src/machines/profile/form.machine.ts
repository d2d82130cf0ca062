import { isApiError } from '../../api/errors';
import type { Operator } from '../../api/session';
import type { OperatorProfileInput } from '../../api/settings';
import type { MessageKey } from '../../i18n';
import { createSettingsFormMachine } from '../settings/form.machine';

/**
 * The operator's own profile page (/profile/{id}): name, phone and language, saved with
 * POST /stores/operator/profile. One typed instance of the settings form flow
 * (settings/form.machine.ts): loading → editing → saving → editing.saved / editing.failed, with
 * the unsaved-changes flag the leave guard reads. What it loads is the signed-in operator as the
 * session holds it: the platform has no GET for an operator's profile.
 */
export function profileValuesOf(operator: Operator): OperatorProfileInput {
  return { name_op: operator.name_op, phone: operator.phone, preferences: { language: operator.preferences.language } };
}

/**
 * Why POST /stores/operator/profile failed, in the spec's words: a refusal (4xx) is "Error to post
 * admin info", anything else (the server failing, no connection) "Error in update Admin store".
 * The Operators tab, the profile page and its language switch all say it the same way.
 */
export function operatorProfileFailure(error: unknown): MessageKey {
  const refused = isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500;
  return refused ? 'settings.security.postFailed' : 'settings.security.updateFailed';
}

export const profileFormMachine = createSettingsFormMachine<Operator, OperatorProfileInput>({
  id: 'profileForm',
  valuesOf: profileValuesOf,
  // Whatever the cause, the values stay and Save sends them again.
  failureOf: operatorProfileFailure,
});
