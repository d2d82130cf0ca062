import { assign, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../api/errors';
import { cityOf, type SignupRefusal, type SignupRequest, type SignupResponse, type ValidateResponse } from '../../api/registration';
import type { Language } from '../../api/session';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { isAnswerLost } from '../shared/lost-answer';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Store registration (spec sections 3–5): the sign-up form, the validation e-mail, and
 * the validation link. One machine with two entries, so its graph holds every state the flow
 * names — editing → sending → emailSent (was_send_email_to_validate) → verifiedOk
 * (email_was_verified_ok) / verifiedError (email_was_verified_error):
 *
 *   starting ─(no link)→ editing ─registration.submit→ sending ─→ emailSent ─registration.resend→ emailSent.resending
 *                                  ↑   refused / unreachable ─┘        │
 *                                  └──────── registration.edit ────────┘
 *   starting ─(link)→ validating ─→ verifiedOk | verifiedError
 *                              └→ unreachable ─registration.retry→ validating
 *
 * /auth/register starts it without a link; /auth/validate/{email}/{token} with one. The e-mail's
 * link opens in a new tab as a new page load, so there is no event from emailSent to validating:
 * the link is the way in. Resending from the validate page (a refused link) is signing up again
 * with the same e-mail (the contract's "resend"), so that page links to /auth/register with the
 * e-mail filled. Effects are injected (registration/live.ts); journal entries are named actions.
 *
 * The password lives in this machine's memory only (the form values, for a resend or for going
 * back to the form); it never reaches the journal, a log or a URL.
 */

/** What the sign-up form holds. `city` and `street` make the address; `policy` is never sent. */
export interface SignupFormValues {
  store_name: string;
  name_op: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  /** Two-letter code. */
  country: string;
  /** The city as typed; only the text before its first comma is the city checked and sent. */
  city: string;
  street: string;
  policy: boolean;
}

export type SignupFormField = keyof SignupFormValues;

export const blankSignupValues = (email = ''): SignupFormValues => ({
  store_name: '',
  name_op: '',
  email,
  phone: '',
  password: '',
  password_confirmation: '',
  country: '',
  city: '',
  street: '',
  policy: false,
});

/**
 * The address as sent: the city first, so that the text before its first comma is the city
 * (spec section 5), then the street when one is given.
 */
export function addressOf(values: Pick<SignupFormValues, 'city' | 'street'>): string {
  const city = values.city.trim();
  const street = values.street.trim();
  return street === '' ? city : `${city}, ${street}`;
}

/**
 * The body of POST /stores/signup: the policy field (and the password confirmation, a check of
 * the form) removed before the call (spec section 5); the city is the address's text before the
 * first comma.
 */
export function signupRequestOf(values: SignupFormValues, language: Language): SignupRequest {
  const { policy: _policy, password_confirmation: _confirmation, city: _city, street: _street, ...sent } = values;
  const address = addressOf(values);
  return { ...sent, address, city: cityOf(address), language };
}

/**
 * Why a sign-up was not sent, for the form to say beside the right field:
 * - `refused`: the server named the field (409: the e-mail has an account; 422: the city is not
 *   valid or not served; a 400 naming a field as "field: message");
 * - `invalid`: a 400 naming no field (the server's message as it answered it);
 * - `notSent`: the server answered, but says the validation e-mail did not go out;
 * - `unreadable`: the server answered with something the console cannot read: its own
 *   message, not a connection problem;
 * - `unconfirmed`: no answer at all (timeout, dropped connection): the sign-up may have arrived and
 *   only the answer been lost. Sending it again is safe: the platform replaces a pending sign-up of
 *   the same e-mail and sends the same link again, so no second registration can come of it;
 * - `unreachable`: the server answered with a 5xx: nothing to fix, send again.
 */
export type SignupField = SignupRefusal['field'];
export type SignupFailure =
  | { kind: 'refused'; field: SignupField; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'notSent' }
  | { kind: 'unreadable' }
  | { kind: 'unconfirmed' }
  | { kind: 'unreachable' };

const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'address', 'store_name', 'phone', 'password', 'country'];
const isSignupField = (name: string): name is SignupField => (SIGNUP_FIELDS as readonly string[]).includes(name);

/**
 * The http client keeps a refusal's status and message, not its body, so the field is read from
 * the status the contract gives each refusal (409 e-mail, 422 address), or from a 400 message
 * that starts with the field's name.
 */
export function signupFailureOf(error: unknown): SignupFailure {
  if (isApiError(error) && error.kind === 'unexpected-response') return { kind: 'unreadable' };
  if (isAnswerLost(error)) return { kind: 'unconfirmed' };
  if (!isApiError(error) || error.kind !== 'http' || error.status === undefined) return { kind: 'unreachable' };
  if (error.status === 409) return { kind: 'refused', field: 'email', message: error.message };
  if (error.status === 422) return { kind: 'refused', field: 'address', message: error.message };
  if (error.status >= 400 && error.status < 500) {
    const named = /^(\w+):\s*(.*)$/s.exec(error.message);
    if (named && isSignupField(named[1])) return { kind: 'refused', field: named[1], message: named[2] };
    return { kind: 'invalid', message: error.message };
  }
  return { kind: 'unreachable' };
}

/** The form field a refusal belongs beside: the address is refused for its city. */
export const formFieldOf = (field: SignupField): SignupFormField => (field === 'address' ? 'city' : field);

/** A validation link the server refused (unknown, expired, already used): verified error. */
const isRefusedLink = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500;

export interface ValidationLink {
  email: string;
  token: string;
}

export interface RegistrationInput {
  /** /auth/validate/{email}/{token}: check this link. */
  link?: ValidationLink | null;
  /** /auth/register with an e-mail handed over in the history state (handed-email.ts): the form starts with it. */
  email?: string;
}

/** `loadFailure`: why the validation could not be made (unreachable), so an unreadable answer says so. */
export interface RegistrationContext extends LoadFailureContext {
  link: ValidationLink | null;
  /** What the form holds: kept through a refusal, the e-mail screen, and back to the form. */
  values: SignupFormValues;
  language: Language;
  failure: SignupFailure | null;
  /** The address the validation e-mail went to (lower case, as the server keeps it). */
  sentTo: string | null;
}

export type RegistrationEvent =
  | { type: 'registration.submit'; values: SignupFormValues; language: Language }
  /** The operator changed a field: a refusal about that field has been dealt with. */
  | { type: 'registration.fieldEdited'; field: SignupFormField }
  /** Check-your-inbox: send the validation e-mail again (signing up again with the same details). */
  | { type: 'registration.resend' }
  /** Check-your-inbox: back to the form, to correct the e-mail or another detail. */
  | { type: 'registration.edit' }
  /** The validation could not be made (no answer): try again. */
  | { type: 'registration.retry' };

export const registrationMachine = setup({
  types: {
    input: {} as RegistrationInput,
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    /** POST /stores/signup. */
    signUp: promiseNotProvided<SignupResponse, SignupRequest>('signUp'),
    /** PUT /stores/signup/validate/{email}/{token}. */
    validateLink: promiseNotProvided<ValidateResponse, ValidationLink>('validateLink'),
  },
  actions: {
    /** Appends registration.emailSent (was_send_email_to_validate). */
    recordEmailSent: (_, _params: { email: string; resend: boolean }) => {},
    /** Appends registration.verified (email_was_verified_ok). */
    recordVerified: (_, _params: { email: string }) => {},
    /** Appends registration.verificationFailed (email_was_verified_error). */
    recordVerificationFailed: (_, _params: { email: string }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasLink: ({ context }) => context.link !== null,
    emailWasSent: (_, params: { response: SignupResponse }) => params.response.was_send_email_to_validate,
    emailVerified: (_, params: { response: ValidateResponse }) => params.response.email_was_verified_ok,
    linkRefused: (_, params: { error: unknown }) => isRefusedLink(params.error),
    refusalOn: ({ context }, params: { field: SignupFormField }) =>
      context.failure?.kind === 'refused' && formFieldOf(context.failure.field) === params.field,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    link: input.link ?? null,
    values: blankSignupValues(input.email ?? input.link?.email ?? ''),
    language: 'en',
    failure: null,
    sentTo: null,
    loadFailure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Which page opened the flow: the validation link, or the sign-up form.',
      always: [{ guard: 'hasLink', target: 'validating' }, { target: 'editing' }],
    },
    editing: {
      description: 'The sign-up form; after a refusal it says why beside the field, with everything typed still there.',
      tags: 'form',
      on: {
        'registration.submit': {
          target: 'sending',
          actions: assign(({ event }) => ({ values: event.values, language: event.language, failure: null })),
        },
        'registration.fieldEdited': {
          guard: { type: 'refusalOn', params: ({ event }) => ({ field: event.field }) },
          actions: assign({ failure: null }),
        },
      },
    },
    sending: {
      description: 'POST /stores/signup, the policy field removed from the body.',
      tags: ['form', 'busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => signupRequestOf(context.values, context.language),
        onDone: [
          {
            guard: { type: 'emailWasSent', params: ({ event }) => ({ response: event.output }) },
            target: 'emailSent',
            actions: [
              assign({ sentTo: ({ context }) => context.values.email.trim().toLowerCase() }),
              { type: 'recordEmailSent', params: ({ context }) => ({ email: context.sentTo!, resend: false }) },
            ],
          },
          { target: 'editing', actions: assign({ failure: { kind: 'notSent' } }) },
        ],
        onError: {
          target: 'editing',
          actions: [assign({ failure: ({ event }) => signupFailureOf(event.error) }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    emailSent: {
      description: 'Validation e-mail sent (was_send_email_to_validate): check your inbox, or send it again.',
      initial: 'waiting',
      on: { 'registration.edit': { target: 'editing', actions: assign({ failure: null }) } },
      states: {
        waiting: { on: { 'registration.resend': 'resending' } },
        resending: {
          description: 'Signing up again with the same details: the server sends the e-mail again.',
          tags: 'busy',
          invoke: {
            id: 'resend',
            src: 'signUp',
            input: ({ context }) => signupRequestOf(context.values, context.language),
            onDone: [
              {
                guard: { type: 'emailWasSent', params: ({ event }) => ({ response: event.output }) },
                target: 'resent',
                actions: { type: 'recordEmailSent', params: ({ context }) => ({ email: context.sentTo!, resend: true }) },
              },
              { target: 'resendFailed' },
            ],
            onError: { target: 'resendFailed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resent: { description: '"We sent it again."', on: { 'registration.resend': 'resending' } },
        resendFailed: { description: '"We could not send it again": Send again retries.', on: { 'registration.resend': 'resending' } },
      },
    },
    validating: {
      description: 'PUT /stores/signup/validate/{email}/{token}, once, on arrival.',
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'validateLink',
        src: 'validateLink',
        input: ({ context }) => context.link!,
        onDone: [
          {
            guard: { type: 'emailVerified', params: ({ event }) => ({ response: event.output }) },
            target: 'verifiedOk',
            actions: { type: 'recordVerified', params: ({ context }) => ({ email: context.link!.email }) },
          },
          { target: 'verifiedError', actions: { type: 'recordVerificationFailed', params: ({ context }) => ({ email: context.link!.email }) } },
        ],
        onError: [
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'verifiedError',
            actions: { type: 'recordVerificationFailed', params: ({ context }) => ({ email: context.link!.email }) },
          },
          { target: 'unreachable', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    unreachable: {
      description: 'The validation could not be made (no answer from the server, or one the console cannot read): Retry.',
      on: { 'registration.retry': 'validating' },
    },
    verifiedOk: {
      description: 'email_was_verified_ok: the store is active; sign in with the e-mail filled.',
      type: 'final',
    },
    verifiedError: {
      description: 'email_was_verified_error: the link is unknown, expired or used; sign up again to get a new one, or sign in.',
      type: 'final',
    },
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** What the register and validate pages show. */
export type RegistrationStep = 'form' | 'emailSent' | 'validating' | 'unreachable' | 'verifiedOk' | 'verifiedError';

export function selectRegistrationStep(s: RegistrationSnapshot): RegistrationStep {
  if (s.hasTag('form') || s.matches('starting')) return 'form';
  if (s.matches('emailSent')) return 'emailSent';
  if (s.matches('validating')) return 'validating';
  if (s.matches('unreachable')) return 'unreachable';
  return s.matches('verifiedOk') ? 'verifiedOk' : 'verifiedError';
}

export const selectSending = (s: RegistrationSnapshot) => s.matches('sending');
export const selectSignupFailure = (s: RegistrationSnapshot) => s.context.failure;
/** The address the validation e-mail went to ('' before one was sent). */
export const selectSentTo = (s: RegistrationSnapshot) => s.context.sentTo ?? '';
export type ResendState = 'waiting' | 'resending' | 'resent' | 'resendFailed';
export const selectResendState = (s: RegistrationSnapshot): ResendState | null =>
  s.matches('emailSent') ? ((s.value as { emailSent: ResendState }).emailSent ?? null) : null;
