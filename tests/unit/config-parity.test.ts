import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { isTileUrlTemplate, parseConfig, type ConfigProblemReason, type ConfigResult } from '../../src/lib/config';

/**
 * src/lib/config.ts checks the env by hand so that zod stays off the sign-in page
 * (docs/decisions/018-config-checked-without-zod.md). ARCHITECTURE.md describes the config as
 * "validated with zod at boot": the zod schema below is that description, kept as the reference,
 * and the property holds the hand-written check to it — the same config, or the same problems in
 * the same order, for any env.
 */
// Each rule's error is a reason code; the error page words it in the operator's language.
const nonEmpty = () => z.string({ error: 'missing' }).trim().min(1, 'empty');
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'not-a-url' });

const ConfigSchema = z.object({
  backend: z.enum(['mock', 'live'], { error: 'not-a-backend' }),
  apiBaseUrl: z.url({ protocol: /^https?$/, error: 'not-a-url' }),
  firebase: z.object({
    apiKey: nonEmpty(),
    authDomain: nonEmpty(),
    projectId: nonEmpty(),
    appId: nonEmpty(),
    authEmulatorUrl: httpUrl().optional(),
  }),
  /**
   * Push notifications in live mode (Firebase Cloud Messaging). Optional: without both values the
   * console runs without push; with one of them only, the boot names the missing one.
   */
  push: z
    .object({
      messagingSenderId: nonEmpty(),
      vapidKey: nonEmpty(),
      /**
       * Optional: the platform API path that subscribes this browser's FCM token to the store's
       * topic (a web client cannot do it itself). Without it the platform must do it on its own.
       */
      topicSubscribePath: z.string().trim().regex(/^\/[^\s?#]*$/, 'not-a-path').optional(),
    })
    .optional(),
  /**
   * Maps (docs/decisions/011-logistics-and-maps.md): an OSRM-compatible directions service and a
   * Nominatim-compatible geocoder, both required; tiles optional: without a tile URL the map draws
   * the bundled offline base map. Mock mode never asks the internet for tiles: parseConfig leaves
   * the tile settings out there, whatever the env says.
   */
  maps: z.object({
    directionsUrl: httpUrl(),
    geocoderUrl: httpUrl(),
    tilesUrl: z.string().trim().refine(isTileUrlTemplate, 'not-a-tile-url').optional(),
    tilesAttribution: z.string().trim().min(1, 'empty').optional(),
  }),
});
/** The env variable behind each config path, so an error can name what the operator must fix. */
const envNames: Record<string, string> = {
  backend: 'VITE_BACKEND',
  apiBaseUrl: 'VITE_API_BASE_URL',
  'firebase.apiKey': 'VITE_FIREBASE_API_KEY',
  'firebase.authDomain': 'VITE_FIREBASE_AUTH_DOMAIN',
  'firebase.projectId': 'VITE_FIREBASE_PROJECT_ID',
  'firebase.appId': 'VITE_FIREBASE_APP_ID',
  'firebase.authEmulatorUrl': 'VITE_FIREBASE_AUTH_EMULATOR_URL',
  'push.messagingSenderId': 'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'push.vapidKey': 'VITE_FIREBASE_VAPID_KEY',
  'push.topicSubscribePath': 'VITE_PUSH_TOPIC_SUBSCRIBE_PATH',
  'maps.directionsUrl': 'VITE_DIRECTIONS_URL',
  'maps.geocoderUrl': 'VITE_GEOCODER_URL',
  'maps.tilesUrl': 'VITE_MAP_TILES_URL',
  'maps.tilesAttribution': 'VITE_MAP_TILES_ATTRIBUTION',
};

const reasons: readonly ConfigProblemReason[] = ['missing', 'empty', 'not-a-url', 'not-a-backend', 'not-a-tile-url', 'not-a-path'];

type ReferenceResult = ConfigResult;

/** A variable with a value: blank ones (as .env.example leaves them) count as absent. */
const hasValue = (value: string | boolean | undefined) => typeof value === 'string' && value.trim() !== '';
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function parseConfigWithZod(env: Record<string, string | boolean | undefined>): ReferenceResult {
  const liveOnlyAllowed = env.VITE_BACKEND !== 'mock';
  const candidate = {
    backend: env.VITE_BACKEND,
    apiBaseUrl: env.VITE_API_BASE_URL,
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
      ...(liveOnlyAllowed && hasValue(env.VITE_FIREBASE_AUTH_EMULATOR_URL) ? { authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL } : {}),
    },
    ...(hasValue(env.VITE_FIREBASE_MESSAGING_SENDER_ID) || hasValue(env.VITE_FIREBASE_VAPID_KEY)
      ? {
          push: {
            messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
            vapidKey: env.VITE_FIREBASE_VAPID_KEY,
            ...(hasValue(env.VITE_PUSH_TOPIC_SUBSCRIBE_PATH) ? { topicSubscribePath: env.VITE_PUSH_TOPIC_SUBSCRIBE_PATH } : {}),
          },
        }
      : {}),
    maps: {
      directionsUrl: env.VITE_DIRECTIONS_URL,
      geocoderUrl: env.VITE_GEOCODER_URL,
      // Optional: blank (as .env.mock and .env.example leave them) means the offline base map. Mock
      // mode ignores them (not even validated): a tile URL left in a .env must not send a demo's
      // map requests to the internet.
      ...(liveOnlyAllowed && hasValue(env.VITE_MAP_TILES_URL) ? { tilesUrl: env.VITE_MAP_TILES_URL } : {}),
      ...(liveOnlyAllowed && hasValue(env.VITE_MAP_TILES_ATTRIBUTION) ? { tilesAttribution: env.VITE_MAP_TILES_ATTRIBUTION } : {}),
    },
  };
  const result = ConfigSchema.safeParse(candidate);
  if (result.success) {
    const { maps, firebase } = result.data;
    return {
      ok: true,
      config: {
        ...result.data,
        firebase: { ...firebase, ...(firebase.authEmulatorUrl ? { authEmulatorUrl: withoutTrailingSlash(firebase.authEmulatorUrl) } : {}) },
        apiBaseUrl: withoutTrailingSlash(result.data.apiBaseUrl),
        maps: { ...maps, directionsUrl: withoutTrailingSlash(maps.directionsUrl), geocoderUrl: withoutTrailingSlash(maps.geocoderUrl) },
      },
    };
  }
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const path = issue.path.join('.');
      const given = reasons.find((reason) => reason === issue.message);
      // An absent variable fails every rule as "missing", whatever the rule's own reason.
      const absent = issue.code === 'invalid_type' && issue.input === undefined;
      return { variable: envNames[path] ?? path, reason: absent ? 'missing' : (given ?? 'missing') };
    }),
  };
}

const VARIABLES = Object.values(envNames);
const value = fc.oneof(
  fc.constantFrom(undefined, '', '  ', true, 'mock', 'live', ' key ', '/push/subscribe', '/bad path', 'not a url', 'ftp://x.test'),
  fc.constantFrom('https://api.example.test/', ' https://a.test ', 'http://x.test//', 'https://{a-c}.tile.example.org/{z}/{x}/{y}.png', ' https://t.test/{z}/{x}/{-y}.png '),
  fc.string({ maxLength: 6 }),
);
const anyEnv = fc.record(Object.fromEntries(VARIABLES.map((name) => [name, value])));
const VALID: Record<string, string> = {
  VITE_BACKEND: 'live',
  VITE_API_BASE_URL: 'https://api.test/',
  VITE_FIREBASE_API_KEY: 'k',
  VITE_FIREBASE_AUTH_DOMAIN: 'd',
  VITE_FIREBASE_PROJECT_ID: 'p',
  VITE_FIREBASE_APP_ID: 'a',
  VITE_DIRECTIONS_URL: 'https://d.test',
  VITE_GEOCODER_URL: 'https://g.test/',
};
/** Mostly valid envs, so the rules deep inside (push, tiles) are reached too. */
const nearlyValidEnv = fc.record(Object.fromEntries(VARIABLES.map((name) => [name, VALID[name] === undefined ? value : fc.oneof(fc.constant(VALID[name]), value)])));

describe('the config check', () => {
  it.each([
    ['any env', anyEnv],
    ['a nearly valid env', nearlyValidEnv],
  ])('answers as the zod schema does, for %s', (_, envs) => {
    fc.assert(
      fc.property(envs, (env) => {
        expect(parseConfig(env as Record<string, string | boolean | undefined>)).toEqual(parseConfigWithZod(env as Record<string, string | boolean | undefined>));
      }),
      { numRuns: 3000 },
    );
  });
});
