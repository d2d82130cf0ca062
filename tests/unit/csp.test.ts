import { describe, expect, it } from 'vitest';
import { checkPage, parsePolicy } from '../../scripts/check-csp';
import { contentSecurityPolicy, tileSourceOf } from '../../scripts/csp-plugin';

/** Security (issue 9): the Content-Security-Policy the builds carry, and the check that guards it. */
const MOCK_ENV = {
  VITE_BACKEND: 'mock',
  VITE_API_BASE_URL: 'https://api.store-platform.test',
  VITE_DIRECTIONS_URL: 'https://directions.store-platform.test',
  VITE_GEOCODER_URL: 'https://geocoder.store-platform.test',
  VITE_MAP_TILES_URL: '',
};

const LIVE_ENV = {
  VITE_BACKEND: 'live',
  VITE_API_BASE_URL: 'https://api.example.com/v2/',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '1234',
  VITE_FIREBASE_VAPID_KEY: 'BPublicKey',
  VITE_DIRECTIONS_URL: 'https://router.example.org',
  VITE_GEOCODER_URL: 'https://nominatim.example.org',
  VITE_MAP_TILES_URL: 'https://{a-c}.tile.example.org/{z}/{x}/{y}.png',
};

const directives = (env: Record<string, string>) => parsePolicy(contentSecurityPolicy(env));

describe('the policy', () => {
  it('mock: scripts from the origin only, no plugins, no <base>; fetches to the hosts the service worker answers', () => {
    const policy = directives(MOCK_ENV);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.store-platform.test',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://directions.store-platform.test',
      'https://geocoder.store-platform.test',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('live: the API origin, Firebase auth and messaging, the map services and https: images', () => {
    const policy = directives(LIVE_ENV);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
      'https://fcmregistrations.googleapis.com',
      'https://router.example.org',
      'https://nominatim.example.org',
      'https://*.tile.example.org',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://*.tile.example.org']);
  });

  it('live without push configured does not open the messaging endpoints', () => {
    const connect = directives({ ...LIVE_ENV, VITE_FIREBASE_MESSAGING_SENDER_ID: '', VITE_FIREBASE_VAPID_KEY: '' }).get('connect-src');
    expect(connect).not.toContain('https://fcmregistrations.googleapis.com');
  });

  it('mock: a tile URL set by mistake opens no tile host (the offline map is drawn) and fails no build', () => {
    const policy = directives({ ...MOCK_ENV, VITE_MAP_TILES_URL: 'https://tiles.{s}.example.org/{z}/{x}/{y}.png' });
    expect(policy.get('img-src')).toEqual(directives(MOCK_ENV).get('img-src'));
    expect(policy.get('connect-src')).toEqual(directives(MOCK_ENV).get('connect-src'));
  });

  it('tile templates: a {a-c} first label becomes a wildcard; a placeholder elsewhere in the host is refused', () => {
    expect(tileSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSourceOf('https://{a-c}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSourceOf('')).toBeUndefined();
    expect(() => tileSourceOf('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toThrow(/VITE_MAP_TILES_URL/);
  });
});

const page = (policy: string, body = '<script type="module" crossorigin src="/assets/index.js"></script>') =>
  `<!doctype html><html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="${policy}" />${body}</head><body></body></html>`;

describe('scripts/check-csp.ts', () => {

  it('passes the policy the plugin writes', () => {
    expect(checkPage(page(contentSecurityPolicy(MOCK_ENV))).problems).toEqual([]);
  });

  it('fails a page without a policy, with an inline script, or with a weak policy', () => {
    expect(checkPage('<html><head><script src="/a.js"></script></head></html>').problems).toEqual(['no <meta http-equiv="Content-Security-Policy">']);
    expect(checkPage(page(contentSecurityPolicy(MOCK_ENV), '<script>window.x = 1</script>')).problems).toEqual(['inline script: <script>']);
    expect(checkPage(page("default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; object-src 'none'; base-uri 'none'")).problems).toEqual([
      "script-src allows 'unsafe-inline'",
      "script-src allows 'unsafe-eval'",
    ]);
    expect(checkPage(page("default-src 'self'; object-src 'self'")).problems).toEqual(["object-src is 'self', not 'none'", "base-uri is not set, not 'none'"]);
  });
});
