import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../../mocks/node';
import { ApiError } from '../../src/api/errors';
import { geocodeAddress, GEOCODER_OPERATION } from '../../src/api/geocoding';
import { configureHttp } from '../../src/api/http';
import { configureMapServices } from '../../src/api/map-services';
import { fornDeLaLlotja, fruiteriaDelBorn } from '../../scenarios/catalogues';
import { setupTestBackend } from './support';

const backend = setupTestBackend();
const GEOCODER = TEST_CONFIG.maps.geocoderUrl;

beforeAll(() => {
  configureHttp({ baseURL: TEST_CONFIG.apiBaseUrl, session: { accessToken: async () => 'platform-token', tokenRejected: async () => 'x', sessionExpired: () => {} } });
  configureMapServices(TEST_CONFIG.maps);
});

const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180), a.lat - b.lat) * 111_195;

const ruzafa = fornDeLaLlotja.pickupLocations[1]; // Carrer de Sueca 27, 46006 València
const forn = { lat: fornDeLaLlotja.lat, lon: fornDeLaLlotja.lon };

describe('mock geocoder (Nominatim)', () => {
  it.each([
    ['as the data writes it', 'Carrer de Sueca 27, 46006 València'],
    ['without accents, postcode or case', 'carrer de sueca 27 valencia'],
    ['with extra punctuation', 'Carrer de Sueca, 27 — València (Spain)'],
  ])('finds a known pickup location %s', async (_, address) => {
    await expect(geocodeAddress(address, 'ES')).resolves.toEqual({ lat: ruzafa.lat, lon: ruzafa.lon });
  });

  it('finds a store of another scenario and a delivery door', async () => {
    await expect(geocodeAddress('Carrer de la Princesa 42, 08003 Barcelona', 'es')).resolves.toEqual({ lat: fruiteriaDelBorn.lat, lon: fruiteriaDelBorn.lon });
    const door = fornDeLaLlotja.deliveryStops[0];
    await expect(geocodeAddress(door.address, 'ES')).resolves.toEqual({ lat: door.lat, lon: door.lon });
  });

  it('an unknown address lands on a stable spot 300–2,500 m from the place it is asked near', async () => {
    const first = await geocodeAddress('Carrer Inventat 5, València', 'ES', { near: forn });
    const again = await geocodeAddress('carrer inventat 5 valencia', 'ES', { near: forn });
    expect(first).not.toBeNull();
    expect(again).toEqual(first);
    const away = metres(first!, forn);
    expect(away).toBeGreaterThan(290);
    expect(away).toBeLessThan(2510);
    // Another house number is another address (the known one's number must match too).
    const other = await geocodeAddress('Carrer de Sueca 99, València', 'ES', { near: forn });
    expect(other).not.toEqual({ lat: ruzafa.lat, lon: ruzafa.lon });
  });

  it('without a viewbox, lands near the store of the signed-in operator (else the first store)', async () => {
    const found = await geocodeAddress('Calle Imaginaria 12', 'ES');
    const store = backend.current.db.stores.all()[0];
    expect(metres(found!, { lat: store.lat, lon: store.lon })).toBeLessThan(2510);
  });

  it.each([['xkcdqwrt zzz'], ['12345'], ['asdfghjk'], ['!!!']])('answers nothing for gibberish (%j)', async (text) => {
    await expect(geocodeAddress(text, 'ES')).resolves.toBeNull();
  });

  it('answers nothing in another country, and asks nothing for a blank address', async () => {
    await expect(geocodeAddress('Carrer de Sueca 27, València', 'FR')).resolves.toBeNull();
    await expect(geocodeAddress('   ', 'ES')).resolves.toBeNull();
  });

  it('answers the Nominatim shape: coordinates as strings, a display name', async () => {
    const response = await fetch(`${GEOCODER}/search?format=jsonv2&limit=1&q=${encodeURIComponent('Carrer de Sueca 27')}&countrycodes=es`);
    expect(response.status).toBe(200);
    const [first] = (await response.json()) as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ lat: ruzafa.lat.toFixed(7), lon: ruzafa.lon.toFixed(7), display_name: ruzafa.address, osm_type: 'node' });
    expect(first.boundingbox).toHaveLength(4);
  });

  it('refuses an empty query like Nominatim (400)', async () => {
    const response = await fetch(`${GEOCODER}/search?format=jsonv2&q=`);
    expect(response.status).toBe(400);
  });

  it("fails as the fault 'GET geocoder' says, as an ApiError of the geocoder operation", async () => {
    backend.current.devkit.fail('GET geocoder', 503);
    const error = await geocodeAddress('Carrer de Sueca 27', 'ES').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'http', status: 503, operation: GEOCODER_OPERATION });
    backend.current.devkit.fail('GET geocoder', 'offline');
    await expect(geocodeAddress('Carrer de Sueca 27', 'ES')).rejects.toMatchObject({ kind: 'network' });
  });
});
