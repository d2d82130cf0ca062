/**
 * Runtime configuration, read from Vite env at boot and validated here. A bad value stops the
 * boot with an error page that names the variable (see src/app/config-error-page.tsx).
 */
/**
 * An XYZ tile URL template: absolute http(s) with {z}, {x} and {y} (or {-y}), optionally {a-c}
 * subdomains, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.
 */
export function isTileUrlTemplate(value: string): boolean {
  if (!/\{z\}/.test(value) || !/\{x\}/.test(value) || !/\{-?y\}/.test(value)) return false;
  try {
    const url = new URL(value.replace(/\{[^}]*\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface Config {
  backend: 'mock' | 'live';
  apiBaseUrl: string;
  /**
   * The identity provider (Firebase Authentication). `authEmulatorUrl` (optional, live mode only)
   * points the SDK at an identity provider speaking Firebase's emulator protocol instead of Google
   * (Firebase's own `connectAuthEmulator`): the Firebase Auth emulator, or `npm run mock:server`.
   * Used by the live rehearsal and the live journeys; never set it for operators.
   */
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string; authEmulatorUrl?: string };
  /**
   * Push notifications in live mode (Firebase Cloud Messaging). Optional: without both values the
   * console runs without push; with one of them only, the boot names the missing one.
   * `topicSubscribePath` (optional) is the platform API path that subscribes this browser's FCM
   * token to the store's topic (a web client cannot do it itself); without it the platform must.
   */
  push?: { messagingSenderId: string; vapidKey: string; topicSubscribePath?: string };
  /**
   * Maps (docs/decisions/011-logistics-and-maps.md): an OSRM-compatible directions service and a
   * Nominatim-compatible geocoder, both required; tiles optional: without a tile URL the map draws
   * the bundled offline base map. Mock mode never asks the internet for tiles: parseConfig leaves
   * the tile settings out there, whatever the env says.
   */
  maps: { directionsUrl: string; geocoderUrl: string; tilesUrl?: string; tilesAttribution?: string };
}

export type ConfigProblemReason = 'missing' | 'empty' | 'not-a-url' | 'not-a-backend' | 'not-a-tile-url' | 'not-a-path';

export interface ConfigProblem {
  variable: string;
  reason: ConfigProblemReason;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

/** A variable with a value: blank ones (as .env.example leaves them) count as absent. */
const hasValue = (value: string | boolean | undefined) => typeof value === 'string' && value.trim() !== '';
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Checks the env by hand, not with zod: this runs before the first render of every page, and zod
 * would weigh on the sign-in page (docs/decisions/018). tests/unit/config-parity.test.ts holds it
 * to the zod schema ARCHITECTURE.md describes. Each problem names its variable and why.
 */
export function parseConfig(env: Record<string, string | boolean | undefined>): ConfigResult {
  const problems: ConfigProblem[] = [];
  const problem = (variable: string, reason: ConfigProblemReason) => {
    problems.push({ variable, reason });
    return '';
  };
  /** A required text: trimmed; absent (or not text) is "missing", blank is "empty". */
  const text = (variable: string): string => {
    const value = env[variable];
    if (typeof value !== 'string') return problem(variable, 'missing');
    const trimmed = value.trim();
    return trimmed === '' ? problem(variable, 'empty') : trimmed;
  };
  /** A required http(s) URL, trimmed, without its trailing slashes. */
  const httpUrl = (variable: string): string => {
    const value = env[variable];
    if (typeof value !== 'string') return problem(variable, 'missing');
    const trimmed = value.trim();
    return isHttpUrl(trimmed) ? withoutTrailingSlash(trimmed) : problem(variable, 'not-a-url');
  };

  const backend = env.VITE_BACKEND === 'mock' || env.VITE_BACKEND === 'live' ? env.VITE_BACKEND : problem('VITE_BACKEND', 'not-a-backend');
  const apiBaseUrl = httpUrl('VITE_API_BASE_URL');
  const firebase = {
    apiKey: text('VITE_FIREBASE_API_KEY'),
    authDomain: text('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: text('VITE_FIREBASE_PROJECT_ID'),
    appId: text('VITE_FIREBASE_APP_ID'),
  } as Config['firebase'];
  // Mock mode ignores it, as it ignores tiles: the mock backend answers Google's own hosts in the page.
  if (env.VITE_BACKEND !== 'mock' && hasValue(env.VITE_FIREBASE_AUTH_EMULATOR_URL)) {
    firebase.authEmulatorUrl = httpUrl('VITE_FIREBASE_AUTH_EMULATOR_URL');
  }
  let push: Config['push'];
  if (hasValue(env.VITE_FIREBASE_MESSAGING_SENDER_ID) || hasValue(env.VITE_FIREBASE_VAPID_KEY)) {
    push = { messagingSenderId: text('VITE_FIREBASE_MESSAGING_SENDER_ID'), vapidKey: text('VITE_FIREBASE_VAPID_KEY') };
    const path = env.VITE_PUSH_TOPIC_SUBSCRIBE_PATH;
    if (typeof path === 'string' && hasValue(path)) {
      const trimmed = path.trim();
      push.topicSubscribePath = /^\/[^\s?#]*$/.test(trimmed) ? trimmed : problem('VITE_PUSH_TOPIC_SUBSCRIBE_PATH', 'not-a-path');
    }
  }
  const maps: Config['maps'] = { directionsUrl: httpUrl('VITE_DIRECTIONS_URL'), geocoderUrl: httpUrl('VITE_GEOCODER_URL') };
  // Optional: blank (as .env.mock and .env.example leave them) means the offline base map. Mock
  // mode ignores them (not even validated): a tile URL left in a .env must not send a demo's map
  // requests to the internet.
  if (env.VITE_BACKEND !== 'mock') {
    const tiles = env.VITE_MAP_TILES_URL;
    if (typeof tiles === 'string' && hasValue(tiles)) {
      const trimmed = tiles.trim();
      maps.tilesUrl = isTileUrlTemplate(trimmed) ? trimmed : problem('VITE_MAP_TILES_URL', 'not-a-tile-url');
    }
    const attribution = env.VITE_MAP_TILES_ATTRIBUTION;
    if (typeof attribution === 'string' && hasValue(attribution)) maps.tilesAttribution = attribution.trim();
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: { backend: backend as Config['backend'], apiBaseUrl, firebase, ...(push ? { push } : {}), maps } };
}

/** An absolute http: or https: URL (what the platform's services are reached at). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
