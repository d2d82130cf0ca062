import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import type { SignupRequest } from '../../src/api/registration';
import { CITY_CHECK_DEBOUNCE_MS } from '../../src/lib/constants';
import { cityCheckMachine, selectCityOutcome, type CityCheckResult, type CityQuery } from '../../src/machines/registration/city-check.machine';
import { createJournal } from '../../src/machines/journal/journal';
import { checkCity, liveRegistrationMachine } from '../../src/machines/registration/live';
import { registrationMachine, selectRegistrationStep, selectResendState, signupFailureOf, signupRequestOf, type SignupFormValues } from '../../src/machines/registration/machine';
import { setupTestBackend } from '../mocks/support';
import { deferred, settle, type Deferred } from '../support/deferred';
import { PATH_SIGNUP_VALUES } from '../../src/machines/registration/paths';

/**
 * The registration flow's machines: what the sign-up sends (never the policy), how refusals land
 * on the form's fields, the inbox screen's resend, the validation link (once per page, whatever
 * React does to the actor), and the city check's debounce and its dropping of stale answers. The
 * live machine runs against the real mock backend (msw/node): assertions read what it holds.
 */
const backend = setupTestBackend();
beforeAll(() => configureHttp({ baseURL: backend.current.ctx.apiBaseUrl }));

const SIGNUP = 'POST /stores/signup';
const refusal = (status: number, message = 'refused') => new ApiError({ kind: 'http', status, operation: SIGNUP, message });
const values = (overrides: Partial<SignupFormValues> = {}): SignupFormValues => ({ ...PATH_SIGNUP_VALUES, ...overrides });
/** A new address per test: the mock backend keeps registrations for the whole file. */
let counter = 0;
const freshEmail = () => `new.store.${++counter}.${Date.now()}@bakery.test`;

describe('the sign-up body', () => {
  it('drops the policy and the confirmation, puts the city first in the address and sends only the text before its first comma as the city', () => {
    const request = signupRequestOf(values({ city: ' València, Comunitat Valenciana ', street: ' Carrer de la Pau 7 ' }), 'es');
    expect(request).not.toHaveProperty('policy');
    expect(request).not.toHaveProperty('password_confirmation');
    expect(request).toEqual({
      store_name: 'Forn Nou',
      name_op: 'Marta Puig',
      email: ' Marta@FornNou.test ',
      phone: '+34 600 111 222',
      password: 'pa55-word-long',
      country: 'ES',
      address: 'València, Comunitat Valenciana, Carrer de la Pau 7',
      city: 'València',
      language: 'es',
    } satisfies SignupRequest);
  });

  it('reads a refusal for the field it names (409 e-mail, 422 address, a 400 "field: …"), a 5xx as unreachable, and no answer as unconfirmed', () => {
    expect(signupFailureOf(refusal(409))).toEqual({ kind: 'refused', field: 'email', message: 'refused' });
    expect(signupFailureOf(refusal(422, 'We do not operate in Murcia yet'))).toEqual({ kind: 'refused', field: 'address', message: 'We do not operate in Murcia yet' });
    expect(signupFailureOf(refusal(400, 'phone: too short'))).toEqual({ kind: 'refused', field: 'phone', message: 'too short' });
    expect(signupFailureOf(refusal(400, 'policy: unrecognized key'))).toEqual({ kind: 'invalid', message: 'policy: unrecognized key' });
    expect(signupFailureOf(refusal(503))).toEqual({ kind: 'unreachable' });
    // No answer at all: the sign-up may have arrived (issue 23); sending it again is safe.
    expect(signupFailureOf(new ApiError({ kind: 'timeout', operation: SIGNUP, message: 'timed out' }))).toEqual({ kind: 'unconfirmed' });
    expect(signupFailureOf(new ApiError({ kind: 'network', operation: SIGNUP, message: 'connection dropped' }))).toEqual({ kind: 'unconfirmed' });
    expect(signupFailureOf(new Error('boom'))).toEqual({ kind: 'unreachable' });
  });
});

/** The machine with a fake sign-up each test answers by hand. */
function harness() {
  const calls: Array<{ request: SignupRequest; reply: Deferred<{ was_send_email_to_validate: boolean }> }> = [];
  const recorded: Array<{ email: string; resend: boolean }> = [];
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        signUp: fromPromise<{ was_send_email_to_validate: boolean }, SignupRequest>(({ input }) => {
          const reply = deferred<{ was_send_email_to_validate: boolean }>();
          calls.push({ request: input, reply });
          return reply.promise;
        }),
      },
      actions: { recordEmailSent: (_, params) => recorded.push(params) },
    }),
    { input: { email: 'prefilled@bakery.test' } },
  ).start();
  return { actor, calls, recorded };
}

describe('registration machine', () => {
  it('starts on the form with the e-mail it was given (handed over in the history state) filled', () => {
    const { actor } = harness();
    expect(selectRegistrationStep(actor.getSnapshot())).toBe('form');
    expect(actor.getSnapshot().context.values.email).toBe('prefilled@bakery.test');
  });

  it('keeps every value through a refusal, then clears the refusal once its field is edited', async () => {
    const { actor, calls } = harness();
    actor.send({ type: 'registration.submit', values: values(), language: 'en' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    calls[0].reply.reject(refusal(422, 'We do not operate in Murcia yet'));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ values: values(), failure: { kind: 'refused', field: 'address' } });
    // Another field changing leaves the refusal; the city (the address's field) clears it.
    actor.send({ type: 'registration.fieldEdited', field: 'phone' });
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: 'registration.fieldEdited', field: 'city' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('an answer saying the e-mail did not go out stays on the form and says so', async () => {
    const { actor, calls, recorded } = harness();
    actor.send({ type: 'registration.submit', values: values(), language: 'en' });
    calls[0].reply.resolve({ was_send_email_to_validate: false });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'notSent' });
    expect(recorded).toEqual([]);
  });

  it('resends with the same body from the inbox screen, and records each e-mail (never the password)', async () => {
    const { actor, calls, recorded } = harness();
    actor.send({ type: 'registration.submit', values: values(), language: 'es' });
    calls[0].reply.resolve({ was_send_email_to_validate: true });
    await settle();
    expect(selectRegistrationStep(actor.getSnapshot())).toBe('emailSent');
    actor.send({ type: 'registration.resend' });
    expect(selectResendState(actor.getSnapshot())).toBe('resending');
    expect(calls[1].request).toEqual(calls[0].request);
    calls[1].reply.reject(refusal(503));
    await settle();
    expect(selectResendState(actor.getSnapshot())).toBe('resendFailed');
    actor.send({ type: 'registration.resend' });
    calls[2].reply.resolve({ was_send_email_to_validate: true });
    await settle();
    expect(selectResendState(actor.getSnapshot())).toBe('resent');
    expect(recorded).toEqual([
      { email: 'marta@fornnou.test', resend: false },
      { email: 'marta@fornnou.test', resend: true },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('pa55');
  });
});

describe('registration, live against the mock backend', () => {
  it('signs up, sends the e-mail again, validates the link and records the flags in the journal', async () => {
    const journal = createJournal();
    const email = freshEmail();
    const actor = createActor(liveRegistrationMachine({ journal }), { input: {} }).start();
    actor.send({ type: 'registration.submit', values: values({ email, city: 'valencia', street: 'Carrer de la Pau 7' }), language: 'en' });
    await waitFor(actor, (s) => s.matches('emailSent'), { timeout: 5000 });
    actor.send({ type: 'registration.resend' });
    await waitFor(actor, (s) => s.matches({ emailSent: 'resent' }), { timeout: 5000 });

    // What the server holds: one pending registration, sent twice, with no policy and no password in clear.
    const registration = (backend.current.devkit.records('registrations') as Array<Record<string, unknown>>).find((r) => r.email === email)!;
    expect(registration).toMatchObject({ email, city: 'valencia', city_name: 'València', address: 'valencia, Carrer de la Pau 7', sends: 2, validatedAt: null });
    expect(registration).not.toHaveProperty('policy');
    expect(JSON.stringify(registration)).not.toContain('pa55-word-long');
    const mails = backend.current.devkit.outbox().filter((m) => m.to === email);
    expect(mails.map((m) => m.kind)).toEqual(['signupValidation', 'signupValidation']);

    const [, , , rawEmail, token] = mails[1].link.split('/');
    const validation = createActor(liveRegistrationMachine({ journal }), { input: { link: { email: decodeURIComponent(rawEmail), token: decodeURIComponent(token) } } }).start();
    await waitFor(validation, (s) => s.status === 'done', { timeout: 5000 });
    expect(selectRegistrationStep(validation.getSnapshot())).toBe('verifiedOk');
    expect(journal.events().map((e) => e.type)).toEqual(['registration.emailSent', 'registration.emailSent', 'registration.verified']);
    expect(journal.state().registration).toEqual({ email, was_send_email_to_validate: true, email_was_verified_ok: true, email_was_verified_error: false });
    expect(JSON.stringify(journal.export())).not.toContain('pa55-word-long');
  });

  it('an e-mail that already has an account is refused on the e-mail field', async () => {
    const actor = createActor(liveRegistrationMachine({ journal: createJournal() }), { input: {} }).start();
    actor.send({ type: 'registration.submit', values: values({ email: 'demo@store.test' }), language: 'en' });
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 5000 });
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'refused', field: 'email' });
  });

  it('a refused link is verified error; the page validates a link once however often its actor restarts', async () => {
    const journal = createJournal();
    const puts: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'PUT') puts.push(request.url);
    };
    backend.current.server.events.on('request:start', listener);
    try {
      const machine = liveRegistrationMachine({ journal });
      const link = { email: 'nobody@bakery.test', token: 'not-a-token' };
      // StrictMode and @xstate/react's rehydration start the page's actor twice: both read one answer.
      const first = createActor(machine, { input: { link } }).start();
      const second = createActor(machine, { input: { link } }).start();
      await waitFor(second, (s) => s.status === 'done', { timeout: 5000 });
      await waitFor(first, (s) => s.status === 'done', { timeout: 5000 });
      expect(selectRegistrationStep(second.getSnapshot())).toBe('verifiedError');
      expect(puts).toHaveLength(1);
      expect(journal.state().registration).toMatchObject({ email: 'nobody@bakery.test', email_was_verified_error: true });
    } finally {
      backend.current.server.events.removeListener('request:start', listener);
    }
  });
});

const ask = (city: string, email = ''): Promise<CityCheckResult> => checkCity({ country: 'ES', city, email });

describe('city check', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the platform about the text before the first comma: served, unknown, not served, already taken by this e-mail', async () => {
    expect(await ask('valencia', 'someone.new@bakery.test')).toEqual({ valid: true, city: 'València', served: true, available: true });
    expect(await ask('Springfield')).toEqual({ valid: false, city: null, served: null, available: null });
    expect(await ask('Murcia', 'someone.new@bakery.test')).toEqual({ valid: true, city: 'Murcia', served: false, available: false });
    expect(await ask('València', 'demo@store.test')).toEqual({ valid: true, city: 'València', served: true, available: false });
    // Without an e-mail only validatecity is asked.
    expect(await ask('Madrid')).toEqual({ valid: true, city: 'Madrid', served: null, available: null });
  });

  it('waits for a pause in the typing, and drops the answer to a question the operator has typed past', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked: Array<{ query: CityQuery; reply: Deferred<CityCheckResult> }> = [];
    const actor = createActor(
      cityCheckMachine.provide({
        actors: {
          checkCity: fromPromise<CityCheckResult, CityQuery>(({ input }) => {
            const reply = deferred<CityCheckResult>();
            asked.push({ query: input, reply });
            return reply.promise;
          }),
        },
      }),
    ).start();
    const type = (address: string) => actor.send({ type: 'city.changed', country: 'ES', address, email: '' });

    for (const prefix of ['V', 'Va', 'Val', 'Vale', 'Valencia']) {
      type(prefix);
      await vi.advanceTimersByTimeAsync(CITY_CHECK_DEBOUNCE_MS / 4);
    }
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(CITY_CHECK_DEBOUNCE_MS);
    expect(asked.map((a) => a.query.city)).toEqual(['Valencia']);

    // Typed on while Valencia was being checked: Madrid is asked, and Valencia's late answer is dropped.
    type('Madrid');
    await vi.advanceTimersByTimeAsync(CITY_CHECK_DEBOUNCE_MS);
    expect(asked.map((a) => a.query.city)).toEqual(['Valencia', 'Madrid']);
    asked[1].reply.resolve({ valid: true, city: 'Madrid', served: null, available: null });
    await settle();
    asked[0].reply.resolve({ valid: false, city: null, served: null, available: null });
    await settle();
    expect(selectCityOutcome(actor.getSnapshot())).toBe('accepted');
    expect(actor.getSnapshot().context.result?.city).toBe('Madrid');

    // Typing after the comma asks nothing new.
    type('Madrid, Spain');
    await vi.advanceTimersByTimeAsync(CITY_CHECK_DEBOUNCE_MS * 2);
    expect(asked).toHaveLength(2);
    expect(selectCityOutcome(actor.getSnapshot())).toBe('accepted');
    actor.stop();
  });
});
