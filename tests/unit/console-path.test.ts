import { describe, expect, it } from 'vitest';
import { isConsolePath } from '../../src/lib/console-path';

const ORIGIN = 'https://console.example';

describe('isConsolePath', () => {
  it.each(['/', '/overview', '/operations/orders/pending?page=2#top', '/auth/validate/a%40b.test/x', '/offers/12/edit'])('accepts the console path %j', (path) => {
    expect(isConsolePath(path, ORIGIN)).toBe(true);
  });

  it.each([
    'https://evil.example/overview',
    'http://console.example/overview',
    '//evil.example/overview',
    '/\\evil.example/overview',
    '\\/evil.example',
    '/offers\\x',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /overview',
    'javascript:alert(1)',
    'overview',
    '',
  ])('refuses %j', (path) => {
    expect(isConsolePath(path, ORIGIN)).toBe(false);
  });

  it('refuses what is not a string (a value read from a file)', () => {
    for (const value of [undefined, null, 1, { toString: () => '/overview' }]) expect(isConsolePath(value as string, ORIGIN)).toBe(false);
  });

  it('judges against the page’s own origin by default', () => {
    expect(isConsolePath('/overview')).toBe(true);
    expect(isConsolePath('//evil.example')).toBe(false);
  });
});
