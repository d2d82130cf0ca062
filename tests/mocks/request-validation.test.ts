import { beforeAll, describe, expect, it } from 'vitest';
import { QUANTITY_REQUIRED_MESSAGE } from '../../src/api/offer-rules';
import { offerCreateBody, type OfferInput } from '../../src/api/offers';
import { templateCreateBody } from '../../src/api/templates';
import type { PickupLocationInput, TruckInput } from '../../src/api/logistics';
import { offerInput, pickupInput, templateInput } from './fixtures';
import { API, connectHttpToTestBackend, setupTestBackend, storeCall } from './support';

/*
 * Issue #23: the mock server is exactly as strict as the console's forms. Names are not blank and
 * not longer than the forms allow, quantities and prices are bounded, dates are plausible unix
 * seconds, ids are decimal and bodies are declared JSON. Every 400 carries the message the form
 * shows for the same rule (src/api/field-rules.ts).
 */

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

const offerDraft = (overrides: Partial<OfferInput> = {}) => offerInput(NOW, overrides);
const offerBody = (overrides: Record<string, unknown> = {}) => ({ ...offerCreateBody(offerDraft()), ...overrides });

function templateBody(overrides: Record<string, unknown> = {}, offer: Record<string, unknown> = {}) {
  const body = templateCreateBody(templateInput(NOW));
  return { ...body, ...overrides, offer: { ...body.offer, ...offer } };
}

const truckBody = (overrides: Partial<Record<keyof TruckInput, unknown>> = {}) => ({
  name: 'Van 9 (Validation)',
  plate: '9876 ZXY',
  capacity: 32,
  driver_name: 'Marina Peris',
  driver_phone: '+34 644 120 339',
  status: 'active',
  ...overrides,
});

const pickupBody = (overrides: Partial<Record<keyof PickupLocationInput, unknown>> = {}) => ({ ...pickupInput({ name: 'Validation lockers' }), ...overrides });

async function expectRefused(path: string, method: string, body: unknown, message: string): Promise<void> {
  const response = await storeCall(path, token, { method, ...json(body) });
  expect({ status: response.status, message: await messageOf(response) }).toEqual({ status: 400, message });
}

const DATE_MESSAGE = 'Enter a date between 2000 and 2100';
const expectOfferRefused = (body: unknown, message: string) => expectRefused('/stores/offers', 'PUT', body, message);
const expectTemplateRefused = (body: unknown, message: string) => expectRefused('/stores/templates', 'PUT', body, message);
/** Ways of writing an id that Number() reads as the id, and a strict server does not. */
const lookalikes = (id: number) => [`0x${id.toString(16)}`, `+${id}`, `${id}.0`, `0${id}`, `${id}e0`];
const sendAs = (path: string, method: string, body: unknown, contentType?: string) =>
  fetch(`${API}${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(contentType === undefined ? {} : { 'Content-Type': contentType }) },
    body: JSON.stringify(body),
  });

describe('offers: bodies as strict as the offer form', () => {
  it('refuses a blank or whitespace name with the form’s message', async () => {
    await expectOfferRefused(offerBody({ name: '' }), 'name: is required');
    await expectOfferRefused(offerBody({ name: '   ' }), 'name: is required');
  });

  it('refuses a name longer than the form allows (120 characters); 120 is fine', async () => {
    await expectOfferRefused(offerBody({ name: 'x'.repeat(121) }), 'name: Use at most 120 characters');
    const ok = await storeCall('/stores/offers', token, { method: 'PUT', ...json(offerBody({ name: 'x'.repeat(120) })) });
    expect(ok.status).toBe(201);
  });

  it('refuses quantity 0 and a quantity above the maximum', async () => {
    await expectOfferRefused(offerBody({ quantity: 0, quantity_left: 0 }), 'quantity: Enter at least 1');
    await expectOfferRefused(offerBody({ quantity: 10_001, quantity_left: 10_001 }), 'quantity: Enter at most 10000');
  });

  it('refuses origin_price 0 and unit_price 0', async () => {
    await expectOfferRefused(offerBody({ origin_price: 0 }), 'origin_price: Enter a price above 0');
    await expectOfferRefused(offerBody({ unit_price: 0 }), 'unit_price: Enter a price above 0');
  });

  it('answers unit_price 1e308 with a 400 and a message, not a 500', async () => {
    await expectOfferRefused(offerBody({ unit_price: 1e308 }), 'unit_price: Enter a price of at most 10000');
    await expectOfferRefused(offerBody({ origin_price: 1e308 }), 'origin_price: Enter a price of at most 10000');
  });

  it('refuses dates of -1 or 1e15 seconds', async () => {
    await expectOfferRefused(offerBody({ order_date_from: -1 }), `order_date_from: ${DATE_MESSAGE}`);
    await expectOfferRefused(offerBody({ pickup_date_to: 1e15 }), `pickup_date_to: ${DATE_MESSAGE}`);
  });

  it('checks an edit the same way', async () => {
    const offer = backend.current.db.offers.findFirst((q) => q.where({ store_id: STORE }))!;
    await expectRefused('/stores/offers', 'POST', { ...offerBody({ name: '  ' }), id: offer.id }, 'name: is required');
  });
});

describe('templates: bodies as strict as the template form', () => {
  it('refuses a blank or over-long name (the template’s and its embedded offer’s)', async () => {
    await expectTemplateRefused(templateBody({ name: '   ' }), 'name: is required');
    await expectTemplateRefused(templateBody({ name: 'x'.repeat(121) }), 'name: Use at most 120 characters');
    await expectTemplateRefused(templateBody({}, { name: ' ' }), 'offer.name: is required');
  });

  it('refuses a repeat quantity above the maximum, and none while it repeats', async () => {
    await expectTemplateRefused(templateBody({ template_quantity: 10_001 }), 'template_quantity: Enter at most 10000');
    await expectTemplateRefused(templateBody({ template_quantity: 0 }), QUANTITY_REQUIRED_MESSAGE);
  });

  it('refuses prices of 0 or 1e308 and implausible dates on the embedded offer', async () => {
    await expectTemplateRefused(templateBody({}, { origin_price: 0 }), 'offer.origin_price: Enter a price above 0');
    await expectTemplateRefused(templateBody({}, { unit_price: 1e308 }), 'offer.unit_price: Enter a price of at most 10000');
    await expectTemplateRefused(templateBody({}, { order_date_from: -1 }), `offer.order_date_from: ${DATE_MESSAGE}`);
    await expectTemplateRefused(templateBody({}, { pickup_date_to: 1e15 }), `offer.pickup_date_to: ${DATE_MESSAGE}`);
  });
});

describe('trucks and pickup locations: bodies answered with the forms’ messages', () => {
  it('trucks: blank name, over-long name and driver, malformed phone', async () => {
    await expectRefused('/stores/trucks', 'PUT', truckBody({ name: '   ' }), 'name: Enter the truck’s name');
    await expectRefused('/stores/trucks', 'PUT', truckBody({ name: 'x'.repeat(61) }), 'name: Use at most 60 characters');
    await expectRefused('/stores/trucks', 'PUT', truckBody({ driver_name: 'x'.repeat(81) }), 'driver_name: Use at most 80 characters');
    await expectRefused('/stores/trucks', 'PUT', truckBody({ driver_phone: 'call me' }), 'driver_phone: Enter a valid phone number, e.g. +34 600 000 000');
  });

  it('pickup locations: blank name and address, over-long fields', async () => {
    await expectRefused('/stores/pickuplocation', 'PUT', pickupBody({ name: ' ' }), 'name: Enter the location’s name');
    await expectRefused('/stores/pickuplocation', 'PUT', pickupBody({ address: '  ' }), 'address: Enter the address');
    await expectRefused('/stores/pickuplocation', 'PUT', pickupBody({ name: 'x'.repeat(81) }), 'name: Use at most 80 characters');
    await expectRefused('/stores/pickuplocation', 'PUT', pickupBody({ opening_hours: 'x'.repeat(121) }), 'opening_hours: Use at most 120 characters');
  });
});

describe('ids: only decimal ids name a record', () => {
  it('offers, templates, trucks and pickup locations answer 404 for hex, signed, fractional, zero-padded or exponent ids', async () => {
    const db = backend.current.db;
    const cases: Array<[string, string, number]> = [
      ['/stores/offers/', 'Offer', db.offers.findFirst((q) => q.where({ store_id: STORE }))!.id],
      ['/stores/templates/', 'Template', db.templates.findFirst((q) => q.where({ store_id: STORE }))!.id],
      ['/stores/pickuplocation/', 'Pickup location', db.pickupLocations.findFirst((q) => q.where({ store_id: STORE }))!.id],
    ];
    for (const [path, what, id] of cases) {
      expect((await storeCall(`${path}${id}`, token)).status).toBe(200);
      for (const alias of lookalikes(id)) {
        const response = await storeCall(`${path}${alias}`, token);
        expect({ alias, status: response.status, message: await messageOf(response) }).toEqual({ alias, status: 404, message: `${what} ${alias} not found` });
      }
    }
    // A truck path segment is an id or a status: a look-alike is neither, and never the truck.
    const truck = db.trucks.findFirst((q) => q.where({ store_id: STORE }))!;
    for (const alias of lookalikes(truck.id)) {
      const response = await storeCall(`/stores/trucks/${alias}`, token, { method: 'DELETE' });
      expect({ alias, status: response.status }).toEqual({ alias, status: 404 });
    }
    expect(db.trucks.findFirst((q) => q.where({ id: truck.id }))).toBeDefined();
  });

  it('a store named by a look-alike id is not the operator’s store', async () => {
    const response = await storeCall(`/stores/offers/CurrentOffersByStore/pagination/0x${STORE.toString(16)}`, token);
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe(`Store 0x${STORE.toString(16)} not found`);
  });
});

describe('bodies must be declared JSON', () => {
  it('answers 415 for JSON sent as text, form data or with no type, on every kind of record', async () => {
    const cases: Array<[string, unknown]> = [
      ['/stores/offers', offerBody()],
      ['/stores/templates', templateBody()],
      ['/stores/trucks', truckBody({ name: 'Van 415', plate: '4150 AAA' })],
      ['/stores/pickuplocation', pickupBody({ name: '415 lockers' })],
    ];
    for (const [path, body] of cases) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', undefined]) {
        const response = await sendAs(path, 'PUT', body, type);
        expect({ path, type, status: response.status, message: await messageOf(response) }).toEqual({
          path,
          type,
          status: 415,
          message: 'The request body must be sent as Content-Type: application/json',
        });
      }
    }
  });

  it('accepts application/json with or without a charset', async () => {
    expect((await sendAs('/stores/trucks', 'PUT', truckBody({ name: 'Van 201', plate: '2010 AAA' }), 'application/json')).status).toBe(201);
    expect((await sendAs('/stores/trucks', 'PUT', truckBody({ name: 'Van 202', plate: '2020 AAA' }), 'Application/JSON; charset=UTF-8')).status).toBe(201);
  });
});
