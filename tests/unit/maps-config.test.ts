import { describe, expect, it } from 'vitest';
import { baseMapOf } from '../../src/lib/base-map';
import { isTileUrlTemplate, parseConfig } from '../../src/lib/config';

const env = {
  VITE_BACKEND: 'live',
  VITE_API_BASE_URL: 'https://api.example.com',
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'app.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'app',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
  VITE_DIRECTIONS_URL: 'https://router.example.com/osrm/',
  VITE_GEOCODER_URL: 'https://nominatim.example.com',
};

const problemsOf = (result: ReturnType<typeof parseConfig>) => (result.ok ? [] : result.problems);

describe('maps configuration', () => {
  it('takes the directions and geocoder URLs (trailing slash dropped); no tile URL means the offline map', () => {
    const result = parseConfig(env);
    expect(result.ok && result.config.maps).toEqual({ directionsUrl: 'https://router.example.com/osrm', geocoderUrl: 'https://nominatim.example.com' });
    expect(result.ok && baseMapOf(result.config.maps)).toEqual({ kind: 'offline' });
  });

  it('treats blank tile settings (as .env.mock and .env.example leave them) as absent', () => {
    const result = parseConfig({ ...env, VITE_MAP_TILES_URL: '  ', VITE_MAP_TILES_ATTRIBUTION: '' });
    expect(result.ok && result.config.maps).toEqual({ directionsUrl: 'https://router.example.com/osrm', geocoderUrl: 'https://nominatim.example.com' });
  });

  it('takes a tile URL template and its attribution: the map draws tiles', () => {
    const result = parseConfig({ ...env, VITE_MAP_TILES_URL: 'https://tile.example.com/{z}/{x}/{y}.png', VITE_MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors' });
    expect(result.ok && baseMapOf(result.config.maps)).toEqual({ kind: 'tiles', url: 'https://tile.example.com/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  });

  it('mock mode ignores the tile settings, even an invalid one: its maps never ask the internet for tiles', () => {
    const mock = { ...env, VITE_BACKEND: 'mock' };
    for (const tilesUrl of ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.example.com/tiles.png']) {
      const result = parseConfig({ ...mock, VITE_MAP_TILES_URL: tilesUrl, VITE_MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors' });
      expect(result.ok && result.config.maps).toEqual({ directionsUrl: 'https://router.example.com/osrm', geocoderUrl: 'https://nominatim.example.com' });
      expect(result.ok && baseMapOf(result.config.maps)).toEqual({ kind: 'offline' });
    }
  });

  it.each([
    [{ VITE_DIRECTIONS_URL: undefined }, { variable: 'VITE_DIRECTIONS_URL', reason: 'missing' }],
    [{ VITE_GEOCODER_URL: 'nominatim' }, { variable: 'VITE_GEOCODER_URL', reason: 'not-a-url' }],
    [{ VITE_DIRECTIONS_URL: 'ftp://router.example.com' }, { variable: 'VITE_DIRECTIONS_URL', reason: 'not-a-url' }],
    [{ VITE_MAP_TILES_URL: 'https://tile.example.com/tiles.png' }, { variable: 'VITE_MAP_TILES_URL', reason: 'not-a-tile-url' }],
  ])('names the variable to fix: %j', (change, problem) => {
    expect(problemsOf(parseConfig({ ...env, ...change }))).toEqual([problem]);
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', true],
    ['https://{a-c}.tile.example.com/{z}/{x}/{-y}.png?key=abc', true],
    ['http://localhost:8080/tiles/{z}/{y}/{x}', true],
    ['https://tile.example.com/{z}/{x}.png', false],
    ['//tile.example.com/{z}/{x}/{y}.png', false],
    ['file:///tiles/{z}/{x}/{y}.png', false],
  ])('a tile URL template %s is %s', (url, ok) => {
    expect(isTileUrlTemplate(url)).toBe(ok);
  });

  it('baseMapOf leaves out a blank attribution', () => {
    expect(baseMapOf({ tilesUrl: 'https://t.example.com/{z}/{x}/{y}.png', tilesAttribution: ' ' })).toEqual({ kind: 'tiles', url: 'https://t.example.com/{z}/{x}/{y}.png' });
  });
});
