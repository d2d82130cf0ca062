import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built console (issue 9, Security), written as a
 * `<meta http-equiv>` into index.html so it travels with the files to any static host.
 *
 * Build only: in dev, @vitejs/plugin-react injects an inline React Refresh preamble and Vite's
 * client talks to its HMR websocket, both of which `script-src 'self'` / `connect-src` would
 * refuse. The built index.html has no inline script (Vite emits the entry and its preloads as
 * external files; scripts/check-csp.ts fails the build check if one appears).
 *
 * Directives a <meta> cannot carry (frame-ancestors, report-uri, sandbox) are left out: Chromium
 * ignores them there and logs a console error. A host that can send headers should add
 * `frame-ancestors 'none'` as a header.
 */

/** The identity provider's REST endpoints the Firebase Auth SDK calls (sign-in, lookup, token refresh). */
export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] as const;
/** What Firebase Cloud Messaging's getToken() calls (installation id, then the FCM registration). */
export const FIREBASE_MESSAGING_ORIGINS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'] as const;

type Env = Record<string, string | undefined>;

const filled = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value.trim() : undefined);

/** The origin of an http(s) URL, or undefined for a blank or malformed value (the boot reports those). */
function originOf(value: string | undefined): string | undefined {
  const url = filled(value);
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const placeholder = (label: string) => label.includes('{');

/**
 * The host source of an XYZ tile template. `{a-c}` subdomains become a wildcard label
 * (https://{a-c}.tile.example.org → https://*.tile.example.org); a placeholder anywhere else in
 * the host cannot be expressed in CSP and stops the build.
 */
export function tileSourceOf(template: string | undefined): string | undefined {
  const value = filled(template);
  if (!value) return undefined;
  const match = /^(https?):\/\/([^/?#]+)/.exec(value);
  if (!match) return undefined;
  const [, scheme, host] = match;
  const labels = host.split('.');
  if (labels.slice(1).some(placeholder) || (placeholder(labels[0]) && !/^\{[^}]*\}$/.test(labels[0]))) {
    throw new Error(`VITE_MAP_TILES_URL: a placeholder in the host other than a whole first label (${host}) cannot be allowed by the Content-Security-Policy`);
  }
  return `${scheme}://${placeholder(labels[0]) ? ['*', ...labels.slice(1)].join('.') : host}`;
}

const unique = (values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => v !== undefined))];

/**
 * The policy for a build's env. Mock and live differ only in what the env names: in mock mode the
 * API, identity, directions and geocoder hosts are fake or real names that MSW's service worker
 * answers inside the browser, but the page still fetches those URLs, and CSP checks a fetch
 * before a service worker sees it, so connect-src must list them in both modes.
 */
export function contentSecurityPolicy(env: Env): string {
  const live = env.VITE_BACKEND === 'live';
  const api = originOf(env.VITE_API_BASE_URL);
  // Mock mode draws the bundled offline map and never loads tiles (src/lib/config.ts ignores the URL there).
  const tiles = live ? tileSourceOf(env.VITE_MAP_TILES_URL) : undefined;
  // connectAuthEmulator (src/api/identity.ts): every identity call goes to that origin instead of Google's.
  const authEmulator = live ? originOf(env.VITE_FIREBASE_AUTH_EMULATOR_URL) : undefined;
  const push = live && filled(env.VITE_FIREBASE_MESSAGING_SENDER_ID) !== undefined && filled(env.VITE_FIREBASE_VAPID_KEY) !== undefined;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // No inline script and no eval: the entry, its preloads and every lazy chunk are files.
    ['script-src', ["'self'"]],
    // Emotion (Joy UI) injects <style> elements at runtime, and ApexCharts and OpenLayers set
    // style attributes; none can carry a nonce from a static file, so inline styles stay allowed.
    // Styles cannot run code, so this does not reopen script injection.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    [
      'connect-src',
      unique([
        "'self'",
        api,
        ...(authEmulator ? [authEmulator] : FIREBASE_AUTH_ORIGINS),
        ...(push ? FIREBASE_MESSAGING_ORIGINS : []),
        originOf(env.VITE_DIRECTIONS_URL),
        originOf(env.VITE_GEOCODER_URL),
        // OpenLayers loads tiles as images, but a tile source may fetch them; same host either way.
        tiles,
      ]),
    ],
    // data: the mock's seeded and uploaded images, ApexCharts' and OpenLayers' icons; blob: the
    // image cropper's preview of the chosen file. Live store images live in a storage bucket
    // whose host the spec does not name, so any https: image is allowed there.
    ['img-src', unique(["'self'", 'data:', 'blob:', live ? 'https:' : undefined, tiles])],
    ['font-src', ["'self'"]],
    // The MSW worker (mock) and the push worker (live), both served from this origin.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function cspPlugin(): Plugin {
  let policy = '';
  return {
    name: 'content-security-policy',
    apply: 'build',
    configResolved(config) {
      policy = contentSecurityPolicy(config.env as Env);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}" />`;
        // Right after <meta charset> (which must stay in the first 1024 bytes) and before
        // everything else: a meta policy only governs what comes after it.
        const charset = /<meta\s+charset=[^>]*>/i;
        if (!charset.test(html)) throw new Error('index.html has no <meta charset>: the Content-Security-Policy goes right after it');
        return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
      },
    },
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
