import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../mocks/backend';
import { createDb, type OutboxMessage } from '../../mocks/db';
import { findCity, foldPlaceName, servedCities } from '../../mocks/gazetteer';
import { VALIDATION_LINK_TTL_MS } from '../../mocks/handlers/registration';
import { createStoragePersistence } from '../../mocks/persistence';
import { scenarios } from '../../scenarios';
import { AccountListSchema } from '../../src/api/accounts';
import { LookupsSchema } from '../../src/api/lookups';
import {
  RequiredCityResponseSchema,
  SignupRefusalSchema,
  SignupResponseSchema,
  ValidateCityResponseSchema,
  ValidateResponseSchema,
  requiredCity,
  signUp,
  validateCity,
  validateSignup,
  type SignupRequest,
} from '../../src/api/registration';
import { SessionGrantSchema } from '../../src/api/session';
import { HomeDataWireSchema, StoreProfileWireSchema } from '../../src/api/stores';
import { createPrng, seedFrom } from '../../mocks/random';
import { inconsistencies } from './consistency';
import { API, DEMO, connectHttpToTestBackend, identitySignIn, identityUrl, postJson, setupTestBackend, storeCall } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ now: NOW });

let sequence = 0;
/** A sign-up form as the console sends it (policy removed), for a new e-mail each time. */
function form(overrides: Partial<SignupRequest> = {}): SignupRequest {
  sequence += 1;
  return {
    store_name: 'Horno San Onofre',
    name_op: 'Marta Ruiz Gil',
    email: `marta${sequence}@horno-sanonofre.test`,
    phone: '+34 600 111 222',
    password: 'masa-madre-2026',
    country: 'ES',
    address: 'Madrid, Calle de San Onofre 3',
    city: 'Madrid',
    language: 'es',
    ...overrides,
  };
}

const signup = (body: unknown) => postJson(`${API}/stores/signup`, body);
const validate = (email: string, token: string) =>
  fetch(`${API}/stores/signup/validate/${encodeURIComponent(email)}/${encodeURIComponent(token)}`, { method: 'PUT' });
const cityCheck = (country: string, city: string) => fetch(`${API}/stores/lookups/validatecity/${encodeURIComponent(country)}/${encodeURIComponent(city)}`, { method: 'POST' });
const required = (country: string, city: string, email: string) =>
  fetch(`${API}/stores/lookups/requiredcity/${[country, city, email].map(encodeURIComponent).join('/')}`, { method: 'POST' });
const availabilityOf = async (country: string, city: string, email: string) => RequiredCityResponseSchema.parse(await (await required(country, city, email)).json());
const resetPassword = (email: string) => postJson(identityUrl('sendOobCode'), { requestType: 'PASSWORD_RESET', email });

const outbox = () => backend.current.devkit.outbox();
const lastMailTo = (email: string): OutboxMessage => {
  const message = outbox().findLast((m) => m.to === email);
  if (!message) throw new Error(`No e-mail to ${email}`);
  return message;
};
/** The e-mail and token of a validation link, as the console's route reads them. */
function linkParts(link: string): { email: string; token: string } {
  const match = /^\/auth\/validate\/([^/]+)\/([^/]+)$/.exec(link);
  if (!match) throw new Error(`Not a validation link: ${link}`);
  return { email: decodeURIComponent(match[1]), token: decodeURIComponent(match[2]) };
}

async function signedUp(overrides: Partial<SignupRequest> = {}): Promise<SignupRequest & { token: string; link: string }> {
  const body = form(overrides);
  const response = await signup(body);
  expect(response.status).toBe(200);
  const { link } = lastMailTo(body.email.toLowerCase());
  return { ...body, link, token: linkParts(link).token };
}

async function refusalOf(response: Response) {
  return SignupRefusalSchema.parse(await response.json());
}

beforeEach(() => backend.current.devkit.clearOutbox());

describe('POST /stores/signup', () => {
  it('records the registration without the password and sends the validation link to the outbox', async () => {
    const body = form();
    const response = await signup(body);
    expect(response.status).toBe(200);
    expect(SignupResponseSchema.parse(await response.json())).toEqual({ was_send_email_to_validate: true });

    const mail = outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: body.email, kind: 'signupValidation', subject: 'Confirma tu e-mail para abrir Horno San Onofre' });
    expect(mail[0].sentAt).toBeGreaterThanOrEqual(NOW);
    const { email, token } = linkParts(mail[0].link);
    expect(email).toBe(body.email);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(mail[0].link).toBe(`/auth/validate/${encodeURIComponent(body.email)}/${token}`);

    const stored = backend.current.db.registrations.findFirst((q) => q.where({ email: body.email }));
    expect(stored).toMatchObject({ store_name: 'Horno San Onofre', city: 'Madrid', city_name: 'Madrid', country: 'ES', token, sends: 1, validatedAt: null });
    expect(JSON.stringify(stored)).not.toContain(body.password);
    expect(stored?.passwordHash).toMatch(/^pbkdf2-sha256\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    // Nothing can sign in yet.
    expect((await identitySignIn(body.email, body.password)).status).toBe(400);
  });

  it('makes the validation token random, not a function of the e-mail and the moment (issue #23)', async () => {
    const first = await signedUp();
    const stored = backend.current.db.registrations.findFirst((q) => q.where({ email: first.email }))!;
    // What the token used to be: a PRNG seeded with the e-mail and the sign-up's time, so guessable.
    const prng = createPrng(seedFrom(`signup:${first.email}:${stored.createdAt}`));
    let guess = '';
    while (guess.length < 32) guess += Math.floor(prng.next() * 2 ** 32).toString(16).padStart(8, '0');
    expect(first.token).toMatch(/^[0-9a-f]{32}$/);
    expect(first.token).not.toBe(guess.slice(0, 32));
  });

  it('refuses a body with the form’s policy field (400 naming it): the console must remove it', async () => {
    const response = await signup({ ...form(), policy: true });
    expect(response.status).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/policy/);
    expect(outbox()).toEqual([]);
  });

  it('accepts what the api client sends: signUp() drops a stray policy key before the call', async () => {
    await connectHttpToTestBackend(backend);
    const body = form();
    await expect(signUp({ ...body, policy: true } as SignupRequest)).resolves.toEqual({ was_send_email_to_validate: true });
    const { token } = linkParts(lastMailTo(body.email).link);
    await expect(validateSignup(body.email, token)).resolves.toEqual({ email_was_verified_ok: true });
    await expect(validateCity('ES', 'valencia, Carrer de la Pau 7')).resolves.toEqual({ valid: true, city: 'València' });
    await expect(requiredCity('ES', 'Madrid, Gran Vía 1', body.email.toUpperCase())).resolves.toEqual({ served: true, available: false });
  });

  it('answers 400 with the field for a bad value, a city that is not cityOf(address) or an unknown country', async () => {
    const badEmail = await signup(form({ email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ field: 'email' });

    const shortPassword = await signup(form({ password: 'short' }));
    expect(shortPassword.status).toBe(400);
    expect(await shortPassword.json()).toMatchObject({ field: 'password' });

    const mismatch = await signup(form({ address: 'Madrid, Calle Mayor 1', city: 'Barcelona' }));
    expect(mismatch.status).toBe(400);
    expect(await refusalOf(mismatch)).toEqual({ field: 'address', message: 'city: must be the address\'s text before the first comma ("Madrid"), not "Barcelona"' });

    const country = await signup(form({ country: 'XX' }));
    expect(country.status).toBe(400);
    expect(await refusalOf(country)).toEqual({ field: 'country', message: 'country: XX is not a known two-letter country code' });

    expect((await postJson(`${API}/stores/signup`, undefined)).status).toBe(400);
    expect(outbox()).toEqual([]);
  });

  it('answers 409 { field: email } when an operator account already uses the e-mail, in any case', async () => {
    for (const email of [DEMO.email, 'Demo@Store.TEST']) {
      const response = await signup(form({ email }));
      expect(response.status).toBe(409);
      expect(await refusalOf(response)).toEqual({ field: 'email', message: 'An account already uses this e-mail: sign in, or reset its password' });
    }
    expect(outbox()).toEqual([]);
  });

  it('answers 422 { field: address } for a city it cannot find or does not serve', async () => {
    const unknown = await signup(form({ address: 'Atlantis, Calle Mayor 1', city: 'Atlantis' }));
    expect(unknown.status).toBe(422);
    expect(await refusalOf(unknown)).toEqual({ field: 'address', message: 'We cannot find "Atlantis" in Spain' });

    const unserved = await signup(form({ address: 'toledo, Calle Ancha 4', city: 'toledo' }));
    expect(unserved.status).toBe(422);
    expect(await refusalOf(unserved)).toEqual({ field: 'address', message: 'We do not operate in Toledo yet' });

    const abroad = await signup(form({ country: 'FR', address: 'Paris, 12 rue de Rivoli', city: 'Paris' }));
    expect(abroad.status).toBe(422);
    expect(outbox()).toEqual([]);
  });

  it('signing up again while pending re-sends the same link with the latest details', async () => {
    const first = await signedUp();
    const resend = await signup(form({ email: first.email, store_name: 'Horno de San Onofre', password: 'otra-clave-segura', language: 'en' }));
    expect(resend.status).toBe(200);
    expect(SignupResponseSchema.parse(await resend.json())).toEqual({ was_send_email_to_validate: true });

    const mails = outbox().filter((m) => m.to === first.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].link).toBe(first.link);
    expect(mails[1].subject).toBe('Confirm your e-mail to open Horno de San Onofre');
    expect(backend.current.db.registrations.findMany((q) => q.where({ email: first.email }))).toHaveLength(1);
    expect(backend.current.db.registrations.findFirst((q) => q.where({ email: first.email }))).toMatchObject({ sends: 2, store_name: 'Horno de San Onofre', language: 'en' });

    // Either e-mail's link opens the account with the latest details.
    expect(ValidateResponseSchema.parse(await (await validate(first.email, first.token)).json())).toEqual({ email_was_verified_ok: true });
    expect((await identitySignIn(first.email, 'otra-clave-segura')).status).toBe(200);
    expect((await identitySignIn(first.email, first.password)).status).toBe(400);
    const store = backend.current.db.stores.findFirst((q) => q.where({ email: first.email }));
    expect(store?.name).toBe('Horno de San Onofre');
  });
});

describe('PUT /stores/signup/validate/{email}/{token}', () => {
  it('creates the operator and an empty store that looks like empty-store’s, then signs in to an empty overview', async () => {
    const { db } = backend.current;
    const before = { stores: db.stores.count(), operators: db.operators.count() };
    const body = await signedUp({ email: 'Nuria.Vidal@Forn-Nou.test', store_name: 'Forn Nou', name_op: 'Núria Vidal', address: 'valència, Carrer de Sueca 12', city: 'valència', language: 'en' });
    const email = 'nuria.vidal@forn-nou.test';
    expect(linkParts(body.link).email).toBe(email);

    const response = await validate(email, body.token);
    expect(response.status).toBe(200);
    expect(ValidateResponseSchema.parse(await response.json())).toEqual({ email_was_verified_ok: true });
    expect({ stores: db.stores.count(), operators: db.operators.count() }).toEqual({ stores: before.stores + 1, operators: before.operators + 1 });

    // The identity provider knows the new account; the platform opens a session on its new store.
    const signIn = await identitySignIn('NURIA.vidal@forn-nou.test', body.password);
    expect(signIn.status).toBe(200);
    const { idToken, localId } = (await signIn.json()) as { idToken: string; localId: string };
    expect(localId).toMatch(/^[A-Za-z0-9]{28}$/);
    const lookup = await postJson(identityUrl('lookup'), { idToken });
    expect(((await lookup.json()) as { users: Array<{ email: string }> }).users[0].email).toBe(email);
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken })).json());
    expect(grant.user.operator).toMatchObject({ email, name_op: 'Núria Vidal', first_name: 'Núria', role: 'STORE_ADMIN', rolesList: { roles: ['STORE_ADMIN'] }, preferences: { language: 'en' } });
    const storeId = grant.user.store.id;
    expect(grant.user.operator.currentAccount).toBe(storeId);
    expect(grant.user.store.name).toBe('Forn Nou');
    // Placed near València's centre (within 2.5 km), where the geocoder also puts its address.
    expect(Math.abs(grant.user.store.lat - 39.4699)).toBeLessThan(0.03);
    expect(Math.abs(grant.user.store.lon + 0.3763)).toBeLessThan(0.04);

    const token = grant.token;
    const home = HomeDataWireSchema.parse(await (await storeCall('/stores/home', token)).json());
    expect(home).toMatchObject({ offers_qty: 0, today_sales: 0, received_orders: 0, current_Offers: 0, rating_qty: 0, reviews: [], annual_income: 0, items_rescued: 0 });

    const profile = StoreProfileWireSchema.parse(await (await storeCall(`/stores/profile/${storeId}`, token)).json());
    expect(profile).toMatchObject({
      name: 'Forn Nou',
      description: '',
      email,
      phone: '+34 600 111 222',
      address: { address_print: 'valència, Carrer de Sueca 12', city: 'València', country: 'ES', postal_code: '' },
      color: '#0B6BCB',
      sms_send: true,
      sms_text: 'Forn Nou: your order is ready. Code {code}.',
      devices: [],
      devicesAllowed: 1,
      notifications: [],
      special_terms: { accept_date: null },
    });
    expect(profile.apiKey).toMatch(/^sk_mock_[0-9a-f]{32}$/);
    // No billing yet: the settings form starts blank.
    expect((await storeCall(`/stores/profile/billing/${storeId}`, token)).status).toBe(404);
    for (const lang of ['en', 'es']) {
      const lookups = await storeCall(`/stores/lookups/getall/${storeId}?lang=${lang}`, token);
      expect(lookups.status).toBe(200);
      expect(LookupsSchema.parse(await lookups.json()).offer_type.length).toBeGreaterThan(0);
    }
    const accounts = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=store&limit=10&offset=0', token)).json());
    expect(accounts.data.map((a) => [a.kind, a.holder, a.store_name])).toEqual([['operator', email, 'Forn Nou']]);

    // The same shape as empty-store's freshly signed-up store: same fields, segments and option groups.
    const reference = createDb();
    await scenarios['empty-store'].seed(reference, NOW);
    const [emptyStore] = reference.stores.all();
    expect(Object.keys(profile).sort()).toEqual(Object.keys(StoreProfileWireSchema.parse(emptyStore)).sort());
    const labels = (storeIdOf: number, d: typeof db) => d.earnings.findMany((q) => q.where({ store_id: storeIdOf })).map((e) => [e.label, e.min_orders, e.color]);
    expect(labels(storeId, db)).toEqual(labels(emptyStore.id, reference));
    const lookupsOf = (storeIdOf: number, d: typeof db) => d.lookups.findMany((q) => q.where({ store_id: storeIdOf })).map(({ store_id: _, ...rest }) => rest);
    expect(lookupsOf(storeId, db)).toEqual(lookupsOf(emptyStore.id, reference));

    // Ids stay unique beside the scenario's records, and the data keeps every seeded rule.
    for (const name of ['accounts', 'earnings', 'stores', 'operators'] as const) {
      const ids = db[name].all().map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(inconsistencies(db)).toEqual([]);
    expect(db.registrations.findFirst((q) => q.where({ email }))).toMatchObject({ operatorId: grant.user.operator.id, storeId });
  });

  it('answers ok again for a link that already validated, creating nothing', async () => {
    const body = await signedUp();
    expect((await validate(body.email, body.token)).status).toBe(200);
    const counts = { stores: backend.current.db.stores.count(), operators: backend.current.db.operators.count() };
    const again = await validate(body.email, body.token);
    expect(again.status).toBe(200);
    expect(ValidateResponseSchema.parse(await again.json())).toEqual({ email_was_verified_ok: true });
    expect({ stores: backend.current.db.stores.count(), operators: backend.current.db.operators.count() }).toEqual(counts);
    // The e-mail now has an account: signing up with it again is a 409.
    expect((await signup(form({ email: body.email }))).status).toBe(409);
  });

  it('answers 400 { email_was_verified_ok: false } for a bad token, an unknown e-mail or an expired link', async () => {
    const body = await signedUp();
    const invalid = 'This validation link is not valid: sign up again to receive a new one';
    for (const [email, token] of [
      [body.email, 'f'.repeat(32)],
      [body.email, body.token.toUpperCase()],
      ['nobody@store.test', body.token],
    ]) {
      const response = await validate(email, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ email_was_verified_ok: false, message: invalid });
    }

    const { db } = backend.current;
    await db.registrations.update((q) => q.where({ email: body.email }), {
      data(draft) {
        draft.sentAt = backend.current.ctx.now() - VALIDATION_LINK_TTL_MS - 1000;
      },
    });
    const expired = await validate(body.email, body.token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ email_was_verified_ok: false, message: 'This validation link has expired: sign up again to receive a new one' });
    expect(db.operators.findFirst((q) => q.where({ email: body.email }))).toBeUndefined();

    // Signing up again sends the same link with a new 72 hours.
    expect((await signup(form({ email: body.email }))).status).toBe(200);
    expect(lastMailTo(body.email).link).toBe(body.link);
    expect((await validate(body.email, body.token)).status).toBe(200);
  });
});

describe('city checks', () => {
  it('validatecity matches without case, accents or extra spaces and answers the platform’s name', async () => {
    const cases: Array<[string, string, string | null]> = [
      ['ES', 'valencia', 'València'],
      ['ES', '  VALÈNCIA  ', 'València'],
      ['es', 'Valencia', 'València'],
      ['ES', 'la coruna', 'A Coruña'],
      ['ES', "l'hospitalet  de llobregat", "L'Hospitalet de Llobregat"],
      ['ES', 'donostia', 'Donostia-San Sebastián'],
      ['PT', 'lisbon', 'Lisboa'],
      ['PT', 'GUIMARAES', 'Guimarães'],
      ['FR', 'nimes', 'Nîmes'],
      ['IT', 'Florence', 'Firenze'],
      ['DE', 'munchen', 'München'],
      ['GB', 'newcastle', 'Newcastle upon Tyne'],
      ['US', 'new york city', 'New York'],
      ['ES', 'Paris', null],
      ['US', 'Springfield', null],
      ['JP', 'Tokyo', null],
    ];
    for (const [country, city, name] of cases) {
      const response = await cityCheck(country, city);
      expect({ country, city, status: response.status }).toEqual({ country, city, status: 200 });
      expect(ValidateCityResponseSchema.parse(await response.json())).toEqual({ valid: name !== null, city: name });
    }
  });

  it('requiredcity: served where the platform operates, available unless the e-mail already has a store there', async () => {
    await expect(availabilityOf('ES', 'madrid', 'someone@new.test')).resolves.toEqual({ served: true, available: true });
    await expect(availabilityOf('PT', 'oporto', 'someone@new.test')).resolves.toEqual({ served: true, available: true });
    await expect(availabilityOf('ES', 'Toledo', 'someone@new.test')).resolves.toEqual({ served: false, available: false });
    await expect(availabilityOf('FR', 'Paris', 'someone@new.test')).resolves.toEqual({ served: false, available: false });
    await expect(availabilityOf('ES', 'Atlantis', 'someone@new.test')).resolves.toEqual({ served: false, available: false });
    // The demo operator runs Forn de la Llotja in València.
    await expect(availabilityOf('ES', 'valencia', 'DEMO@store.test')).resolves.toEqual({ served: true, available: false });
    await expect(availabilityOf('ES', 'Madrid', DEMO.email)).resolves.toEqual({ served: true, available: true });
  });

  it('answers 400 for a country code not on the list, and requiredcity for a malformed e-mail', async () => {
    for (const response of [await cityCheck('XX', 'Madrid'), await cityCheck('ESP', 'Madrid'), await required('ZZ', 'Madrid', 'a@b.test')]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/is not a known two-letter country code/);
    }
    const email = await required('ES', 'Madrid', 'not-an-email');
    expect(email.status).toBe(400);
    expect(((await email.json()) as { message: string }).message).toMatch(/^email: /);
  });

  it('the gazetteer: every served city is a city it knows, and folding is stable', () => {
    expect(servedCities().map((c) => `${c.country} ${c.name}`)).toEqual(expect.arrayContaining(['ES València', 'ES Madrid', 'ES Barcelona', 'PT Lisboa', 'PT Porto']));
    for (const city of servedCities()) expect(findCity(city.country, foldPlaceName(city.name).toUpperCase())).toBe(city);
    expect(foldPlaceName('  Vitoria–Gasteiz ')).toBe('vitoria gasteiz');
  });
});

describe('password reset (the identity provider’s sendOobCode)', () => {
  it('puts a reset message in the outbox only for an e-mail with an account; the answer is the same', async () => {
    const known = await resetPassword('Demo@Store.test');
    const unknown = await resetPassword('nobody@store.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys((await known.json()) as object).sort()).toEqual(Object.keys((await unknown.json()) as object).sort());
    const mail = outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: DEMO.email, kind: 'passwordReset', subject: 'Reset your password' });
    expect(mail[0].link).toMatch(/^\/auth\/recovery\?mode=resetPassword&oobCode=[0-9a-f]{48}&apiKey=mock-api-key&lang=en$/);
  });

  it('writes to a new operator in the language of its sign-up', async () => {
    const body = await signedUp({ language: 'es' });
    await validate(body.email, body.token);
    expect((await resetPassword(body.email)).status).toBe(200);
    expect(lastMailTo(body.email)).toMatchObject({ kind: 'passwordReset', subject: 'Restablece tu contraseña' });
  });

  it('devkit.clearOutbox empties it', async () => {
    await resetPassword(DEMO.email);
    expect(outbox()).toHaveLength(1);
    backend.current.devkit.clearOutbox();
    expect(outbox()).toEqual([]);
    expect(backend.current.devkit.records('outbox')).toEqual([]);
  });
});

describe('faults by the contract’s operation names', () => {
  it('fail each call by its name; no outbox message for a failed sign-up', async () => {
    const { devkit } = backend.current;
    const body = form();
    devkit.fail('POST /stores/signup', 503, { times: 1 });
    expect((await signup(body)).status).toBe(503);
    expect(outbox()).toEqual([]);
    expect((await signup(body)).status).toBe(200);
    const { token } = linkParts(lastMailTo(body.email).link);

    devkit.fail('PUT /stores/signup/validate/{email}/{token}', 500, { times: 1 });
    expect((await validate(body.email, token)).status).toBe(500);
    expect(backend.current.db.operators.findFirst((q) => q.where({ email: body.email }))).toBeUndefined();
    expect((await validate(body.email, token)).status).toBe(200);

    devkit.fail('POST /stores/lookups/validatecity/{country}/{address}', 'offline', { times: 1 });
    await expect(cityCheck('ES', 'Madrid')).rejects.toThrow(TypeError);
    expect((await cityCheck('ES', 'Madrid')).status).toBe(200);

    devkit.fail('POST /stores/lookups/requiredcity/{country}/{address}/{email}', 502, { times: 1 });
    expect((await required('ES', 'Madrid', 'a@b.test')).status).toBe(502);
    expect((await required('ES', 'Madrid', 'a@b.test')).status).toBe(200);

    devkit.fail('POST identitytoolkit/v1/accounts:sendOobCode', 503, { times: 1 });
    expect((await resetPassword(DEMO.email)).status).toBe(503);
    expect(outbox().filter((m) => m.kind === 'passwordReset')).toEqual([]);
  });
});

/** A "page load": a backend restored from localStorage, whose handlers take over the test server. */
async function load() {
  const loaded = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'default', now: () => Date.now(), journal: () => undefined, persistence: createStoragePersistence() });
  backend.current.server.resetHandlers();
  backend.current.server.use(...loaded.handlers);
  return loaded;
}

describe('persistence: a sign-up survives a reload (the validation link opens a new page)', () => {
  beforeAll(() => localStorage.clear());
  afterAll(() => {
    backend.current.server.resetHandlers();
    localStorage.clear();
  });

  it('keeps the pending registration and the outbox, validates after the reload and signs in', async () => {
    const first = await load();
    const body = form({ email: 'reload@horno.test' });
    expect((await signup(body)).status).toBe(200);
    const sent = first.devkit.outbox();
    expect(sent).toHaveLength(1);

    // The page reloads: a new backend from localStorage.
    const second = await load();
    expect(second.devkit.outbox()).toEqual(sent);
    expect(second.db.registrations.findFirst((q) => q.where({ email: body.email }))?.validatedAt).toBeNull();
    const { email, token } = linkParts(sent[0].link);
    expect((await validate(email, token)).status).toBe(200);

    // And again: the new account and its store are there, and sign in.
    const third = await load();
    const signIn = await identitySignIn(body.email, body.password);
    expect(signIn.status).toBe(200);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken })).json());
    expect(grant.user.store.name).toBe('Horno San Onofre');
    expect(third.db.registrations.findFirst((q) => q.where({ email: body.email }))?.storeId).toBe(grant.user.store.id);
    expect(third.devkit.outbox()).toEqual(sent);
  });
});
