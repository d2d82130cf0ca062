import { HttpResponse } from 'msw';
import { despensaChamberi, fornDeLaLlotja, fruiteriaDelBorn, mercadoGranVia, obradorLavapies } from '../../scenarios/catalogues';
import type { Db } from '../db';
import type { FaultTarget } from '../faults';
import type { Kit } from '../kit';

/**
 * The geocoder (Nominatim's `GET /search?format=jsonv2&q=...&countrycodes=xx&limit=n`) at
 * ctx.maps.geocoderUrl (https://geocoder.store-platform.test in mock mode). A third party: no
 * platform token is needed or read.
 *
 * - An address the data knows (a store, a pickup location, a delivery's door, in the db or in
 *   the scenario catalogues) answers its own position: matched without case, accents or
 *   punctuation, every house number given must match and most words too.
 * - Any other address that reads like one answers a made-up but stable position 300–2,500 m
 *   from the `viewbox` centre (the app sends the store's), else from the current store (the
 *   signed-in operator's), from a hash of the text: the same text always lands on the same spot.
 * - Blank text is a 400 like Nominatim's; gibberish (no word of 3+ letters with a vowel and
 *   without a run of 4 consonants) and a country other than the place's answer [].
 *
 * Faults name it 'GET geocoder': devkit.fail('GET geocoder', 503), 'timeout' or 'offline'.
 */
export const GEOCODER_FAULT_OPERATION = 'GET geocoder';

const LICENCE = 'Mock geocoder of the console dev kit: made-up data, no OpenStreetMap content';

const geocoderTarget: FaultTarget = {
  pathOf: () => 'geocoder',
  errorBody: (status, message) => ({ error: { code: status, message } }),
};

interface KnownPlace {
  address: string;
  lat: number;
  lon: number;
  /** Two-letter code, upper case. */
  country: string;
}

const STOP_WORDS = new Set(['de', 'del', 'la', 'el', 'les', 'los', 'las', 'l', 'd', 'i', 'y', 'calle', 'carrer', 'c', 'avenida', 'avinguda', 'av', 'avda', 'placa', 'plaza', 'pl', 'sn', 's', 'n', 'spain', 'espana', 'es']);

/** Lower case, no accents, letters and digits only, single spaces. */
export function normaliseAddress(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const tokens = (text: string) => normaliseAddress(text).split(' ').filter(Boolean);
const isNumber = (token: string) => /^\d+$/.test(token);

/** Reads like words: some token of 3+ letters with a vowel, no run of 4 consonants, not one letter repeated. */
export function looksLikeAnAddress(text: string): boolean {
  return tokens(text).some((token) => /^[a-z]{3,}$/.test(token) && /[aeiou]/.test(token) && !/[^aeiou\d]{4,}/.test(token) && !/^(.)\1+$/.test(token));
}

/** How well `query` names `candidate` (0–1): every house number must match, then the share of words that do. */
export function matchScore(query: string, candidate: string): number {
  const asked = tokens(query).filter((t) => !STOP_WORDS.has(t));
  const offered = new Set(tokens(candidate));
  const numbers = asked.filter(isNumber);
  const words = asked.filter((t) => !isNumber(t));
  if (words.length === 0) return 0;
  if (numbers.some((n) => !offered.has(n))) return 0;
  return words.filter((w) => offered.has(w)).length / words.length;
}

const MATCH_THRESHOLD = 0.75;

function knownPlaces(db: Db): KnownPlace[] {
  const places: KnownPlace[] = [];
  for (const store of db.stores.all()) {
    places.push({ address: store.address.address_print, lat: store.address_lat ?? store.lat, lon: store.address_lon ?? store.lon, country: store.address.country.toUpperCase() });
  }
  for (const pickup of db.pickupLocations.all()) places.push({ address: pickup.address, lat: pickup.lat, lon: pickup.lon, country: pickup.country.toUpperCase() });
  for (const delivery of db.deliveries.all()) places.push({ address: delivery.order_address, lat: delivery.lat, lon: delivery.lon, country: 'ES' });
  // Every scenario's places, so an address of another scenario's city is known too.
  for (const spec of [fornDeLaLlotja, obradorLavapies, fruiteriaDelBorn, mercadoGranVia, despensaChamberi]) {
    places.push({ address: spec.address.address_print, lat: spec.lat, lon: spec.lon, country: spec.address.country.toUpperCase() });
    for (const pickup of spec.pickupLocations) places.push({ address: pickup.address, lat: pickup.lat, lon: pickup.lon, country: 'ES' });
    for (const stop of spec.deliveryStops) places.push({ address: stop.address, lat: stop.lat, lon: stop.lon, country: 'ES' });
  }
  return places;
}

/** FNV-1a of the text: the made-up position of an address never moves. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A made-up but stable position for an address the data does not know: 300–2,500 m from `centre`
 * in a direction and at a distance taken from a hash of the text (without case, accents or
 * punctuation), so the same address always lands on the same spot. Also where a store created by
 * sign-up is placed (handlers/registration.ts), so the geocoder and the store agree.
 */
export function spotNear(centre: { lat: number; lon: number }, address: string): { lat: number; lon: number } {
  const h = hash(normaliseAddress(address));
  const angle = ((h & 0xffff) / 0x10000) * 2 * Math.PI;
  const metres = 300 + ((h >>> 16) / 0x10000) * 2200;
  const lat = centre.lat + (metres * Math.sin(angle)) / 111_195;
  const lon = centre.lon + (metres * Math.cos(angle)) / (111_195 * Math.cos((centre.lat * Math.PI) / 180));
  return { lat, lon };
}

/** The store of the newest live session's operator (the page's), else the first store. */
function currentStore(kit: Kit) {
  const { db, now } = kit.ctx;
  const at = now();
  const sessions = db.sessions
    .all()
    .filter((session) => session.expiresAt > at)
    .sort((a, b) => b.createdAt - a.createdAt);
  for (const session of sessions) {
    const account = db.operators.findFirst((q) => q.where({ id: session.operatorId }))?.currentAccount;
    const store = account == null ? undefined : db.stores.findFirst((q) => q.where({ id: account }));
    if (store) return store;
  }
  return db.stores.all()[0];
}

/** The centre of a Nominatim viewbox "x1,y1,x2,y2" (any two corners), or null. */
function viewboxCentre(viewbox: string | null): { lat: number; lon: number } | null {
  if (!viewbox) return null;
  const values = viewbox.split(',').map(Number);
  if (values.length !== 4 || values.some((v) => !Number.isFinite(v))) return null;
  const [x1, y1, x2, y2] = values;
  return { lon: (x1 + x2) / 2, lat: (y1 + y2) / 2 };
}

function result(place: { lat: number; lon: number; address: string }, rank: number) {
  const id = hash(`${place.address}|${place.lat}|${place.lon}`);
  const lat = place.lat.toFixed(7);
  const lon = place.lon.toFixed(7);
  return {
    place_id: id,
    licence: LICENCE,
    osm_type: 'node',
    osm_id: id,
    lat,
    lon,
    category: 'place',
    type: 'house',
    place_rank: rank,
    importance: 0.0001,
    addresstype: 'place',
    name: '',
    display_name: place.address,
    boundingbox: [(place.lat - 0.0001).toFixed(7), (place.lat + 0.0001).toFixed(7), (place.lon - 0.0001).toFixed(7), (place.lon + 0.0001).toFixed(7)],
  };
}

export function geocodingHandlers(kit: Kit) {
  const base = kit.ctx.maps.geocoderUrl;
  return [
    kit.external('get', `${base}/search`, geocoderTarget, ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q')?.trim() ?? '';
      if (q === '') return HttpResponse.json({ error: { code: 400, message: 'Nothing to search for.' } }, { status: 400 });
      const format = url.searchParams.get('format') ?? 'xml';
      if (format !== 'jsonv2' && format !== 'json') return HttpResponse.json({ error: { code: 400, message: `format=${format} is not served here; ask for jsonv2` } }, { status: 400 });
      const limit = Math.min(40, Math.max(1, Number(url.searchParams.get('limit') ?? 10) || 10));
      const countries = (url.searchParams.get('countrycodes') ?? '')
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      const inCountry = (country: string) => countries.length === 0 || countries.includes(country);

      if (!looksLikeAnAddress(q)) return HttpResponse.json([]);

      const scored = knownPlaces(kit.ctx.db)
        .filter((place) => inCountry(place.country))
        .map((place) => ({ place, score: matchScore(q, place.address) }))
        .filter(({ score }) => score >= MATCH_THRESHOLD)
        .sort((a, b) => b.score - a.score);
      const seen = new Set<string>();
      const matches = scored.filter(({ place }) => {
        const key = normaliseAddress(place.address);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (matches.length > 0) return HttpResponse.json(matches.slice(0, limit).map(({ place }) => result(place, 30)));

      // Not a place the data knows: a stable made-up spot near the store.
      const store = currentStore(kit);
      const centre = viewboxCentre(url.searchParams.get('viewbox')) ?? (store ? { lat: store.address_lat ?? store.lat, lon: store.address_lon ?? store.lon } : null);
      const country = store?.address.country.toUpperCase() ?? 'ES';
      if (!centre || !inCountry(country)) return HttpResponse.json([]);
      return HttpResponse.json([result({ ...spotNear(centre, q), address: q }, 26)]);
    }),
  ];
}
