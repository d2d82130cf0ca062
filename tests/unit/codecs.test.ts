import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { pagedList, secondsToMillis } from '../../src/api/codecs';
import { OfferSchema, OfferWireSchema, offerDateFields } from '../../src/api/offers';
import { StoreProfileSchema } from '../../src/api/stores';
import { parseConfig } from '../../src/lib/config';
import { offsetForPage, pageCount } from '../../src/lib/paging';
import { MONDAY_9AM, MONDAY_9AM_SECONDS, offerWire, storeProfileWire } from '../../src/machines/path-model/fixtures';

const Stamped = secondsToMillis(z.object({ id: z.number(), at: z.number(), until: z.number().nullable(), label: z.string() }), ['at', 'until']);

describe('secondsToMillis', () => {
  it('decodes the named fields from unix seconds to milliseconds and leaves the rest alone', () => {
    expect(z.decode(Stamped, { id: 3, at: 1_700_000_000, until: 5, label: 'x' })).toEqual({
      id: 3,
      at: 1_700_000_000_000,
      until: 5000,
      label: 'x',
    });
  });

  it('encodes milliseconds back to whole seconds', () => {
    expect(z.encode(Stamped, { id: 3, at: 1_700_000_000_000, until: 5000, label: 'x' })).toEqual({
      id: 3,
      at: 1_700_000_000,
      until: 5,
      label: 'x',
    });
    // The wire holds whole seconds: a client value between seconds goes to the nearest one.
    expect(z.encode(Stamped, { id: 3, at: 1499, until: 1500, label: 'x' })).toMatchObject({ at: 1, until: 2 });
  });

  it('keeps a null field null both ways', () => {
    expect(z.decode(Stamped, { id: 1, at: 1, until: null, label: '' }).until).toBeNull();
    expect(z.encode(Stamped, { id: 1, at: 1000, until: null, label: '' }).until).toBeNull();
  });

  it('rejects a wire value of the wrong type instead of converting it', () => {
    expect(() => z.decode(Stamped, { id: 1, at: '1', until: null, label: '' } as never)).toThrow(/expected number/);
  });

  it('round-trips: encode(decode(seconds)) is the wire value again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), fc.option(fc.integer({ min: -1e9, max: 1e9 })), (at, until) => {
        const wire = { id: 1, at, until, label: 'l' };
        expect(z.encode(Stamped, z.decode(Stamped, wire))).toEqual(wire);
      }),
    );
  });

  it('round-trips: decode(encode(millis)) lands within half a second of the client value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (at) => {
        const back = z.decode(Stamped, z.encode(Stamped, { id: 1, at, until: null, label: '' }));
        expect(Math.abs(back.at - at)).toBeLessThanOrEqual(500);
        expect(back.at % 1000).toBe(0);
      }),
    );
  });
});

describe('OfferSchema', () => {
  it('decodes every date field of an offer to milliseconds', () => {
    const wire = offerWire();
    const offer = z.decode(OfferSchema, wire);
    for (const field of offerDateFields) expect(offer[field]).toBe(wire[field] * 1000);
    expect(offer.order_date_from).toBe(MONDAY_9AM);
    expect({ ...offer, ...Object.fromEntries(offerDateFields.map((f) => [f, wire[f]])) }).toEqual(wire);
  });

  it('encodes a client offer back to the exact wire offer', () => {
    const wire = offerWire({ origin: 'template', template_id: 4 });
    expect(z.encode(OfferSchema, z.decode(OfferSchema, wire))).toEqual(wire);
    expect(OfferWireSchema.safeParse(z.encode(OfferSchema, z.decode(OfferSchema, wire))).success).toBe(true);
  });

  it('rejects an offer that breaks the wire schema', () => {
    expect(OfferSchema.safeParse(offerWire({ repeat_on_days: [8] })).success).toBe(false);
    expect(OfferSchema.safeParse(offerWire({ name: '' })).success).toBe(false);
  });
});

describe('StoreProfileSchema', () => {
  it('takes lat/lon from address_lat/address_lon when the server sends them', () => {
    const profile = z.decode(StoreProfileSchema, storeProfileWire({ address_lat: 41.5, address_lon: 2.1, lat: 1, lon: 2 }));
    expect({ lat: profile.lat, lon: profile.lon }).toEqual({ lat: 41.5, lon: 2.1 });
  });

  it('falls back to lat/lon when the address coordinates are missing or null', () => {
    const missing = storeProfileWire({ lat: 1, lon: 2 });
    delete missing.address_lat;
    delete missing.address_lon;
    expect(z.decode(StoreProfileSchema, missing)).toMatchObject({ lat: 1, lon: 2 });
    expect(z.decode(StoreProfileSchema, storeProfileWire({ address_lat: null, address_lon: null, lat: 1, lon: 2 }))).toMatchObject({
      lat: 1,
      lon: 2,
    });
  });

  it("converts the terms' accept_date, the notifications' created_at and the devices' registered_at to milliseconds", () => {
    const profile = z.decode(StoreProfileSchema, storeProfileWire());
    expect(profile.special_terms.accept_date).toBe(MONDAY_9AM - 7 * 86_400_000);
    expect(profile.notifications[0].created_at).toBe(MONDAY_9AM - 60_000);
    // As Settings → Devices reads them (POST /stores/profile/devices): store.devicesChanged puts
    // those into the profile, so both must speak milliseconds.
    expect(profile.devices[0].registered_at).toBe((MONDAY_9AM_SECONDS - 86_400) * 1000);
  });

  it('keeps terms never accepted as null', () => {
    const profile = z.decode(StoreProfileSchema, storeProfileWire({ special_terms: { text: 't', accept_date: null } }));
    expect(profile.special_terms.accept_date).toBeNull();
    expect(z.encode(StoreProfileSchema, profile).special_terms.accept_date).toBeNull();
  });

  it('encodes the dates back to seconds', () => {
    const wire = storeProfileWire();
    const back = z.encode(StoreProfileSchema, z.decode(StoreProfileSchema, wire));
    expect(back.special_terms).toEqual(wire.special_terms);
    expect(back.notifications).toEqual(wire.notifications);
    expect(back.devices).toEqual(wire.devices);
  });
});

describe('pagedList', () => {
  const Names = pagedList(z.object({ name: z.string() }));

  it('accepts the data, limit, offset, total envelope', () => {
    const page = { data: [{ name: 'a' }, { name: 'b' }], limit: 2, offset: 4, total: 9 };
    expect(Names.parse(page)).toEqual(page);
  });

  it('decodes the items with their own codec', () => {
    const list = pagedList(OfferSchema);
    const decoded = z.decode(list, { data: [offerWire()], limit: 10, offset: 0, total: 1 });
    expect(decoded.data[0].order_date_from).toBe(MONDAY_9AM);
  });

  it.each([
    ['a missing total', { data: [], limit: 10, offset: 0 }],
    ['a negative offset', { data: [], limit: 10, offset: -1, total: 0 }],
    ['a fractional limit', { data: [], limit: 2.5, offset: 0, total: 0 }],
    ['an item of the wrong shape', { data: [{ name: 1 }], limit: 10, offset: 0, total: 1 }],
  ])('rejects %s', (_, page) => {
    expect(Names.safeParse(page).success).toBe(false);
  });
});

describe('paging', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 20, 5],
  ])('%i items at %i a page make %i pages', (total, limit, pages) => {
    expect(pageCount({ total, limit })).toBe(pages);
  });

  it('has no pages when the limit is 0 (never divides by zero)', () => {
    expect(pageCount({ total: 5, limit: 0 })).toBe(0);
  });

  it('offset is page × limit, and every item is on exactly one page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 200 }), (total, limit) => {
        const pages = pageCount({ total, limit });
        expect(offsetForPage(0, limit)).toBe(0);
        // The last page starts before the end and a page after it would start at or past it.
        expect(offsetForPage(pages - 1, limit)).toBeLessThan(total);
        expect(offsetForPage(pages, limit)).toBeGreaterThanOrEqual(total);
      }),
    );
  });
});

const variablesOf = (result: ReturnType<typeof parseConfig>) => (result.ok ? [] : result.problems.map((p) => p.variable));

describe('parseConfig', () => {
  const env = {
    VITE_BACKEND: 'live',
    VITE_API_BASE_URL: 'https://api.example.com/',
    VITE_FIREBASE_API_KEY: 'key',
    VITE_FIREBASE_AUTH_DOMAIN: 'app.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'app',
    VITE_FIREBASE_APP_ID: '1:2:web:3',
    VITE_DIRECTIONS_URL: 'https://router.example.com/',
    VITE_GEOCODER_URL: 'https://geocoder.example.com',
  };

  it('accepts a complete configuration and drops the trailing slash of the base URL', () => {
    expect(parseConfig(env)).toEqual({
      ok: true,
      config: {
        backend: 'live',
        apiBaseUrl: 'https://api.example.com',
        firebase: { apiKey: 'key', authDomain: 'app.firebaseapp.com', projectId: 'app', appId: '1:2:web:3' },
        maps: { directionsUrl: 'https://router.example.com', geocoderUrl: 'https://geocoder.example.com' },
      },
    });
  });

  it('names VITE_API_BASE_URL when it is missing', () => {
    const result = parseConfig({ ...env, VITE_API_BASE_URL: undefined });
    expect(result).toEqual({ ok: false, problems: [{ variable: 'VITE_API_BASE_URL', reason: 'missing' }] });
  });

  it.each([['not a url'], ['ftp://files.example.com'], ['']])('names VITE_API_BASE_URL when it is %j', (value) => {
    expect(variablesOf(parseConfig({ ...env, VITE_API_BASE_URL: value }))).toEqual(['VITE_API_BASE_URL']);
  });

  it('names VITE_BACKEND when it is neither mock nor live', () => {
    const result = parseConfig({ ...env, VITE_BACKEND: 'staging' });
    expect(result).toEqual({ ok: false, problems: [{ variable: 'VITE_BACKEND', reason: 'not-a-backend' }] });
  });

  it('names a missing or blank Firebase variable and says which of the two it is', () => {
    const result = parseConfig({ ...env, VITE_FIREBASE_API_KEY: undefined, VITE_FIREBASE_APP_ID: '   ' });
    expect(result).toEqual({
      ok: false,
      problems: [
        { variable: 'VITE_FIREBASE_API_KEY', reason: 'missing' },
        { variable: 'VITE_FIREBASE_APP_ID', reason: 'empty' },
      ],
    });
  });

  it('reports every bad variable at once, so one boot shows all that must be fixed', () => {
    expect(variablesOf(parseConfig({})).sort()).toEqual([
      'VITE_API_BASE_URL',
      'VITE_BACKEND',
      'VITE_DIRECTIONS_URL',
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_APP_ID',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_GEOCODER_URL',
    ]);
  });
});
