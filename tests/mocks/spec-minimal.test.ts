import { beforeAll, describe, expect, it } from 'vitest';
import { operationMask, type FieldMask, type SpecOperation } from '../../mocks/spec-shape';
import { seconds } from '../../mocks/time';
import { listAccounts } from '../../src/api/accounts';
import { listPayments, listSummaries } from '../../src/api/finance';
import { syncOrders } from '../../src/api/crm-sync';
import { getDelivery, getPickupLocation, getTruck, listPickupLocations, listTrucks, searchDeliveries, createTruck, updateTruck } from '../../src/api/logistics';
import { getLookups } from '../../src/api/lookups';
import { getManagementCustomers, getManagementInfo, getManagementSales } from '../../src/api/management';
import { getOffer, listCurrentOffers, setOfferStatus } from '../../src/api/offers';
import { cancelOrder, getOrder, listOrders, listStoreOrders, ordersFilterBody, setOrderStatus } from '../../src/api/orders';
import { listRatings } from '../../src/api/ratings';
import { requiredCity, validateCity } from '../../src/api/registration';
import { exchangeIdToken, loginWithIdToken } from '../../src/api/session';
import { acceptTerms, getBilling, postDevices, renewApiKey, saveOperatorProfile, saveStoreConfig } from '../../src/api/settings';
import { getHome, getStoreProfile } from '../../src/api/stores';
import { getTemplate, listActiveTemplates, listTemplates, setTemplateStatus } from '../../src/api/templates';
import { pickupStatus } from '../../src/lib/pickup-status';
import { connectHttpToTestBackend, DEMO, idTokenFor, setupTestBackend, storeCall } from './support';

/**
 * The console against a platform that sends only what the spec names (createNodeBackend({ shape:
 * 'spec-minimal' }), mocks/spec-shape.ts): every read the console makes goes through the real
 * handlers, the mask and the console's own api function, whose response schema must read the
 * answer (an unreadable one rejects with an 'unexpected-response' ApiError). Each case also
 * checks what the console made of the fields the answer left out (docs/spec-fields.md).
 */
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW, shape: 'spec-minimal' });
let token: string;

beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

const db = () => backend.current.db;
const serverNow = () => backend.current.ctx.now();
const range = () => ({ date_from: seconds(NOW) - 7 * 86_400, date_to: seconds(NOW) });
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** Paths of `value` the mask does not keep (what spec-minimal must have dropped). */
function outsideMask(value: unknown, mask: FieldMask, at = ''): string[] {
  if (mask === true || value === null || typeof value !== 'object') return [];
  if (Array.isArray(mask)) return Array.isArray(value) ? value.flatMap((element, i) => outsideMask(element, mask[0], `${at}[${i}]`)) : [];
  const fields = mask as Record<string, FieldMask>;
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    key in fields ? outsideMask(inner, fields[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

/** Paths the mask keeps that `value` lacks (the mock's records hold every field the spec names). */
function missingFromMask(value: unknown, mask: FieldMask, at = ''): string[] {
  if (mask === true || value === null || typeof value !== 'object') return [];
  if (Array.isArray(mask)) return Array.isArray(value) ? value.flatMap((element, i) => missingFromMask(element, mask[0], `${at}[${i}]`)) : [];
  const record = value as Record<string, unknown>;
  return Object.entries(mask as Record<string, FieldMask>).flatMap(([key, inner]) =>
    key in record ? missingFromMask(record[key], inner, `${at}.${key}`) : [`${at}.${key}`],
  );
}

describe('spec-minimal answers: exactly the fields the spec names', () => {
  it('every read answers the named fields and nothing else, through the real handlers', async () => {
    const order = db().orders.all().find((o) => o.store_id === STORE)!;
    const offer = db().offers.all().find((o) => o.store_id === STORE)!;
    const template = db().templates.all().find((t) => t.store_id === STORE)!;
    const truck = db().trucks.all().find((t) => t.store_id === STORE)!;
    const pickup = db().pickupLocations.all().find((p) => p.store_id === STORE)!;
    const delivery = db().deliveries.all().find((d) => d.store_id === STORE)!;
    const { date_from, date_to } = range();
    const reads: Array<[SpecOperation, string, RequestInit?]> = [
      ['GET /stores/home', '/stores/home'],
      ['GET /stores/profile/{id}', `/stores/profile/${STORE}`],
      ['GET /stores/profile/billing/{id}', `/stores/profile/billing/${STORE}`],
      ['POST /stores/profile/devices', '/stores/profile/devices', post({})],
      ['GET /stores/lookups/getall/{id}', `/stores/lookups/getall/${STORE}`],
      ['GET /stores/management_info', '/stores/management_info'],
      ['GET /stores/management_info_sales', '/stores/management_info_sales'],
      ['GET /stores/management_info_customers', '/stores/management_info_customers'],
      ['GET /stores/ratings/pagination', '/stores/ratings/pagination?limit=5&offset=0'],
      ['GET /stores/offers/CurrentOffersByStore/pagination/{storeId}', `/stores/offers/CurrentOffersByStore/pagination/${STORE}?limit=50&offset=0`],
      ['GET /stores/offers/{id}', `/stores/offers/${offer.id}`],
      ['GET /stores/templates/activeTemplates/{id}', `/stores/templates/activeTemplates/${STORE}`],
      ['POST /stores/templates/activeTemplates/pagination/filters', '/stores/templates/activeTemplates/pagination/filters?limit=50&offset=0', post({})],
      ['GET /stores/templates/{id}', `/stores/templates/${template.id}`],
      ['POST /stores/orders/pagination/filters', '/stores/orders/pagination/filters?limit=50&offset=0', post({ tab: 'pending' })],
      ['GET /stores/{id}/orders', `/stores/${STORE}/orders`],
      ['GET /stores/orders/{id}', `/stores/orders/${order.id}`],
      ['GET /stores/orders/payments', `/stores/orders/payments?date_from=${date_from}&date_to=${date_to}&limit=20&offset=0`],
      ['GET /stores/orders/summary', `/stores/orders/summary?date_from=${date_from}&date_to=${date_to}`],
      ['GET /hubspot/app/orders', '/hubspot/app/orders?t=0'],
      ['GET /stores/trucks/{status}', '/stores/trucks/active'],
      ['GET /stores/trucks/{id}', `/stores/trucks/${truck.id}`],
      ['GET /stores/pickuplocation', '/stores/pickuplocation'],
      ['GET /stores/pickuplocation/{id}', `/stores/pickuplocation/${pickup.id}`],
      ['GET /stores/accounts', '/stores/accounts?scope=store&limit=50&offset=0'],
      ['POST /stores/delivery/search', '/stores/delivery/search?limit=50&offset=0', post({})],
      ['GET /stores/delivery/{id}', `/stores/delivery/${delivery.id}`],
      ['POST /stores/lookups/validatecity/{country}/{address}', '/stores/lookups/validatecity/ES/valencia', { method: 'POST' }],
      ['POST /stores/lookups/requiredcity/{country}/{address}/{email}', '/stores/lookups/requiredcity/ES/valencia/new%40store.test', { method: 'POST' }],
    ];
    for (const [operation, path, init] of reads) {
      const response = await storeCall(path, token, init);
      expect({ operation, status: response.status }).toEqual({ operation, status: 200 });
      const body: unknown = await response.json();
      const mask = operationMask(operation);
      expect({ operation, outside: outsideMask(body, mask) }).toEqual({ operation, outside: [] });
      expect({ operation, missing: missingFromMask(body, mask) }).toEqual({ operation, missing: [] });
    }
  });

  it('drops the fields the spec does not name: operator role and id, order pickup_until and store_id, notification read', async () => {
    const signin = (await (await storeCall('/stores/signin', undefined, { method: 'POST', body: JSON.stringify({ idToken: await idTokenFor() }) })).json()) as {
      token: string;
      user: { operator: Record<string, unknown>; store: Record<string, unknown> };
    };
    expect(signin.token).toEqual(expect.any(String));
    expect(Object.keys(signin.user.operator).sort()).toEqual(['currentAccount', 'email', 'name_op', 'phone', 'preferences', 'rolesList']);
    expect(Object.keys(signin.user.store).sort()).toEqual(['lat', 'lon', 'name']);

    const [order] = ((await (await storeCall(`/stores/${STORE}/orders`, token)).json()) as { data: Array<Record<string, unknown>> }).data;
    expect(order).not.toHaveProperty('pickup_until');
    expect(order).not.toHaveProperty('store_id');
    expect(order.consumer).not.toHaveProperty('id');
    expect(order).toHaveProperty('pickup_date');

    const profile = (await (await storeCall(`/stores/profile/${STORE}`, token)).json()) as Record<string, unknown> & { notifications: Array<Record<string, unknown>> };
    expect(profile.notifications.length).toBeGreaterThan(0);
    for (const notification of profile.notifications) expect(Object.keys(notification).sort()).toEqual(['click_action', 'created_at', 'id', 'title', 'type']);
    for (const field of ['id', 'name', 'description', 'address', 'address_lat', 'address_lon']) expect(profile).not.toHaveProperty(field);

    // Failures keep their message: only successful answers are masked.
    const missing = await storeCall('/stores/orders/999999', token);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: expect.any(String) });
  });
});

describe('the console reads every spec-minimal answer (its response schemas require only what the spec names)', () => {
  it('signs in with either exchange: the role is the first of the roles, the store’s id the current account', async () => {
    for (const grant of [await exchangeIdToken(await idTokenFor()), await loginWithIdToken(await idTokenFor())]) {
      expect(grant.token).toEqual(expect.any(String));
      expect(grant.user.operator).toMatchObject({ email: DEMO.email, role: 'STORE_ADMIN', rolesList: { roles: ['STORE_ADMIN'] }, currentAccount: STORE });
      expect(grant.user.operator.id).toBeUndefined();
      expect(grant.user.operator.first_name).toBeUndefined();
      expect(grant.user.store).toEqual({ id: STORE, name: 'Forn de la Llotja', lat: expect.any(Number), lon: expect.any(Number) });
    }
  });

  it('reads the overview, the store profile, devices, billing, lookups and the dashboards', async () => {
    const home = await getHome();
    expect(home.reviews.length).toBeGreaterThan(0);
    expect(home.reviews[0].date).toBeGreaterThan(NOW - 30 * 86_400_000);

    const profile = await getStoreProfile(STORE);
    expect(profile).toMatchObject({ id: STORE, name: '', description: '', email: '', phone: '', address: { address_print: '', city: '', country: '', postal_code: '' } });
    expect(profile.special_terms.text).toBe('');
    expect(profile.apiKey?.length).toBeGreaterThanOrEqual(16);
    expect(profile.notifications.length).toBeGreaterThan(0);
    expect(profile.notifications.every((n) => n.read === false && n.created_at > 1e12)).toBe(true);
    expect(profile.devices.length).toBeGreaterThan(0);
    expect(profile.devices.every((d) => d.id === undefined && d.name === '' && d.model === '' && d.registered_at === undefined)).toBe(true);

    const devices = await postDevices({});
    expect(devices.devicesAllowed).toBe(profile.devicesAllowed);
    expect(devices.devices).toHaveLength(profile.devices.length);

    await expect(getBilling(STORE)).resolves.toEqual({
      store_id: STORE,
      legal_name: '',
      tax_id: '',
      billing_email: '',
      address_print: '',
      city: '',
      postal_code: '',
      country: '',
      iban: '',
      invoice_frequency: 'monthly',
    });
    // Options without an id cannot be chosen: every group reads empty.
    await expect(getLookups(STORE, 'en')).resolves.toEqual({ offer_type: [], dietary_fit: [], cuisine_type: [], business_type: [] });

    const info = await getManagementInfo();
    expect(info.annual_income).toBeGreaterThan(0);
    // Months without their label and value are left out of the chart.
    await expect(getManagementSales()).resolves.toEqual([]);
    const earnings = await getManagementCustomers();
    expect(earnings.length).toBeGreaterThan(0);
    expect(earnings[0]).toEqual({ id: expect.any(Number), label: expect.any(String), value: expect.any(Number), color: expect.stringMatching(/^#/) });
    const ratings = await listRatings({ limit: 5, offset: 0 });
    expect(ratings.data).toHaveLength(5);
    expect(ratings.total).toBeGreaterThan(5);
  });

  it('reads offers and templates: no template_id reads null, images without url', async () => {
    const offers = await listCurrentOffers(STORE, { limit: 50, offset: 0 });
    expect(offers.data.length).toBeGreaterThan(0);
    expect(offers.data.every((o) => o.template_id === null && o.media.every((m) => m.url === undefined))).toBe(true);
    const offer = await getOffer(offers.data[0].id);
    expect(offer).toMatchObject({ id: offers.data[0].id, name: offers.data[0].name, store_id: STORE, template_id: null });

    const active = await listActiveTemplates(STORE);
    const page = await listTemplates({}, { limit: 50, offset: 0 });
    expect(page.total).toBeGreaterThanOrEqual(active.length);
    const template = await getTemplate(page.data[0].id);
    expect(template).toMatchObject({ id: page.data[0].id, store_id: STORE, offer: { quantity: 0, template_id: null } });
    expect(template.offer.order_date_from).toBeGreaterThan(1e12);
  });

  it('reads orders and takes the pickup status from pickup_date alone (no pickup_until in the answer)', async () => {
    const now = serverNow();
    const late = await listOrders(ordersFilterBody({ tab: 'pending', statuses: ['NON_PICKED_UP'], from: null, to: null, search: '', sort: 'pickup' }), { limit: 50, offset: 0 });
    const waiting = await listOrders(ordersFilterBody({ tab: 'pending', statuses: ['PENDING'], from: null, to: null, search: '', sort: 'pickup' }), { limit: 50, offset: 0 });
    expect(late.data.length).toBeGreaterThan(0);
    expect(waiting.data.length).toBeGreaterThan(0);
    for (const order of [...late.data, ...waiting.data]) {
      expect(order.pickup_until).toBeUndefined();
      expect(order.store_id).toBeUndefined();
      expect(order.consumer.id).toBeUndefined();
      expect(order.pickup_date).toBe(db().orders.findFirst((q) => q.where({ id: order.id }))!.pickup_until * 1000);
    }
    expect(late.data.every((order) => pickupStatus(order, now) === 'NON_PICKED_UP')).toBe(true);
    expect(waiting.data.every((order) => pickupStatus(order, now) === 'PENDING')).toBe(true);

    const all = await listStoreOrders(STORE);
    expect(all.length).toBe(db().orders.all().filter((o) => o.store_id === STORE).length);
    const one = await getOrder(late.data[0].id);
    expect(one).toMatchObject({ id: late.data[0].id, status: 0, consumer: { name: late.data[0].consumer.name } });
    expect(one.offersOrdered[0].offer.id).toBeUndefined();
  });

  it('changes order, offer and template statuses and reads the answers', async () => {
    const [waiting] = (await listOrders(ordersFilterBody({ tab: 'pending', statuses: ['PENDING'], from: null, to: null, search: '', sort: 'pickup' }), { limit: 1, offset: 0 })).data;
    const handedOver = await setOrderStatus(waiting.id, 1);
    expect(handedOver).toMatchObject({ id: waiting.id, status: 1 });
    expect(pickupStatus(handedOver, serverNow())).toBe('PICKED_UP');
    const back = await setOrderStatus(waiting.id, 0);
    expect(back).toMatchObject({ id: waiting.id, status: 0, pickup_date: waiting.pickup_date });
    const cancelled = await cancelOrder(waiting.id);
    expect(pickupStatus(cancelled, serverNow())).toBe('CANCELLED_BY_STORE');

    const [offer] = (await listCurrentOffers(STORE, { limit: 1, offset: 0 })).data;
    await expect(setOfferStatus(offer.id, offer.status === 1 ? 0 : 1)).resolves.toMatchObject({ id: offer.id, status: offer.status === 1 ? 0 : 1 });
    const [template] = (await listTemplates({}, { limit: 1, offset: 0 })).data;
    await expect(setTemplateStatus(template.id, template.status === 1 ? 0 : 1)).resolves.toMatchObject({ id: template.id });
  });

  it('reads payments, daily summaries and a CRM run: what is left out is left out (shown as —), the run’s figures default', async () => {
    const payments = await listPayments({ ...range(), limit: 20, offset: 0 });
    expect(payments.data.length).toBeGreaterThan(0);
    for (const payment of payments.data) expect(Object.keys(payment).sort()).toEqual(['audit_creation_date', 'audit_update_date']);
    const summaries = await listSummaries(range());
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary.day).toBeUndefined();

    const before = Date.now();
    const run = await syncOrders(0);
    expect(run).toMatchObject({ since: 0, previous_synced_at: null, sent: 0, created: 0, updated: 0, orders: [] });
    expect(run.synced_at).toBeGreaterThanOrEqual(before);
  });

  it('reads trucks, pickup locations, accounts and deliveries by their ids', async () => {
    const trucks = await listTrucks('active');
    expect(trucks.data.length).toBeGreaterThan(0);
    // The status comes from the tab asked for; the rest reads '' or stays unknown.
    expect(trucks.data.every((t) => t.status === 'active' && t.name === '' && t.capacity === undefined)).toBe(true);
    await expect(getTruck(trucks.data[0].id)).resolves.toMatchObject({ id: trucks.data[0].id, status: 'active', plate: '' });
    const created = await createTruck({ name: 'Van 9', plate: '9999 XYZ', capacity: 20, driver_name: '', driver_phone: '', status: 'maintenance' });
    expect(created).toMatchObject({ status: 'maintenance', name: '' });
    expect(db().trucks.findFirst((q) => q.where({ id: created.id }))).toMatchObject({ name: 'Van 9', status: 'maintenance' });
    await expect(updateTruck({ id: created.id, name: 'Van 9', plate: '9999 XYZ', capacity: 21, driver_name: '', driver_phone: '', status: 'inactive' })).resolves.toMatchObject({
      id: created.id,
      status: 'inactive',
    });

    const pickups = await listPickupLocations();
    expect(pickups.data.length).toBeGreaterThan(0);
    const location = await getPickupLocation(pickups.data[0].id);
    expect(location).toMatchObject({ id: pickups.data[0].id, name: '', address: '', country: '' });
    // No position: the edit form asks for one (pickupValuesOf leaves it NaN).
    expect([location.lat, location.lon]).toEqual([undefined, undefined]);

    const mine = await listAccounts({ scope: 'operator', limit: 20, offset: 0 });
    expect(mine.data).toContainEqual({ store_id: STORE, store_name: 'Forn de la Llotja', holder: '' });
    const devices = await listAccounts({ scope: 'store', kind: 'device', limit: 20, offset: 0 });
    expect(devices.data.length).toBeGreaterThan(0);
    expect(devices.data.every((account) => account.kind === 'device')).toBe(true);

    const deliveries = await searchDeliveries({}, { limit: 20, offset: 0 });
    expect(deliveries.data.length).toBeGreaterThan(0);
    expect(deliveries.data.every((d) => d.lat === undefined && d.pickup_code !== '')).toBe(true);
    await expect(getDelivery(deliveries.data[0].id)).resolves.toMatchObject({ id: deliveries.data[0].id, places: [] });
  });

  it('saves settings and reads the answers; the city checks default to yes', async () => {
    await expect(saveStoreConfig({ sms_send: true, sms_text: 'Ready', color: '#123456' }, STORE)).resolves.toMatchObject({ id: STORE, sms_send: true, color: '#123456' });
    await expect(saveOperatorProfile({ name_op: 'Alex R.', phone: '+34 612 345 678', preferences: { language: 'en' } })).resolves.toMatchObject({
      name_op: 'Alex R.',
      role: 'STORE_ADMIN',
    });
    await expect(renewApiKey()).resolves.toEqual(expect.any(String));
    await expect(acceptTerms(STORE)).resolves.toBeGreaterThan(1e12);
    await expect(validateCity('ES', 'nowhere-at-all')).resolves.toEqual({ valid: true, city: null });
    await expect(requiredCity('ES', 'valencia', 'new@store.test')).resolves.toEqual({ served: true, available: true });
  });
});
