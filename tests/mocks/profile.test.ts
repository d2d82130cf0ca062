import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../mocks/backend';
import { createDb, restoreDb, snapshotDb } from '../../mocks/db';
import { createStoragePersistence } from '../../mocks/persistence';
import { MAX_NOTIFICATIONS, NEW_ORDER_CLICK_ACTION, scheduleNewOrderPushes, type Push } from '../../mocks/pushes';
import { MINUTE_MS, seconds } from '../../mocks/time';
import { scenarios } from '../../scenarios';
import { ibanRemainder, spanishIban } from '../../scenarios/builders';
import { fornDeLaLlotja } from '../../scenarios/catalogues';
import { ApiError } from '../../src/api/errors';
import { OperatorWireSchema, SessionGrantSchema } from '../../src/api/session';
import {
  BillingSchema,
  DevicesWireSchema,
  StoreMediaResponseSchema,
  acceptTerms,
  getBilling,
  postDevices,
  renewApiKey,
  saveBilling,
  saveOperatorProfile,
  saveStoreBasic,
  saveStoreConfig,
  type Billing,
  type StoreBasicInput,
} from '../../src/api/settings';
import { StoreProfileWireSchema, getStoreProfile } from '../../src/api/stores';
import { API, DEMO, connectHttpToTestBackend, identityUrl, idTokenFor, postJson, setupTestBackend, storeCall } from './support';

// A Wednesday morning in the default bakery (Forn de la Llotja, store 101, two devices of three allowed).
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

const db = () => backend.current.db;
const storeRecord = () => db().stores.findFirst((q) => q.where({ id: STORE }))!;
const billingRecord = () => db().billing.findFirst((q) => q.where({ store_id: STORE }));
const deviceAccounts = () => db().accounts.findMany((q) => q.where({ store_id: STORE, kind: 'device' })).map((a) => a.holder);
const demoOperator = () => db().operators.findFirst((q) => q.where({ email: DEMO.email }))!;
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
/** `auth` null: without a session. */
const post = (path: string, body?: unknown, auth: string | null = token) =>
  storeCall(path, auth ?? undefined, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function failure(response: Promise<Response>): Promise<{ status: number; message: string }> {
  const answer = await response;
  return { status: answer.status, message: await messageOf(answer) };
}

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** The db survives a snapshot and a restore (what the browser does on reload) with `check` still true. */
async function afterReload(check: (reloaded: ReturnType<typeof createDb>) => void): Promise<void> {
  const reloaded = createDb();
  expect(await restoreDb(reloaded, JSON.parse(JSON.stringify(snapshotDb(db(), NOW))))).toBe(true);
  check(reloaded);
}

const basic = (overrides: Partial<StoreBasicInput> = {}): StoreBasicInput => ({
  id: STORE,
  name: 'Forn de la Llotja (Mercat)',
  description: 'Bread from the wood oven since 1921.',
  email: 'botiga@forn-llotja.test',
  phone: '+34 963 00 11 22',
  address: { address_print: 'Plaça del Mercat 36, 46001 València', city: 'València', country: 'ES', postal_code: '46001' },
  ...overrides,
});

describe('every Profile call', () => {
  it('answers 401 without a session', async () => {
    const calls: Array<[string, string]> = [
      ['POST', '/stores/profile/basic'],
      ['POST', '/stores/profile/media'],
      ['POST', '/stores/profile/mediacover'],
      ['POST', '/stores/profile/devices'],
      ['POST', '/stores/profile/devices/apikey'],
      ['POST', '/stores/profile/config'],
      ['POST', '/stores/operator/profile'],
      ['GET', `/stores/profile/billing/${STORE}`],
      ['POST', `/stores/profile/billing/${STORE}`],
      ['POST', `/stores/profile/accept_conditions/${STORE}`],
    ];
    for (const [method, path] of calls) {
      const response = await storeCall(path, undefined, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect([path, response.status]).toEqual([path, 401]);
    }
  });
});

describe('POST /stores/profile/basic', () => {
  it('saves the business info and the picked position (lat/lon follow), answers the profile and keeps it over a reload', async () => {
    const saved = await saveStoreBasic(basic({ address_lat: 39.4745, address_lon: -0.3789 }));
    expect(saved).toMatchObject({ id: STORE, name: 'Forn de la Llotja (Mercat)', email: 'botiga@forn-llotja.test', lat: 39.4745, lon: -0.3789 });
    expect(storeRecord()).toMatchObject({
      name: 'Forn de la Llotja (Mercat)',
      description: 'Bread from the wood oven since 1921.',
      phone: '+34 963 00 11 22',
      address: basic().address,
      address_lat: 39.4745,
      address_lon: -0.3789,
      lat: 39.4745,
      lon: -0.3789,
    });
    // The answer is the platform's profile, exactly its fields.
    const raw = (await (await post('/stores/profile/basic', basic())).json()) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(Object.keys(StoreProfileWireSchema.shape).sort());
    expect((await getStoreProfile(STORE)).name).toBe('Forn de la Llotja (Mercat)');
    // The store switcher's accounts carry the store's name.
    expect(db().accounts.findMany((q) => q.where({ store_id: STORE })).map((a) => a.store_name)).toEqual(
      expect.arrayContaining(['Forn de la Llotja (Mercat)']),
    );
    expect(db().accounts.findMany((q) => q.where({ store_id: STORE })).every((a) => a.store_name === 'Forn de la Llotja (Mercat)')).toBe(true);
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))).toMatchObject({ name: 'Forn de la Llotja (Mercat)', address_lat: 39.4745 }));
  });

  it('keeps the position when none is given and clears the picked one with two nulls (the server’s lat/lon stay)', async () => {
    await saveStoreBasic(basic({ address_lat: 39.47, address_lon: -0.37 }));
    await saveStoreBasic(basic({ name: 'Forn de la Llotja' }));
    expect(storeRecord()).toMatchObject({ name: 'Forn de la Llotja', address_lat: 39.47, address_lon: -0.37 });
    const cleared = await saveStoreBasic(basic({ address_lat: null, address_lon: null }));
    expect(storeRecord()).toMatchObject({ address_lat: null, address_lon: null, lat: 39.47, lon: -0.37 });
    expect(cleared).toMatchObject({ lat: 39.47, lon: -0.37 });
  });

  it('answers 400 with the field’s problem, 403 for another store', async () => {
    const before = storeRecord();
    const cases: Array<[unknown, number, string]> = [
      [{ ...basic(), name: '  ' }, 400, 'name: is required'],
      [{ ...basic(), email: 'not-an-email' }, 400, 'email: Enter a valid e-mail address'],
      [{ ...basic(), phone: 'call me' }, 400, 'phone: Enter a valid phone number'],
      [{ ...basic(), website: 'https://forn.test' }, 400, 'Unrecognized key: "website"'],
      [{ ...basic(), address: { ...basic().address, floor: '2' } }, 400, 'address: Unrecognized key: "floor"'],
      // Half a position: the api schema's own rule (src/api/settings.ts) answers first.
      [{ ...basic(), address_lat: 39.47 }, 400, 'address_lon: Give both coordinates of the position, or neither'],
      [{ ...basic(), address_lat: null, address_lon: -0.37 }, 400, 'address_lon: Give both coordinates of the position, or neither'],
      // A null with a missing one passes the schema (both are "no position") but is still half a change.
      [{ ...basic(), address_lat: null }, 400, 'address_lon: give it with address_lat (two numbers set the position, two nulls clear it)'],
      [{ ...basic(), address_lat: 91, address_lon: 0 }, 400, 'address_lat: Too big: expected number to be <=90'],
      [{ ...basic(), id: 102 }, 403, "Store 102 is not the operator's current store"],
    ];
    for (const [body, status, message] of cases) await expect(failure(post('/stores/profile/basic', body))).resolves.toEqual({ status, message });
    await expect(failure(storeCall('/stores/profile/basic', token, { method: 'POST' }))).resolves.toEqual({ status: 400, message: 'The request needs a JSON body' });
    expect(storeRecord()).toEqual(before);
  });
});

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const jpeg = () => new Blob([JPEG], { type: 'image/jpeg' });
const png = () => new Blob([PNG], { type: 'image/png' });

function mediaForm(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.type === 'image/png' ? 'image.png' : 'image.jpg');
  }
  return form;
}

/** The upload as the upload machine sends it: multipart, the session header, no JSON content type. */
const upload = (path: string, form: FormData, auth: string | null = token) =>
  fetch(`${API}${path}`, { method: 'POST', headers: auth ? { 'X-Access-Token': auth } : {}, body: form });

describe('POST /stores/profile/media and /stores/profile/mediacover', () => {
  it('stores a jpeg avatar, a png logo and a jpeg cover as data URLs and answers the three images', async () => {
    const { cover } = storeRecord();
    const avatar = await upload('/stores/profile/media', mediaForm({ store_id: String(STORE), avatar_image: jpeg() }));
    expect(avatar.status).toBe(200);
    const jpegUrl = `data:image/jpeg;base64,${base64(JPEG)}`;
    const pngUrl = `data:image/png;base64,${base64(PNG)}`;
    expect(StoreMediaResponseSchema.parse(await avatar.json())).toMatchObject({ avatar: jpegUrl, cover });

    const logo = await upload('/stores/profile/media', mediaForm({ store_id: String(STORE), logo_image: png() }));
    expect(StoreMediaResponseSchema.parse(await logo.json())).toEqual({ avatar: jpegUrl, logo: pngUrl, cover });

    const newCover = await upload('/stores/profile/mediacover', mediaForm({ store_id: String(STORE), cover_image: jpeg() }));
    expect(await newCover.json()).toEqual({ avatar: jpegUrl, logo: pngUrl, cover: jpegUrl });
    expect(storeRecord()).toMatchObject({ avatar: jpegUrl, logo: pngUrl, cover: jpegUrl });
    expect(await getStoreProfile(STORE)).toMatchObject({ avatar: jpegUrl, logo: pngUrl, cover: jpegUrl });
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))).toMatchObject({ avatar: jpegUrl, logo: pngUrl, cover: jpegUrl }));
  });

  it('refuses a gif, both images at once, none, unknown fields, another store and a JSON body', async () => {
    const before = storeRecord();
    const id = String(STORE);
    const cases: Array<[string, FormData, number, string]> = [
      ['/stores/profile/media', mediaForm({ store_id: id, avatar_image: new Blob([GIF], { type: 'image/gif' }) }), 400, 'avatar_image: only JPEG and PNG images are accepted'],
      ['/stores/profile/media', mediaForm({ store_id: id, avatar_image: jpeg(), logo_image: png() }), 400, 'logo_image: one image at a time (avatar_image is also set)'],
      ['/stores/profile/media', mediaForm({ store_id: id }), 400, 'avatar_image: required (or logo_image)'],
      ['/stores/profile/media', mediaForm({ store_id: id, cover_image: jpeg() }), 400, 'cover_image: unknown field (the cover goes to /stores/profile/mediacover)'],
      ['/stores/profile/media', mediaForm({ avatar_image: jpeg() }), 400, 'store_id: required'],
      ['/stores/profile/media', mediaForm({ store_id: '102', avatar_image: jpeg() }), 403, "Store 102 is not the operator's current store"],
      ['/stores/profile/media', mediaForm({ store_id: id, avatar_image: new Blob([PNG], { type: 'image/jpeg' }) }), 400, 'avatar_image: the file is not a valid JPEG image'],
      ['/stores/profile/mediacover', mediaForm({ store_id: id, cover_image: new Blob([GIF], { type: 'image/gif' }) }), 400, 'cover_image: only JPEG and PNG images are accepted'],
      ['/stores/profile/mediacover', mediaForm({ store_id: id, avatar_image: jpeg() }), 400, 'avatar_image: unknown field (avatar_image and logo_image go to /stores/profile/media)'],
      ['/stores/profile/mediacover', mediaForm({ store_id: id, template_id: '3', cover_image: jpeg() }), 400, 'template_id: unknown field'],
      ['/stores/profile/mediacover', mediaForm({ store_id: id }), 400, 'cover_image: required'],
      ['/stores/profile/mediacover', mediaForm({ store_id: '102', cover_image: jpeg() }), 403, "Store 102 is not the operator's current store"],
    ];
    for (const [path, form, status, message] of cases) await expect(failure(upload(path, form))).resolves.toEqual({ status, message });
    await expect(failure(post('/stores/profile/media', { store_id: STORE }))).resolves.toEqual({ status: 400, message: 'The request needs a multipart/form-data body' });
    expect((await upload('/stores/profile/mediacover', mediaForm({ store_id: id, cover_image: jpeg() }), null)).status).toBe(401);
    expect(storeRecord()).toEqual(before);
  });
});

describe('POST /stores/profile/devices', () => {
  it('reads the devices with an empty body or none', async () => {
    const expected = { devicesAllowed: storeRecord().devicesAllowed, devices: storeRecord().devices };
    expect(expected.devices).toHaveLength(2);
    expect(DevicesWireSchema.parse(await (await post('/stores/profile/devices', {})).json())).toEqual(expected);
    expect(await (await storeCall('/stores/profile/devices', token, { method: 'POST' })).json()).toEqual(expected);
    const read = await postDevices();
    expect(read.devices.map((d) => d.registered_at)).toEqual(expected.devices.map((d) => d.registered_at * 1000));
  });

  it('never lowers the allowance below the devices registered; unregisters devices (and their accounts) first', async () => {
    const before = storeRecord();
    await expect(failure(post('/stores/profile/devices', { devicesAllowed: 1 }))).resolves.toEqual({
      status: 400,
      message: 'devicesAllowed: 2 devices are registered; unregister some first',
    });
    await expect(failure(post('/stores/profile/devices', { remove: [before.devices[0].id, 9999] }))).resolves.toEqual({ status: 404, message: 'Device 9999 not found' });
    expect(storeRecord()).toEqual(before);

    const raised = await postDevices({ devicesAllowed: 5 });
    expect(raised.devicesAllowed).toBe(5);
    const [gone, kept] = before.devices;
    expect(deviceAccounts()).toContain(gone.name);
    // Unregistering and lowering in one call: the allowance is checked against what remains.
    const answer = DevicesWireSchema.parse(await (await post('/stores/profile/devices', { remove: [gone.id], devicesAllowed: 1 })).json());
    expect(answer).toEqual({ devicesAllowed: 1, devices: [kept] });
    expect(storeRecord()).toMatchObject({ devicesAllowed: 1, devices: [kept] });
    expect(deviceAccounts()).toEqual([kept.name]);
    await expect(failure(post('/stores/profile/devices', { devicesAllowed: 0 }))).resolves.toEqual({
      status: 400,
      message: 'devicesAllowed: 1 device is registered; unregister some first',
    });
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))).toMatchObject({ devicesAllowed: 1, devices: [kept] }));
  });

  it('answers 400 for an unknown field or a bad value', async () => {
    const cases: Array<[unknown, string]> = [
      [{ devicesAllowed: 3, add: 1 }, 'Unrecognized key: "add"'],
      [{ devicesAllowed: -1 }, 'devicesAllowed: Too small: expected number to be >=0'],
      [{ devicesAllowed: 2.5 }, 'devicesAllowed: Invalid input: expected int, received number'],
      [{ remove: ['61'] }, 'remove.0: Invalid input: expected number, received string'],
    ];
    for (const [body, message] of cases) await expect(failure(post('/stores/profile/devices', body))).resolves.toEqual({ status: 400, message });
  });
});

describe('POST /stores/profile/devices/apikey', () => {
  it('stores and answers a new random key each time, and never logs it', async () => {
    const seeded = storeRecord().apiKey;
    const spies = (['log', 'info', 'debug', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level));
    const first = await renewApiKey();
    const second = await renewApiKey();
    const logged = spies.flatMap((spy) => spy.mock.calls.flat().map(String));
    for (const spy of spies) spy.mockRestore();

    expect(first).toMatch(/^sk_mock_[0-9a-f]{32}$/);
    expect(second).toMatch(/^sk_mock_[0-9a-f]{32}$/);
    expect(new Set([seeded, first, second]).size).toBe(3);
    expect(storeRecord().apiKey).toBe(second);
    expect((await getStoreProfile(STORE)).apiKey).toBe(second);
    expect(logged.filter((line) => line.includes(first) || line.includes(second))).toEqual([]);
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))?.apiKey).toBe(second));
  });
});

describe('POST /stores/profile/config', () => {
  it('saves the SMS switch, its text and the colour; answers the profile', async () => {
    const saved = await saveStoreConfig({ sms_send: false, sms_text: 'Your order is ready at the counter.', color: '#12AB9f' }, STORE);
    expect(saved).toMatchObject({ sms_send: false, sms_text: 'Your order is ready at the counter.', color: '#12AB9f' });
    expect(storeRecord()).toMatchObject({ sms_send: false, sms_text: 'Your order is ready at the counter.', color: '#12AB9f' });
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))).toMatchObject({ sms_send: false, color: '#12AB9f' }));
  });

  it('answers 400 for a long text, a bad colour, a missing or unknown field', async () => {
    const before = storeRecord();
    const body = { sms_send: true, sms_text: 'Ready!', color: '#112233' };
    await expect(failure(post('/stores/profile/config', { ...body, sms_text: 'x'.repeat(161) }))).resolves.toEqual({ status: 400, message: 'sms_text: At most 160 characters' });
    const colour = await failure(post('/stores/profile/config', { ...body, color: 'red' }));
    expect(colour).toMatchObject({ status: 400, message: expect.stringMatching(/^color: /) as unknown });
    await expect(failure(post('/stores/profile/config', { sms_text: 'Ready!', color: '#112233' }))).resolves.toEqual({
      status: 400,
      message: 'sms_send: Invalid input: expected boolean, received undefined',
    });
    await expect(failure(post('/stores/profile/config', { ...body, font: 'serif' }))).resolves.toEqual({ status: 400, message: 'Unrecognized key: "font"' });
    expect(storeRecord()).toEqual(before);
  });
});

describe('POST /stores/operator/profile', () => {
  it('saves the signed-in operator’s name, phone and language: the next sign-in and the identity provider show them', async () => {
    const saved = await saveOperatorProfile({ name_op: 'Alexandra Romero', phone: '+34 600 111 222', preferences: { language: 'es' } });
    expect(saved).toMatchObject({ email: DEMO.email, name_op: 'Alexandra Romero', first_name: 'Alexandra', phone: '+34 600 111 222', preferences: { language: 'es' } });
    const raw = (await (await post('/stores/operator/profile', { name_op: 'Alexandra Romero', phone: '+34 600 111 222', preferences: { language: 'es' } })).json()) as Record<
      string,
      unknown
    >;
    // The platform's operator fields only: no uid, no password, no sign-in metadata.
    expect(Object.keys(raw).every((key) => key in OperatorWireSchema.shape)).toBe(true);
    expect(raw).not.toHaveProperty('password');
    expect(raw).not.toHaveProperty('uid');
    expect(demoOperator()).toMatchObject({ name_op: 'Alexandra Romero', phone: '+34 600 111 222', preferences: { language: 'es' } });

    const idToken = await idTokenFor();
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken })).json());
    expect(grant.user.operator).toMatchObject({ name_op: 'Alexandra Romero', phone: '+34 600 111 222', preferences: { language: 'es' } });
    const lookup = (await (await postJson(identityUrl('lookup'), { idToken })).json()) as { users: Array<{ displayName: string }> };
    expect(lookup.users[0].displayName).toBe('Alexandra Romero');
    await afterReload((reloaded) =>
      expect(reloaded.operators.findFirst((q) => q.where({ email: DEMO.email }))).toMatchObject({ name_op: 'Alexandra Romero', preferences: { language: 'es' } }),
    );
  });

  it('answers 400 with the field’s problem; changes nothing', async () => {
    const before = demoOperator();
    const body = { name_op: 'Alex Romero', phone: '+34 612 345 678', preferences: { language: 'en' } };
    const cases: Array<[unknown, string]> = [
      [{ ...body, name_op: ' ' }, 'name_op: is required'],
      [{ ...body, phone: '12' }, 'phone: Enter a valid phone number'],
      [{ ...body, preferences: { language: 'fr' } }, 'preferences.language: Invalid option: expected one of "en"|"es"'],
      [{ ...body, preferences: { language: 'en', theme: 'dark' } }, 'preferences: Unrecognized key: "theme"'],
      [{ ...body, email: 'someone@else.test' }, 'Unrecognized key: "email"'],
    ];
    for (const [bad, message] of cases) await expect(failure(post('/stores/operator/profile', bad))).resolves.toEqual({ status: 400, message });
    expect(demoOperator()).toEqual(before);
  });
});

/** IBAN check digits (ISO 13616): the rearranged number leaves 1 when divided by 97. */
const validIban = (iban: string) => {
  const compact = iban.replace(/ /g, '');
  return ibanRemainder(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
};

describe('GET and POST /stores/profile/billing/{id}', () => {
  it('answers the seeded billing: the company, a Spanish tax id and IBAN, the store’s address, monthly', async () => {
    expect(spanishIban('2100', '0418', '0200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    const billing = await getBilling(STORE);
    // The store's seeded address (the business-info tests above have moved the store since).
    const { address } = fornDeLaLlotja;
    expect(billing).toMatchObject({
      store_id: STORE,
      legal_name: 'Forn de la Llotja, S.L.',
      billing_email: 'facturacion@forn-llotja.test',
      address_print: address.address_print,
      city: address.city,
      postal_code: address.postal_code,
      country: 'ES',
      invoice_frequency: 'monthly',
    });
    expect(billing.tax_id).toMatch(/^B\d{8}$/);
    expect(billing.iban).toMatch(/^ES\d{2}( \d{4}){5}$/);
    expect(validIban(billing.iban)).toBe(true);
  });

  it('every scenario seeds a valid billing for every store with a profile', async () => {
    for (const name of ['default', 'multi-account', 'empty-store']) {
      const seeded = createDb();
      await scenarios[name].seed(seeded, NOW);
      expect(seeded.billing.all().map((b) => b.store_id).sort()).toEqual(seeded.stores.all().map((s) => s.id).sort());
      for (const billing of seeded.billing.all()) {
        expect(BillingSchema.strict().parse(JSON.parse(JSON.stringify(billing)))).toBeTruthy();
        expect(validIban(billing.iban)).toBe(true);
      }
    }
  });

  it('saves (upserts) the billing and answers it; a reload keeps it', async () => {
    const changed: Billing = { ...(await getBilling(STORE)), legal_name: 'Forns Llotja Germans, S.L.', iban: 'ES91 2100 0418 4502 0005 1332', invoice_frequency: 'weekly' };
    expect(await saveBilling(changed)).toEqual(changed);
    expect(BillingSchema.parse(billingRecord())).toEqual(changed);
    expect(db().billing.count()).toBe(1);
    await afterReload((reloaded) => expect(reloaded.billing.findFirst((q) => q.where({ store_id: STORE }))).toMatchObject({ legal_name: 'Forns Llotja Germans, S.L.', invoice_frequency: 'weekly' }));

    // Without one (a store restored from a snapshot made before billing existed): 404, then a save creates it.
    db().billing.delete((q) => q.where({ store_id: STORE }));
    expect((await apiFailure(getBilling(STORE))).status).toBe(404);
    await expect(failure(storeCall(`/stores/profile/billing/${STORE}`, token))).resolves.toEqual({ status: 404, message: 'Store 101 has no billing details yet' });
    expect(await saveBilling(changed)).toEqual(changed);
    expect(await getBilling(STORE)).toEqual(changed);
  });

  it('answers 400 with the field’s problem, 403 for another store’s path', async () => {
    const good = await getBilling(STORE);
    const path = `/stores/profile/billing/${STORE}`;
    const cases: Array<[string, unknown, number, string]> = [
      [path, { ...good, iban: 'ES91-2100' }, 400, 'iban: Enter a valid IBAN'],
      [path, { ...good, tax_id: 'B1' }, 400, 'tax_id: Enter a valid tax id'],
      [path, { ...good, billing_email: 'billing' }, 400, 'billing_email: Enter a valid e-mail address'],
      [path, { ...good, invoice_frequency: 'daily' }, 400, 'invoice_frequency: Invalid option: expected one of "weekly"|"monthly"'],
      [path, { ...good, vat_rate: 21 }, 400, 'Unrecognized key: "vat_rate"'],
      [path, { ...good, store_id: 102 }, 400, 'store_id: must be the store in the path (101)'],
      ['/stores/profile/billing/102', { ...good, store_id: 102 }, 403, "Store 102 is not the operator's current store"],
    ];
    for (const [target, body, status, message] of cases) await expect(failure(post(target, body))).resolves.toEqual({ status, message });
    await expect(failure(storeCall('/stores/profile/billing/102', token))).resolves.toEqual({ status: 403, message: "Store 102 is not the operator's current store" });
    await expect(failure(storeCall('/stores/profile/billing/abc', token))).resolves.toEqual({ status: 404, message: 'Store abc not found' });
    expect(await getBilling(STORE)).toEqual(good);
  });

  it('an older snapshot without the billing collection still restores (billing empty)', async () => {
    const snapshot = JSON.parse(JSON.stringify(snapshotDb(db(), NOW))) as { collections: Record<string, unknown> };
    delete snapshot.collections.billing;
    const reloaded = createDb();
    expect(await restoreDb(reloaded, snapshot)).toBe(true);
    expect(reloaded.billing.count()).toBe(0);
    expect(reloaded.stores.count()).toBe(db().stores.count());
  });
});

describe('POST /stores/profile/accept_conditions/{id}', () => {
  it('records now as the accept date (again on every acceptance) and answers it in seconds', async () => {
    const seededDate = storeRecord().special_terms.accept_date!;
    expect(seededDate).toBeLessThan(seconds(NOW));
    const before = seconds(backend.current.ctx.now());
    const response = await post(`/stores/profile/accept_conditions/${STORE}`);
    expect(response.status).toBe(200);
    const { accept_date } = (await response.json()) as { accept_date: number };
    expect(accept_date).toBeGreaterThanOrEqual(before);
    expect(accept_date).toBeLessThanOrEqual(seconds(backend.current.ctx.now()));
    expect(storeRecord().special_terms).toMatchObject({ accept_date, text: expect.stringContaining('Surplus food') as unknown });

    // Re-accepting records the new date: the terms may have changed since.
    await db().stores.update((q) => q.where({ id: STORE }), {
      data(draft) {
        draft.special_terms = { ...draft.special_terms, accept_date: seededDate };
      },
    });
    const again = await acceptTerms(STORE);
    expect(again).toBeGreaterThanOrEqual(before * 1000);
    expect(storeRecord().special_terms.accept_date).toBe(again / 1000);
    await afterReload((reloaded) => expect(reloaded.stores.findFirst((q) => q.where({ id: STORE }))?.special_terms.accept_date).toBe(again / 1000));
  });

  it('answers 403 for another store and changes nothing', async () => {
    const before = storeRecord().special_terms;
    await expect(failure(post('/stores/profile/accept_conditions/102'))).resolves.toEqual({ status: 403, message: "Store 102 is not the operator's current store" });
    expect(storeRecord().special_terms).toEqual(before);
  });
});

/** A busy-store backend persisted in localStorage (its compact "seed + changes" form), as of NOW. */
const startBusyStore = () =>
  createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'busy-store', now: () => NOW, journal: () => undefined, persistence: createStoragePersistence() });

describe('devkit.push and devkit.onPush', () => {
  afterEach(() => vi.useRealTimers());

  it('inserts a new-order notification at the top of the current store’s profile and hands it to every listener', async () => {
    const { devkit } = backend.current;
    const received: Push[] = [];
    const alsoReceived: Push[] = [];
    const stop = devkit.onPush((push) => received.push(push));
    const stopToo = devkit.onPush((push) => alsoReceived.push(push));
    const highestId = Math.max(...db().stores.all().flatMap((s) => s.notifications.map((n) => n.id)));
    const highestOrder = Math.max(...db().orders.all().map((o) => o.id));

    const push = await devkit.push();
    expect(push).toEqual({ topic: 'topic_storeadmin101', storeId: STORE, notification: expect.any(Object) as unknown });
    expect(push.notification).toEqual({
      id: highestId + 1,
      type: 'order',
      title: expect.stringMatching(new RegExp(`^New order #${highestOrder + 1} from \\S+ \\S+`)) as unknown,
      created_at: expect.any(Number) as unknown,
      click_action: NEW_ORDER_CLICK_ACTION,
      read: false,
    });
    expect(Math.abs(push.notification.created_at - seconds(backend.current.ctx.now()))).toBeLessThanOrEqual(1);
    const customer = /from (.+)$/.exec(push.notification.title)![1];
    expect(db().orders.findMany((q) => q.where({ store_id: STORE })).some((o) => o.consumer.name === customer)).toBe(true);
    expect(storeRecord().notifications[0]).toEqual(push.notification);
    expect(received).toEqual([push]);
    expect(alsoReceived).toEqual([push]);
    // The profile the app loads shows it, in milliseconds.
    expect((await getStoreProfile(STORE)).notifications[0]).toMatchObject({ id: push.notification.id, created_at: push.notification.created_at * 1000 });

    // The next one follows: the next id and the next order number.
    const next = await devkit.push();
    expect(next.notification.id).toBe(highestId + 2);
    expect(next.notification.title).toMatch(new RegExp(`^New order #${highestOrder + 2} from `));

    stop();
    const custom = await devkit.push({ type: 'feature', title: 'New: print QR codes for your counter', click_action: '/settings/devices', read: true });
    expect(custom.notification).toMatchObject({ id: highestId + 3, type: 'feature', title: 'New: print QR codes for your counter', click_action: '/settings/devices', read: true });
    expect(received).toHaveLength(2);
    expect(alsoReceived).toHaveLength(3);
    stopToo();
    expect(storeRecord().notifications.slice(0, 3).map((n) => n.id)).toEqual([highestId + 3, highestId + 2, highestId + 1]);
    await expect(devkit.push({ storeId: 999 })).rejects.toThrow('devkit.push: no store 999');
    await expect(devkit.push({ type: 'alarm' as never })).rejects.toThrow(/Invalid option/);
  });

  it('keeps the latest notifications only', async () => {
    const { devkit } = backend.current;
    for (let i = 0; i < MAX_NOTIFICATIONS + 3; i++) await devkit.push({ title: `Push ${i}` });
    const titles = storeRecord().notifications.map((n) => n.title);
    expect(titles).toHaveLength(MAX_NOTIFICATIONS);
    expect(titles[0]).toBe(`Push ${MAX_NOTIFICATIONS + 2}`);
  });

  it('busy-store pushes a new order every 3 minutes once the backend schedules it (never on its own in Node)', async () => {
    expect(scenarios['busy-store'].newOrderPushEveryMs).toBe(3 * MINUTE_MS);
    const { devkit } = backend.current;
    const received: Push[] = [];
    const stop = devkit.onPush((push) => received.push(push));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stopSchedule = scheduleNewOrderPushes(devkit, 3 * MINUTE_MS);
    await vi.advanceTimersByTimeAsync(3 * MINUTE_MS - 1);
    expect(received).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(3 * MINUTE_MS);
    await vi.waitFor(() => expect(received).toHaveLength(2));
    stopSchedule();
    await vi.advanceTimersByTimeAsync(10 * MINUTE_MS);
    expect(received).toHaveLength(2);
    expect(received.every((push) => push.notification.title.startsWith('New order #'))).toBe(true);
    stop();
  });

  it('persists the push, so a reload shows it (the compact form of busy-store included)', { timeout: 30_000 }, async () => {
    localStorage.clear();
    const first = await startBusyStore();
    const push = await first.devkit.push({ title: 'Persisted push' });
    // A billing change, written through the collection API like the handlers do, rides along.
    await first.db.billing.update((q) => q.where({ store_id: push.storeId }), {
      data(draft) {
        draft.invoice_frequency = 'weekly';
      },
    });
    first.ctx.persist();
    const second = await startBusyStore();
    const store = second.db.stores.findFirst((q) => q.where({ id: push.storeId }))!;
    expect(store.notifications[0]).toEqual(push.notification);
    expect(second.db.billing.findFirst((q) => q.where({ store_id: push.storeId }))?.invoice_frequency).toBe('weekly');
    localStorage.clear();
  });
});
