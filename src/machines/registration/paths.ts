import { ApiError } from '../../api/errors';
import { IdentityError } from '../../api/identity';
import { cityCheckMachine, type CityCheckResult } from './city-check.machine';
import { recoveryMachine } from './recovery.machine';
import { registrationMachine, type SignupFormValues } from './machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the registration flow's machines are explored with (issue 8): the sign-up form and
 * its check-your-inbox screen, the validation link, the city check made while typing, and the
 * password recovery — each with the server's (or the identity provider's) answers: accepted,
 * refused for a reason the operator can fix, and no answer at all.
 */

// ---- registration ---------------------------------------------------------------------------

/** What the operator typed: the policy ticked (the machine drops it from the body). */
export const PATH_SIGNUP_VALUES: SignupFormValues = {
  store_name: 'Forn Nou',
  name_op: 'Marta Puig',
  email: ' Marta@FornNou.test ',
  phone: '+34 600 111 222',
  password: 'pa55-word-long',
  password_confirmation: 'pa55-word-long',
  country: 'ES',
  city: 'València',
  street: 'Carrer de la Pau 7',
  policy: true,
};

const SIGNUP = 'POST /stores/signup';
export const PATH_EMAIL_TAKEN = new ApiError({ kind: 'http', status: 409, operation: SIGNUP, message: 'An account already uses this e-mail: sign in, or reset its password' });
export const PATH_SIGNUP_OFFLINE = new ApiError({ kind: 'network', operation: SIGNUP, message: 'could not reach the server' });
export const PATH_LINK_REFUSED = new ApiError({
  kind: 'http',
  status: 400,
  operation: 'PUT /stores/signup/validate/{email}/{token}',
  message: 'This validation link has expired: sign up again to receive a new one',
});
export const PATH_VALIDATE_TIMEOUT = new ApiError({ kind: 'timeout', operation: 'PUT /stores/signup/validate/{email}/{token}', message: 'timed out' });
export const PATH_LINK = { email: 'marta@fornnou.test', token: '5f1c0ffee5f1c0ffee5f1c0ffee5f1c0' };

export const registrationPathEvents = [
  { type: 'registration.submit', values: PATH_SIGNUP_VALUES, language: 'es' },
  { type: 'registration.fieldEdited', field: 'email' },
  { type: 'registration.resend' },
  { type: 'registration.edit' },
  { type: 'registration.retry' },
  { type: 'xstate.done.actor.signUp', output: { was_send_email_to_validate: true } },
  { type: 'xstate.done.actor.signUp', output: { was_send_email_to_validate: false } },
  { type: 'xstate.error.actor.signUp', error: PATH_EMAIL_TAKEN },
  { type: 'xstate.error.actor.signUp', error: PATH_SIGNUP_OFFLINE },
  { type: 'xstate.done.actor.resend', output: { was_send_email_to_validate: true } },
  { type: 'xstate.done.actor.resend', output: { was_send_email_to_validate: false } },
  { type: 'xstate.error.actor.resend', error: PATH_SIGNUP_OFFLINE },
  { type: 'xstate.done.actor.validateLink', output: { email_was_verified_ok: true } },
  { type: 'xstate.done.actor.validateLink', output: { email_was_verified_ok: false } },
  { type: 'xstate.error.actor.validateLink', error: PATH_LINK_REFUSED },
  { type: 'xstate.error.actor.validateLink', error: PATH_VALIDATE_TIMEOUT },
] satisfies readonly PathEvent<typeof registrationMachine>[];

/** /auth/register: the form, empty. */
export const registrationPathModel: PathModel<typeof registrationMachine> = {
  machine: registrationMachine,
  input: {},
  events: registrationPathEvents,
};

/** /auth/validate/{email}/{token}: the link of the validation e-mail. */
export const registrationLinkPathModel: PathModel<typeof registrationMachine> = {
  ...registrationPathModel,
  input: { link: PATH_LINK },
};

// ---- city check ---------------------------------------------------------------------------

const typed = (address: string, email = 'marta@fornnou.test', country = 'ES') => ({ type: 'city.changed' as const, country, address, email });

export const PATH_CITY_SERVED: CityCheckResult = { valid: true, city: 'València', served: true, available: true };

export const cityCheckPathEvents = [
  typed('València, Carrer de la Pau 7'),
  // The same question: the city before the first comma has not changed (nor has its case-blind spelling).
  typed('VALÈNCIA, Spain'),
  // Another question: a new city, and no e-mail yet (only validatecity is asked).
  typed('Madrid', ''),
  // Nothing to ask: no country.
  typed('Madrid', '', ''),
  { type: 'xstate.after.typingPause.cityCheck.waiting' },
  { type: 'xstate.done.actor.checkCity', output: PATH_CITY_SERVED },
  { type: 'xstate.done.actor.checkCity', output: { valid: false, city: null, served: null, available: null } },
  { type: 'xstate.done.actor.checkCity', output: { valid: true, city: 'València', served: false, available: false } },
  { type: 'xstate.done.actor.checkCity', output: { valid: true, city: 'València', served: true, available: false } },
  { type: 'xstate.error.actor.checkCity', error: new ApiError({ kind: 'network', operation: 'POST /stores/lookups/validatecity/{country}/{address}', message: 'offline' }) },
] satisfies readonly PathEvent<typeof cityCheckMachine>[];

export const cityCheckPathModel: PathModel<typeof cityCheckMachine> = { machine: cityCheckMachine, events: cityCheckPathEvents };

// ---- recovery -----------------------------------------------------------------------------

export const recoveryPathEvents = [
  { type: 'recovery.send', email: ' marta@fornnou.test ' },
  { type: 'recovery.retry' },
  { type: 'recovery.again' },
  { type: 'xstate.done.actor.sendReset' },
  { type: 'xstate.error.actor.sendReset', error: new IdentityError('credentials', 'auth/invalid-email') },
  { type: 'xstate.error.actor.sendReset', error: new IdentityError('unavailable', 'auth/network-request-failed') },
] satisfies readonly PathEvent<typeof recoveryMachine>[];

export const recoveryPathModel: PathModel<typeof recoveryMachine> = { machine: recoveryMachine, input: {}, events: recoveryPathEvents };
