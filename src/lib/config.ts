import * as z from 'zod';

/**
 * Runtime configuration, read from Vite env at boot and validated here. A bad value stops the
 * boot with an error page that names the variable (see src/app/config-error-page.tsx).
 */
// Each rule's error is a reason code; the error page words it in the operator's language.
const nonEmpty = () => z.string({ error: 'missing' }).trim().min(1, 'empty');
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'not-a-url' });

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

export const ConfigSchema = z.object({
  backend: z.enum(['mock', 'live'], { error: 'not-a-backend' }),
  apiBaseUrl: z.url({ protocol: /^https?$/, error: 'not-a-url' }),
  firebase: z.object({
    apiKey: nonEmpty(),
    authDomain: nonEmpty(),
    projectId: nonEmpty(),
    appId: nonEmpty(),
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
export type Config = z.infer<typeof ConfigSchema>;

/** The env variable behind each config path, so an error can name what the operator must fix. */
const envNames: Record<string, string> = {
  backend: 'VITE_BACKEND',
  apiBaseUrl: 'VITE_API_BASE_URL',
  'firebase.apiKey': 'VITE_FIREBASE_API_KEY',
  'firebase.authDomain': 'VITE_FIREBASE_AUTH_DOMAIN',
  'firebase.projectId': 'VITE_FIREBASE_PROJECT_ID',
  'firebase.appId': 'VITE_FIREBASE_APP_ID',
  'push.messagingSenderId': 'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'push.vapidKey': 'VITE_FIREBASE_VAPID_KEY',
  'push.topicSubscribePath': 'VITE_PUSH_TOPIC_SUBSCRIBE_PATH',
  'maps.directionsUrl': 'VITE_DIRECTIONS_URL',
  'maps.geocoderUrl': 'VITE_GEOCODER_URL',
  'maps.tilesUrl': 'VITE_MAP_TILES_URL',
  'maps.tilesAttribution': 'VITE_MAP_TILES_ATTRIBUTION',
};

export type ConfigProblemReason = 'missing' | 'empty' | 'not-a-url' | 'not-a-backend' | 'not-a-tile-url' | 'not-a-path';

export interface ConfigProblem {
  variable: string;
  reason: ConfigProblemReason;
}

const reasons: readonly ConfigProblemReason[] = ['missing', 'empty', 'not-a-url', 'not-a-backend', 'not-a-tile-url', 'not-a-path'];

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

/** A variable with a value: blank ones (as .env.example leaves them) count as absent. */
const hasValue = (value: string | boolean | undefined) => typeof value === 'string' && value.trim() !== '';
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function parseConfig(env: Record<string, string | boolean | undefined>): ConfigResult {
  const tilesAllowed = env.VITE_BACKEND !== 'mock';
  const candidate = {
    backend: env.VITE_BACKEND,
    apiBaseUrl: env.VITE_API_BASE_URL,
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
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
      ...(tilesAllowed && hasValue(env.VITE_MAP_TILES_URL) ? { tilesUrl: env.VITE_MAP_TILES_URL } : {}),
      ...(tilesAllowed && hasValue(env.VITE_MAP_TILES_ATTRIBUTION) ? { tilesAttribution: env.VITE_MAP_TILES_ATTRIBUTION } : {}),
    },
  };
  const result = ConfigSchema.safeParse(candidate);
  if (result.success) {
    const { maps } = result.data;
    return {
      ok: true,
      config: {
        ...result.data,
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
