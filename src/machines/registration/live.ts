import { fromPromise } from 'xstate';
import { isApiError } from '../../api/errors';
import { sendPasswordReset } from '../../api/identity';
import { requiredCity, signUp, validateCity, validateSignup, type SignupRequest, type ValidateResponse } from '../../api/registration';
import { now } from '../../lib/clock';
import { cityCheckMachine, type CityCheckResult, type CityQuery } from './city-check.machine';
import type { Journal } from '../journal/journal';
import { recoveryMachine } from './recovery.machine';
import { registrationMachine, type ValidationLink } from './machine';

/**
 * The registration, city check and recovery machines with their real effects. They live
 * here, not in live.ts, so the registration API module is pulled in only by the lazily loaded
 * public pages that use it.
 *
 * Logs describe a failure by its kind, status and operation only: a sign-up body holds the
 * password, so no request, body or form value is ever logged.
 */
const describe = (error: unknown) => (isApiError(error) ? error.toJSON() : error instanceof Error ? error.name : 'unknown error');

export function liveRegistrationMachine({ journal }: { journal: Journal }) {
  /**
   * One PUT per link for this page: React's StrictMode (and @xstate/react's rehydration) stops
   * and restarts the actor on mount, which would start the validation again, and a link is good
   * for one use — the second call would be refused and the page would say the link is invalid.
   * A call that failed is forgotten, so Retry asks again.
   */
  const validations = new Map<string, Promise<ValidateResponse>>();
  const validateOnce = ({ email, token }: ValidationLink) => {
    const key = JSON.stringify([email, token]);
    let call = validations.get(key);
    if (!call) {
      call = validateSignup(email, token);
      validations.set(key, call);
      call.catch(() => validations.delete(key));
    }
    return call;
  };
  return registrationMachine.provide({
    actors: {
      signUp: fromPromise(({ input }: { input: SignupRequest }) => signUp(input)),
      validateLink: fromPromise(({ input }: { input: ValidationLink }) => validateOnce(input)),
    },
    actions: {
      recordEmailSent: (_, { email, resend }) => journal.append({ type: 'registration.emailSent', at: now(), email, resend }),
      recordVerified: (_, { email }) => journal.append({ type: 'registration.verified', at: now(), email: email.trim().toLowerCase() }),
      recordVerificationFailed: (_, { email }) => journal.append({ type: 'registration.verificationFailed', at: now(), email: email.trim().toLowerCase() }),
      logFailure: (_, { error }) => console.info('Registration call failed', describe(error)),
    },
  });
}

/**
 * validatecity, then requiredcity when the e-mail is an address and the city exists. A check the
 * machine has stopped (the operator typed on) still completes its request — the api functions
 * take no abort signal — but its answer goes nowhere: a stopped actor's result is dropped.
 */
export async function checkCity(query: CityQuery): Promise<CityCheckResult> {
  const known = await validateCity(query.country, query.city);
  if (!known.valid || query.email === '') return { valid: known.valid, city: known.city, served: null, available: null };
  const required = await requiredCity(query.country, query.city, query.email);
  return { valid: true, city: known.city, served: required.served, available: required.available };
}

export function liveCityCheckMachine() {
  return cityCheckMachine.provide({
    actors: { checkCity: fromPromise(({ input }: { input: CityQuery }) => checkCity(input)) },
    actions: { logFailure: (_, { error }) => console.info('City check failed', describe(error)) },
  });
}

export function liveRecoveryMachine() {
  return recoveryMachine.provide({
    actors: { sendReset: fromPromise(({ input }: { input: { email: string } }) => sendPasswordReset(input.email)) },
    actions: { logFailure: (_, { error }) => console.info('Password reset could not be sent', describe(error)) },
  });
}
