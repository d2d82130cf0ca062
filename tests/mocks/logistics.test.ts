import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { ApiError } from '../../src/api/errors';
import {
  DeliveryDetailWireSchema,
  DeliveryWireSchema,
  PickupLocationSchema,
  PickupLocationUpdateSchema,
  TruckSchema,
  TruckUpdateSchema,
  createPickupLocation,
  createTruck,
  deleteTruck,
  getDelivery,
  getPickupLocation,
  getTruck,
  listPickupLocations,
  listTrucks,
  searchDeliveries,
  updatePickupLocation,
  updateTruck,
  type DeliveryWire,
  type TruckInput,
} from '../../src/api/logistics';
import { createBackend } from '../../mocks/backend';
import { createDb } from '../../mocks/db';
import { createFaults } from '../../mocks/faults';
import { createStoragePersistence } from '../../mocks/persistence';
import { HOUR_MS, addDays, seconds, startOfDay } from '../../mocks/time';
import { scenarios } from '../../scenarios';
import { logisticsInconsistencies } from './consistency';
import { pickupInput } from './fixtures';
import { API, connectHttpToTestBackend, sessionToken, setupTestBackend, storeCall } from './support';

const NOW = new Date(2026, 5, 19, 18, 45).getTime(); // a Friday evening: today's rounds are on the road
const STORE = 101; // Forn de la Llotja, the demo operator's current store
const OTHER = 102; // Obrador Lavapiés, another store of the same operator

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const truckInput = (overrides: Partial<TruckInput> = {}): TruckInput => ({
  name: 'Van 4 (Benimaclet)',
  plate: '1234 BCD',
  capacity: 32,
  driver_name: 'Marina Peris',
  driver_phone: '+34 644 120 339',
  status: 'active',
  ...overrides,
});


const newestFirst = (list: DeliveryWire[]) => [...list].sort((a, b) => b.delivery_date - a.delivery_date || b.id - a.id).map((d) => d.id);
/** Equirectangular km: independent of the handler's haversine, and exact enough within a city. */
const kmBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180), b.lat - a.lat) * 111.2;
const truckNames = async (text: string) => (await listTrucks('active', { search: text })).data.map((t) => t.name);

describe('the strict logistics server (multi-account, acting for store 101)', () => {
  const backend = setupTestBackend({ scenario: 'multi-account', now: NOW });
  let token: string;
  beforeAll(async () => {
    token = await connectHttpToTestBackend(backend);
  });

  const db = () => backend.current.db;
  const trucksOf = (storeId: number) => db().trucks.findMany((q) => q.where({ store_id: storeId }));
  const deliveriesOf = (storeId: number) => db().deliveries.findMany((q) => q.where({ store_id: storeId }));

  /** POST /stores/delivery/search as the wire answers it (unix seconds). */
  async function search(body: unknown, query = 'limit=200&offset=0') {
    const response = await storeCall(`/stores/delivery/search?${query}`, token, { method: 'POST', ...json(body) });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: DeliveryWire[]; limit: number; offset: number; total: number };
  }

  describe('GET /stores/trucks/{status} and /stores/trucks/{id}', () => {
    it('lists the store’s trucks of a status, sorted by name, as one page', async () => {
      await expect(listTrucks('active')).resolves.toEqual({
        data: [expect.objectContaining({ name: 'Van 1 (Centre)', plate: '4821 LKM' }), expect.objectContaining({ name: 'Van 2 (Ruzafa)', plate: '7315 JHB' })],
        limit: 10,
        offset: 0,
        total: 2,
      });
      expect((await listTrucks('maintenance')).data.map((t) => t.name)).toEqual(['Van 3']);
      await expect(listTrucks('inactive')).resolves.toMatchObject({ data: [], total: 0 });
      const response = await storeCall('/stores/trucks/active', token);
      const body: unknown = await response.json();
      expect(Array.isArray(body)).toBe(true); // the platform answers a plain array
      expect((body as unknown[]).every((t) => TruckSchema.strict().safeParse(t).success)).toBe(true);
    });

    it('searches name, plate and driver without case or accents (a plate also without its separators)', async () => {
      expect(await truckNames('ruzafa')).toEqual(['Van 2 (Ruzafa)']);
      expect(await truckNames('4821lkm')).toEqual(['Van 1 (Centre)']);
      expect(await truckNames('ANDRES')).toEqual(['Van 1 (Centre)']); // Andrés Soler
      expect(await truckNames('  ')).toEqual(['Van 1 (Centre)', 'Van 2 (Ruzafa)']);
      expect(await truckNames('pepe')).toEqual([]); // Pepe Mas drives Van 3, in maintenance
    });

    it('answers one truck by id; another store’s or a missing id is 404', async () => {
      const [van1] = trucksOf(STORE).filter((t) => t.name === 'Van 1 (Centre)');
      await expect(getTruck(van1.id)).resolves.toEqual(TruckSchema.parse(van1));
      const [bike] = trucksOf(OTHER);
      const foreign = await storeCall(`/stores/trucks/${bike.id}`, token);
      expect(foreign.status).toBe(404);
      expect(await messageOf(foreign)).toBe(`Truck ${bike.id} not found`);
      expect((await storeCall('/stores/trucks/999999', token)).status).toBe(404);
    });

    it('answers 400 for an unknown status or query field, 401 without a session', async () => {
      const unknown = await storeCall('/stores/trucks/parked', token);
      expect(unknown.status).toBe(400);
      expect(await messageOf(unknown)).toMatch(/^status: /);
      const field = await storeCall('/stores/trucks/active?limit=10', token);
      expect(field.status).toBe(400);
      expect(await messageOf(field)).toMatch(/limit/);
      expect((await storeCall('/stores/trucks/active', undefined)).status).toBe(401);
      expect((await storeCall(`/stores/trucks/${trucksOf(STORE)[0].id}`, 'not-a-token')).status).toBe(401);
    });
  });

  describe('PUT, POST and DELETE /stores/trucks', () => {
    it('creates a truck of the current store (201), upper-casing the plate; the list and the db hold it', async () => {
      const response = await storeCall('/stores/trucks', token, { method: 'PUT', ...json(truckInput({ plate: ' 1234 bcd ' })) });
      expect(response.status).toBe(201);
      const created = TruckSchema.strict().parse(await response.json());
      expect(created).toMatchObject({ ...truckInput(), plate: '1234 BCD', store_id: STORE });
      expect(db().trucks.findFirst((q) => q.where({ id: created.id }))).toMatchObject({ store_id: STORE, plate: '1234 BCD' });
      expect((await listTrucks('active')).data.map((t) => t.name)).toEqual(['Van 1 (Centre)', 'Van 2 (Ruzafa)', 'Van 4 (Benimaclet)']);
      await deleteTruck(created.id);
    });

    it('refuses a plate or a name the store already uses (409), however the plate is written', async () => {
      const plate = await storeCall('/stores/trucks', token, { method: 'PUT', ...json(truckInput({ plate: '4821-lkm' })) });
      expect(plate.status).toBe(409);
      expect(await messageOf(plate)).toBe('plate: 4821-LKM is already the plate of Van 1 (Centre)');
      const name = await storeCall('/stores/trucks', token, { method: 'PUT', ...json(truckInput({ name: 'van 3' })) });
      expect(name.status).toBe(409);
      expect(await messageOf(name)).toBe('name: the store already has a truck called Van 3');
      // Another store's plate is no conflict: plates are unique within a store.
      const bike = trucksOf(OTHER)[0];
      const created = await createTruck(truckInput({ plate: bike.plate }));
      expect(created.plate).toBe(bike.plate);
      await deleteTruck(created.id);
    });

    it('answers 400 with the field for an invalid or unknown field, and for no body', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{ ...truckInput(), id: 12 }, /id/],
        [truckInput({ plate: '#12' }), /^plate: /],
        [truckInput({ capacity: 0 }), /^capacity: /],
        [{ ...truckInput(), status: 'parked' }, /^status: /],
        [{ ...truckInput(), name: '' }, /^name: /],
      ];
      for (const [body, message] of cases) {
        const response = await storeCall('/stores/trucks', token, { method: 'PUT', ...json(body) });
        expect(response.status).toBe(400);
        expect(await messageOf(response)).toMatch(message);
      }
      expect((await storeCall('/stores/trucks', token, { method: 'PUT' })).status).toBe(400);
      expect(trucksOf(STORE)).toHaveLength(3);
    });

    it('saves an edit; a rename follows on the truck’s deliveries, its own plate is no conflict', async () => {
      const van2 = trucksOf(STORE).find((t) => t.name === 'Van 2 (Ruzafa)')!;
      const carried = deliveriesOf(STORE).filter((d) => d.delivery_truck === van2.name).map((d) => d.id);
      expect(carried.length).toBeGreaterThan(0);
      const saved = await updateTruck({ ...TruckUpdateSchema.parse(van2), name: 'Van 2 (Russafa)', capacity: 38 });
      expect(saved).toMatchObject({ id: van2.id, name: 'Van 2 (Russafa)', capacity: 38, plate: van2.plate });
      expect(db().trucks.findFirst((q) => q.where({ id: van2.id }))).toMatchObject({ name: 'Van 2 (Russafa)', capacity: 38 });
      expect(deliveriesOf(STORE).filter((d) => d.delivery_truck === 'Van 2 (Russafa)').map((d) => d.id)).toEqual(carried);
      await updateTruck({ ...saved, name: van2.name, capacity: van2.capacity });
      expect(deliveriesOf(STORE).filter((d) => d.delivery_truck === van2.name).map((d) => d.id)).toEqual(carried);
    });

    it('answers 404 for an edit of another store’s truck or a missing one, 409 for a plate taken by another truck', async () => {
      const bike = TruckSchema.parse(trucksOf(OTHER)[0]);
      const { store_id: _, ...edit } = bike;
      const foreign = await storeCall('/stores/trucks', token, { method: 'POST', ...json({ ...edit, name: 'Mine now' }) });
      expect(foreign.status).toBe(404);
      expect(TruckSchema.parse(trucksOf(OTHER)[0])).toEqual(bike);
      expect((await storeCall('/stores/trucks', token, { method: 'POST', ...json({ ...truckInput(), id: 999_999 }) })).status).toBe(404);
      const [van1, van2] = trucksOf(STORE);
      const taken = await storeCall('/stores/trucks', token, { method: 'POST', ...json({ ...TruckSchema.parse(van2), store_id: undefined, plate: van1.plate }) });
      expect(taken.status).toBe(409);
      const noId = await storeCall('/stores/trucks', token, { method: 'POST', ...json(truckInput()) });
      expect(noId.status).toBe(400);
      expect(await messageOf(noId)).toMatch(/^id: /);
    });

    it('deletes a truck: { ok: true }, gone from the db, its assigned deliveries back to pending', async () => {
      const truck = await createTruck(truckInput({ name: 'Spare van', plate: '9999 ZZZ' }));
      const [delivery] = deliveriesOf(STORE).filter((d) => d.delivery_status === 'assigned');
      const driver = delivery.delivery_truck;
      await db().deliveries.update((q) => q.where({ id: delivery.id }), {
        data(draft) {
          draft.delivery_truck = 'Spare van';
        },
      });
      const response = await storeCall(`/stores/trucks/${truck.id}`, token, { method: 'DELETE' });
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ ok: true });
      expect(db().trucks.findFirst((q) => q.where({ id: truck.id }))).toBeUndefined();
      expect(db().deliveries.findFirst((q) => q.where({ id: delivery.id }))).toMatchObject({ delivery_status: 'pending', delivery_truck: '' });
      await expect(apiFailure(getTruck(truck.id))).resolves.toMatchObject({ status: 404 });
      await expect(apiFailure(deleteTruck(truck.id))).resolves.toMatchObject({ status: 404 });
      await db().deliveries.update((q) => q.where({ id: delivery.id }), {
        data(draft) {
          draft.delivery_status = 'assigned';
          draft.delivery_truck = driver;
        },
      });
    });

    it('never deletes another store’s truck (404)', async () => {
      const [bike] = trucksOf(OTHER);
      expect((await storeCall(`/stores/trucks/${bike.id}`, token, { method: 'DELETE' })).status).toBe(404);
      expect(trucksOf(OTHER)).toHaveLength(1);
    });
  });

  describe('/stores/pickuplocation', () => {
    it('lists the store’s pickup locations sorted by name and searches name, address and contact', async () => {
      const all = await listPickupLocations();
      expect(all).toMatchObject({ limit: 10, offset: 0, total: 3 });
      expect(all.data.map((l) => l.name)).toEqual(['Blasco Ibáñez campus lockers', 'Mercat Central, stall 212', 'Ruzafa collection point']);
      expect((await listPickupLocations({ search: 'SUECA' })).data.map((l) => l.name)).toEqual(['Ruzafa collection point']);
      expect((await listPickupLocations({ search: 'ibanez' })).data.map((l) => l.name)).toEqual(['Blasco Ibáñez campus lockers']);
      expect((await listPickupLocations({ search: 'ferrando' })).data.map((l) => l.name)).toEqual(['Mercat Central, stall 212']);
      expect((await listPickupLocations({ search: 'San Fernando' })).data).toEqual([]); // store 102's
      expect((await storeCall('/stores/pickuplocation?offset=0', token)).status).toBe(400);
    });

    it('creates (201), reads, edits and deletes a pickup location of the current store', async () => {
      const response = await storeCall('/stores/pickuplocation', token, { method: 'PUT', ...json(pickupInput()) });
      expect(response.status).toBe(201);
      const created = PickupLocationSchema.strict().parse(await response.json());
      expect(created).toMatchObject({ ...pickupInput(), store_id: STORE });
      await expect(getPickupLocation(created.id)).resolves.toEqual(created);
      const saved = await updatePickupLocation({ ...PickupLocationUpdateSchema.parse(created), opening_hours: 'Mon–Fri 10:00–20:00', country: 'PT' });
      expect(db().pickupLocations.findFirst((q) => q.where({ id: created.id }))).toMatchObject({ opening_hours: 'Mon–Fri 10:00–20:00', country: 'PT' });
      expect(saved.opening_hours).toBe('Mon–Fri 10:00–20:00');
      const deleted = await storeCall(`/stores/pickuplocation/${created.id}`, token, { method: 'DELETE' });
      await expect(deleted.json()).resolves.toEqual({ ok: true });
      expect(db().pickupLocations.findFirst((q) => q.where({ id: created.id }))).toBeUndefined();
      expect((await storeCall(`/stores/pickuplocation/${created.id}`, token)).status).toBe(404);
      expect((await storeCall(`/stores/pickuplocation/${created.id}`, token, { method: 'DELETE' })).status).toBe(404);
    });

    it('accepts only a known two-letter country code and the form’s fields (400)', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [pickupInput({ country: 'XX' }), /^country: XX is not a known two-letter country code$/],
        [pickupInput({ country: 'es' }), /^country: /],
        [pickupInput({ country: 'ESP' }), /^country: /],
        [pickupInput({ lat: 91 }), /^lat: /],
        [{ ...pickupInput(), store_id: STORE }, /store_id/],
        [{ ...pickupInput(), address: undefined }, /^address: /],
      ];
      for (const [body, message] of cases) {
        const response = await storeCall('/stores/pickuplocation', token, { method: 'PUT', ...json(body) });
        expect(response.status).toBe(400);
        expect(await messageOf(response)).toMatch(message);
      }
      const [location] = db().pickupLocations.findMany((q) => q.where({ store_id: STORE }));
      const edit = await storeCall('/stores/pickuplocation', token, { method: 'POST', ...json({ ...PickupLocationSchema.parse(location), store_id: undefined, country: 'ZZ' }) });
      expect(edit.status).toBe(400);
      expect(db().pickupLocations.findFirst((q) => q.where({ id: location.id }))?.country).toBe('ES');
    });

    it('keeps another store’s pickup locations out of reach (404), and needs a session (401)', async () => {
      const [market] = db().pickupLocations.findMany((q) => q.where({ store_id: OTHER }));
      expect((await storeCall(`/stores/pickuplocation/${market.id}`, token)).status).toBe(404);
      expect((await storeCall(`/stores/pickuplocation/${market.id}`, token, { method: 'DELETE' })).status).toBe(404);
      const { store_id: _, ...edit } = PickupLocationSchema.parse(market);
      expect((await storeCall('/stores/pickuplocation', token, { method: 'POST', ...json({ ...edit, name: 'Mine now' }) })).status).toBe(404);
      expect(db().pickupLocations.findFirst((q) => q.where({ id: market.id }))).toMatchObject({ store_id: OTHER, name: market.name });
      expect((await storeCall('/stores/pickuplocation', undefined)).status).toBe(401);
      expect((await storeCall('/stores/pickuplocation', undefined, { method: 'PUT', ...json(pickupInput()) })).status).toBe(401);
    });
  });

  describe('POST /stores/delivery/search', () => {
    it('answers the store’s deliveries newest first (ties: the higher id first), paged', async () => {
      const own = deliveriesOf(STORE).map((d) => DeliveryWireSchema.parse(d));
      const all = await search({});
      expect(all.total).toBe(own.length);
      expect(all.data.map((d) => d.id)).toEqual(newestFirst(own));
      expect(all.data.every((d) => d.store_id === STORE && DeliveryWireSchema.strict().safeParse(d).success)).toBe(true);
      const page = await search({}, 'limit=5&offset=5');
      expect(page).toMatchObject({ limit: 5, offset: 5, total: own.length });
      expect(page.data.map((d) => d.id)).toEqual(all.data.slice(5, 10).map((d) => d.id));
      expect(await search({}, '')).toMatchObject({ limit: 10, offset: 0 });
      const beyond = await search({}, `limit=10&offset=${own.length}`);
      expect(beyond).toMatchObject({ data: [], total: own.length });
    });

    it('filters by status and by truck (its exact name)', async () => {
      for (const status of ['assigned', 'delivered', 'pending', 'rejected'] as const) {
        const found = await search({ status });
        expect(found.total).toBe(deliveriesOf(STORE).filter((d) => d.delivery_status === status).length);
        expect(found.data.every((d) => d.delivery_status === status)).toBe(true);
      }
      const van1 = await search({ truck: 'Van 1 (Centre)' });
      expect(van1.total).toBeGreaterThan(0);
      expect(van1.data.every((d) => d.delivery_truck === 'Van 1 (Centre)')).toBe(true);
      expect((await search({ truck: 'Van 1' })).total).toBe(0);
      expect((await search({ truck: 'van 1 (centre)' })).total).toBe(0);
    });

    it('filters by date, both ends inclusive (unix seconds)', async () => {
      const [from, to] = [seconds(startOfDay(NOW)), seconds(addDays(NOW, 1)) - 1];
      const today = await search({ date_from: from, date_to: to });
      expect(today.total).toBe(deliveriesOf(STORE).filter((d) => d.delivery_date >= from && d.delivery_date <= to).length);
      expect(today.total).toBeGreaterThanOrEqual(6);
      const [one] = today.data;
      const exact = await search({ date_from: one.delivery_date, date_to: one.delivery_date });
      expect(exact.data.map((d) => d.id)).toContain(one.id);
      expect(exact.data.every((d) => d.delivery_date === one.delivery_date)).toBe(true);
      expect((await search({ date_from: one.delivery_date + 1, date_to: one.delivery_date - 1 })).total).toBe(0);
      const later = await search({ date_from: seconds(NOW) + 1 });
      expect(later.data.every((d) => d.delivery_status === 'assigned' || d.delivery_status === 'pending')).toBe(true);
    });

    it('finds text in the pickup code, address, recipient, e-mail or phone, without case or accents', async () => {
      const sample = deliveriesOf(STORE).find((d) => d.delivery_status === 'delivered')!;
      const ids = async (text: string) => (await search({ text })).data.map((d) => d.id);
      const words = sample.pickup_code.split(' ');
      expect(await ids(sample.pickup_code.toLowerCase())).toEqual([sample.id]);
      expect(await ids(words.at(-1)!)).toContain(sample.id);
      expect(await ids(words[0].toUpperCase())).toContain(sample.id);
      expect(await ids(sample.order_address.slice(0, 12).toUpperCase())).toContain(sample.id);
      expect(await ids(sample.order_delivery_to.normalize('NFD').replace(/\p{M}/gu, ''))).toContain(sample.id);
      expect(await ids(sample.order_delivery_to_mail)).toContain(sample.id);
      expect(await ids(sample.phone)).toContain(sample.id);
      expect(await ids(sample.phone.replace(/\s/g, '').slice(-7))).toContain(sample.id);
      expect(await ids('valencia')).toHaveLength(deliveriesOf(STORE).length); // every address is in València
      expect(await ids('Madrid')).toEqual([]); // store 102's deliveries are not the current store's
      const combined = await search({ text: 'ruzafa', status: 'delivered' });
      expect(combined.data.every((d) => d.delivery_status === 'delivered' && /ruzafa/i.test(`${d.pickup_code} ${d.order_address}`))).toBe(true);
    });

    it('decodes in the api layer: dates in milliseconds, the same order', async () => {
      const page = await searchDeliveries({ status: 'assigned' }, { limit: 3, offset: 0 });
      const wire = await search({ status: 'assigned' }, 'limit=3&offset=0');
      expect(page.total).toBe(wire.total);
      expect(page.data.map((d) => [d.id, d.delivery_date])).toEqual(wire.data.map((d) => [d.id, d.delivery_date * 1000]));
    });

    it('answers 400 for an unknown or invalid filter, bad paging or no body; 401 without a session', async () => {
      const cases: Array<[string, unknown, RegExp]> = [
        ['limit=10&offset=0', { status: 'lost' }, /^status: /],
        ['limit=10&offset=0', { driver: 'Andrés' }, /driver/],
        ['limit=10&offset=0', { date_from: 'yesterday' }, /^date_from: /],
        ['limit=10&offset=0', { truck: '' }, /^truck: /],
        ['limit=0&offset=0', {}, /^limit: /],
        ['limit=201&offset=0', {}, /^limit: /],
        ['limit=abc&offset=0', {}, /^limit: /],
        ['limit=10&offset=-1', {}, /^offset: /],
        ['limit=10&offset=0&sort=asc', {}, /sort/],
      ];
      for (const [query, body, message] of cases) {
        const response = await storeCall(`/stores/delivery/search?${query}`, token, { method: 'POST', ...json(body) });
        expect(response.status).toBe(400);
        expect(await messageOf(response)).toMatch(message);
      }
      expect((await storeCall('/stores/delivery/search?limit=10&offset=0', token, { method: 'POST' })).status).toBe(400);
      expect((await storeCall('/stores/delivery/search?limit=10&offset=0', undefined, { method: 'POST', ...json({}) })).status).toBe(401);
    });
  });

  describe('GET /stores/delivery/{id}', () => {
    it('answers the delivery with its route: the store, the pickup location nearest the recipient, the recipient’s door', async () => {
      const store = db().stores.findFirst((q) => q.where({ id: STORE }))!;
      const locations = db().pickupLocations.findMany((q) => q.where({ store_id: STORE }));
      for (const delivery of deliveriesOf(STORE).slice(0, 12)) {
        const response = await storeCall(`/stores/delivery/${delivery.id}`, token);
        const detail = DeliveryDetailWireSchema.strict().parse(await response.json());
        expect(detail).toMatchObject(DeliveryWireSchema.parse(delivery));
        expect(detail.places.map((p) => p.kind)).toEqual(['store', 'pickup', 'recipient']);
        expect(detail.places[0]).toEqual({ kind: 'store', name: 'Forn de la Llotja', address: store.address.address_print, lat: store.address_lat, lon: store.address_lon });
        expect(detail.places[2]).toEqual({ kind: 'recipient', name: delivery.order_delivery_to, address: delivery.order_address, lat: delivery.lat, lon: delivery.lon });
        const stop = detail.places[1];
        const chosen = locations.find((l) => l.name === stop.name)!;
        expect(stop).toEqual({ kind: 'pickup', name: chosen.name, address: chosen.address, lat: chosen.lat, lon: chosen.lon });
        for (const other of locations) expect(kmBetween(chosen, delivery)).toBeLessThanOrEqual(kmBetween(other, delivery) + 0.01);
      }
    });

    it('decodes in the api layer with the date in milliseconds', async () => {
      const [delivery] = deliveriesOf(STORE);
      const detail = await getDelivery(delivery.id);
      expect(detail.delivery_date).toBe(delivery.delivery_date * 1000);
      expect(detail.places).toHaveLength(3);
    });

    it('answers 404 for another store’s delivery or a missing one, 401 without a session', async () => {
      const [foreign] = deliveriesOf(OTHER);
      const response = await storeCall(`/stores/delivery/${foreign.id}`, token);
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(`Delivery ${foreign.id} not found`);
      expect((await storeCall('/stores/delivery/424242', token)).status).toBe(404);
      expect((await storeCall('/stores/delivery/abc', token)).status).toBe(404);
      expect((await storeCall(`/stores/delivery/${deliveriesOf(STORE)[0].id}`, undefined)).status).toBe(401);
    });
  });

  describe('faults by operation name', () => {
    it('tells GET /stores/trucks/{id} from GET /stores/trucks/{status}; each can be set and cleared alone', async () => {
      const { devkit } = backend.current;
      const [van1] = trucksOf(STORE);
      devkit.fail('GET /stores/trucks/{id}', 503);
      await expect(apiFailure(getTruck(van1.id))).resolves.toMatchObject({ kind: 'http', status: 503, operation: 'GET /stores/trucks/{id}' });
      expect((await listTrucks('active')).total).toBe(2);

      devkit.fail('GET /stores/trucks/{status}', 500);
      expect(devkit.faults().failures.map((f) => f.operation)).toEqual(['GET /stores/trucks/{id}', 'GET /stores/trucks/{status}']);
      await expect(apiFailure(listTrucks('maintenance'))).resolves.toMatchObject({ status: 500, operation: 'GET /stores/trucks/{status}' });
      await expect(apiFailure(getTruck(van1.id))).resolves.toMatchObject({ status: 503 });

      devkit.clearFaults('GET /stores/trucks/{id}');
      await expect(getTruck(van1.id)).resolves.toMatchObject({ id: van1.id });
      await expect(apiFailure(listTrucks('active'))).resolves.toMatchObject({ status: 500 });
      devkit.clearFaults('GET /stores/trucks/{status}');
      expect((await listTrucks('active')).total).toBe(2);

      // Another placeholder there names the shape: both operations.
      devkit.fail('GET /stores/trucks/{x}', 502);
      expect((await storeCall(`/stores/trucks/${van1.id}`, token)).status).toBe(502);
      expect((await storeCall('/stores/trucks/active', token)).status).toBe(502);
    });

    it('fails DELETE /stores/trucks/{id} without deleting anything', async () => {
      const [van1] = trucksOf(STORE);
      backend.current.devkit.fail('DELETE /stores/trucks/{id}', 500);
      await expect(apiFailure(deleteTruck(van1.id))).resolves.toMatchObject({ status: 500, operation: 'DELETE /stores/trucks/{id}' });
      expect(db().trucks.findFirst((q) => q.where({ id: van1.id }))).toBeDefined();
    });

    it('reaches every other logistics call by its spec name', async () => {
      const { devkit } = backend.current;
      const [location] = db().pickupLocations.findMany((q) => q.where({ store_id: STORE }));
      const [delivery] = deliveriesOf(STORE);
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['PUT /stores/trucks', () => createTruck(truckInput())],
        ['POST /stores/trucks', () => updateTruck(TruckUpdateSchema.parse(trucksOf(STORE)[0]))],
        ['GET /stores/pickuplocation', () => listPickupLocations()],
        ['GET /stores/pickuplocation/{id}', () => getPickupLocation(location.id)],
        ['PUT /stores/pickuplocation', () => createPickupLocation(pickupInput())],
        ['POST /stores/pickuplocation', () => updatePickupLocation(PickupLocationUpdateSchema.parse(location))],
        ['DELETE /stores/pickuplocation/{id}', () => fetch(`${API}/stores/pickuplocation/${location.id}`, { method: 'DELETE', headers: { 'X-Access-Token': token } }).then(orThrow)],
        ['POST /stores/delivery/search', () => searchDeliveries({}, { limit: 10, offset: 0 })],
        ['GET /stores/delivery/{id}', () => getDelivery(delivery.id)],
      ];
      for (const [operation, call] of calls) {
        devkit.fail(operation, 503, { times: 1 });
        const failure: unknown = await call().then(
          () => 'answered',
          (e: unknown) => e,
        );
        expect({ operation, failure }).toMatchObject({ operation, failure: { status: 503 } });
        expect(devkit.faults().failures).toEqual([]);
      }
      expect(trucksOf(STORE)).toHaveLength(3);
      expect(db().pickupLocations.findMany((q) => q.where({ store_id: STORE }))).toHaveLength(3);
    });
  });

  describe('after a store switch', () => {
    it('acts on the new store: its records answer, the previous store’s are 404; no pickup location, no stopover', async () => {
      const switched = await storeCall('/stores/operator/chacc', token, { method: 'POST', ...json({ currentAccount: STORE, newAccount: 103 }) });
      expect(switched.status).toBe(200);
      const van = await listTrucks('active');
      expect(van.data.map((t) => t.name)).toEqual(['Electric van']);
      const [ownTruck] = trucksOf(STORE);
      expect((await storeCall(`/stores/trucks/${ownTruck.id}`, token)).status).toBe(404);
      const [delivery] = deliveriesOf(103);
      expect((await getDelivery(delivery.id)).places.map((p) => p.kind)).toEqual(['store', 'pickup', 'recipient']);
      for (const location of (await listPickupLocations()).data) {
        expect((await storeCall(`/stores/pickuplocation/${location.id}`, token, { method: 'DELETE' })).status).toBe(200);
      }
      const places = (await getDelivery(delivery.id)).places;
      expect(places.map((p) => p.kind)).toEqual(['store', 'recipient']);
      expect(places[0]).toMatchObject({ name: 'Fruiteria del Born' });
    });

    it('leaves the data consistent after every change of this file', () => {
      expect(logisticsInconsistencies(db(), NOW)).toEqual([]);
    });
  });
});

async function orThrow(response: Response): Promise<Response> {
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return response;
}

describe('fault rules for a shared path shape', () => {
  it('matches a named operation only to the calls its handler says are that operation', () => {
    const faults = createFaults();
    faults.fail('GET /stores/trucks/{id}', 503);
    expect(faults.match('GET', '/stores/trucks/12', 'GET /stores/trucks/{id}')).toMatchObject({ outcome: 503 });
    expect(faults.match('GET', '/stores/trucks/active', 'GET /stores/trucks/{status}')).toBeUndefined();
    faults.fail('get stores/trucks/{status}/', 500); // another spelling, another operation
    expect(faults.activeFaults().failures).toHaveLength(2);
    expect(faults.match('GET', '/stores/trucks/active', 'GET /stores/trucks/{status}')).toMatchObject({ outcome: 500 });
    faults.fail('GET /stores/trucks/{status}', 418); // the same operation: replaces it
    expect(faults.activeFaults().failures.map((f) => f.outcome)).toEqual([503, 418]);
    faults.clearFaults('GET /stores/trucks/{status}');
    expect(faults.activeFaults().failures.map((f) => f.operation)).toEqual(['GET /stores/trucks/{id}']);
  });
});

describe('a persisted backend keeps logistics changes across a reload', () => {
  const server = setupServer();
  beforeAll(async () => {
    localStorage.clear();
    const backend = await createBackend({
      apiBaseUrl: API,
      projectId: 'console-mock',
      scenarios,
      scenario: 'default',
      now: () => NOW + HOUR_MS,
      journal: () => undefined,
      persistence: createStoragePersistence(),
    });
    server.use(...backend.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => {
    server.close();
    localStorage.clear();
  });

  it('reloads the created truck and pickup location, the edit and the deletion', async () => {
    const token = await sessionToken();
    const put = (path: string, body: unknown) => storeCall(path, token, { method: 'PUT', ...json(body) });
    const truck = TruckSchema.parse(await (await put('/stores/trucks', truckInput())).json());
    const location = PickupLocationSchema.parse(await (await put('/stores/pickuplocation', pickupInput())).json());
    const edited = await storeCall('/stores/trucks', token, { method: 'POST', ...json({ ...truckInput(), id: truck.id, status: 'maintenance' }) });
    expect(edited.status).toBe(200);
    const seededLocation = (await (await storeCall('/stores/pickuplocation?search=Ruzafa', token)).json()) as Array<{ id: number }>;
    expect((await storeCall(`/stores/pickuplocation/${seededLocation[0].id}`, token, { method: 'DELETE' })).status).toBe(200);

    const reloaded = createDb();
    await expect(createStoragePersistence().load(reloaded, scenarios.default, () => true)).resolves.toBe(NOW + HOUR_MS);
    expect(reloaded.trucks.findFirst((q) => q.where({ id: truck.id }))).toMatchObject({ status: 'maintenance', plate: '1234 BCD' });
    expect(reloaded.pickupLocations.findFirst((q) => q.where({ id: location.id }))).toMatchObject({ name: 'Benimaclet lockers' });
    expect(reloaded.pickupLocations.findFirst((q) => q.where({ id: seededLocation[0].id }))).toBeUndefined();
  });
});
