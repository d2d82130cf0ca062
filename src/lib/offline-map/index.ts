import { decodeCity, type EncodedCity, type OfflineCity } from './format';

export * from './format';

/**
 * The cities the offline base map covers. Only this small index is in the app's code; a city's
 * data is a separate chunk, fetched when a map in offline mode (mock
 * mode, or live without a tile URL) shows that city — or when the mock directions service
 * routes there. tests/unit/offline-map.test.ts keeps these boxes equal to the data's.
 */
export interface OfflineCityInfo {
  id: string;
  name: string;
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number];
}

export const OFFLINE_CITIES: readonly OfflineCityInfo[] = [
  { id: 'valencia', name: 'València', bbox: [-0.43076, 39.43533, -0.32124, 39.51267] },
  { id: 'madrid', name: 'Madrid', bbox: [-3.7528, 40.37054, -3.6512, 40.47846] },
  { id: 'barcelona', name: 'Barcelona', bbox: [2.12646, 41.34823, 2.22954, 41.42467] },
];

const loaders: Record<string, () => Promise<{ default: unknown }>> = {
  valencia: () => import('./data/valencia.json'),
  madrid: () => import('./data/madrid.json'),
  barcelona: () => import('./data/barcelona.json'),
};

const loaded = new Map<string, Promise<OfflineCity>>();

/** A city's decoded data; loaded once, shared by every map (and the mock directions service). */
export function loadOfflineCity(id: string): Promise<OfflineCity> {
  const load = loaders[id];
  if (!load) return Promise.reject(new Error(`The offline map has no city "${id}"`));
  let city = loaded.get(id);
  if (!city) {
    city = load().then((module) => decodeCity(module.default as EncodedCity));
    // A failed chunk load (a deploy replaced it) may succeed on the next try.
    city.catch(() => loaded.delete(id));
    loaded.set(id, city);
  }
  return city;
}

/** The cities whose box meets `extent` ([minLon, minLat, maxLon, maxLat]). */
export function offlineCitiesIn(extent: readonly [number, number, number, number]): OfflineCityInfo[] {
  const [minLon, minLat, maxLon, maxLat] = extent;
  return OFFLINE_CITIES.filter(({ bbox }) => bbox[0] <= maxLon && minLon <= bbox[2] && bbox[1] <= maxLat && minLat <= bbox[3]);
}

/** The city whose box holds the position, if any. */
export function offlineCityAt(lat: number, lon: number): OfflineCityInfo | undefined {
  return offlineCitiesIn([lon, lat, lon, lat])[0];
}
