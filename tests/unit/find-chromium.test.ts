// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM_MESSAGE, type BrowserSearch } from '../../tests/e2e/chromium';

/** Which browser `npm test` drives (tests/e2e/chromium.ts), on stand-in machines. */
const PLAYWRIGHTS = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
function machine(platform: NodeJS.Platform, files: string[], env: Record<string, string | undefined> = {}): BrowserSearch {
  return { env, platform, exists: (path) => files.includes(path), playwrightChromium: () => PLAYWRIGHTS };
}

describe('the browser the journeys drive', () => {
  it('is CHROMIUM_PATH when it is set', () => {
    expect(findChromium(machine('linux', ['/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/my/chrome' }))).toBe('/opt/my/chrome');
  });

  it('else an installed Chromium or Chrome in its usual place, on Debian, macOS and Windows', () => {
    expect(findChromium(machine('linux', ['/usr/bin/google-chrome-stable']))).toBe('/usr/bin/google-chrome-stable');
    expect(findChromium(machine('linux', ['/usr/bin/google-chrome-stable', '/usr/bin/chromium']))).toBe('/usr/bin/chromium');
    expect(findChromium(machine('darwin', ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']))).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const chrome = 'C:\\Program Files/Google/Chrome/Application/chrome.exe'.replaceAll('/', process.platform === 'win32' ? '\\' : '/');
    expect(findChromium(machine('win32', [chrome], { PROGRAMFILES: 'C:\\Program Files' }))).toBe(chrome);
  });

  it('else the Chromium Playwright installed, else none, and the message names the install commands', () => {
    expect(findChromium(machine('linux', [PLAYWRIGHTS]))).toBe(PLAYWRIGHTS);
    expect(findChromium(machine('linux', []))).toBeUndefined();
    expect(NO_CHROMIUM_MESSAGE).toContain('apt-get install -y chromium');
    expect(NO_CHROMIUM_MESSAGE).toContain('npx playwright-core install chromium');
  });
});
