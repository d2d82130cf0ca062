import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** What finding the browser looks at: the process's by default, stand-ins in its test. */
export interface BrowserSearch {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** Where Playwright installs its own Chromium (`npx playwright-core install chromium`). */
  playwrightChromium: () => string;
}

const thisMachine: BrowserSearch = { env: process.env, platform: process.platform, exists: existsSync, playwrightChromium: () => chromium.executablePath() };

/** Where a Chromium or a Chrome usually lives on this kind of system. */
function usualPlaces({ platform, env }: BrowserSearch): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      join(env.HOME ?? '', 'Applications/Chromium.app/Contents/MacOS/Chromium'),
      join(env.HOME ?? '', 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
    ];
  }
  if (platform === 'win32') {
    const bases = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((base): base is string => !!base);
    return bases.flatMap((base) => [join(base, 'Chromium', 'Application', 'chrome.exe'), join(base, 'Google', 'Chrome', 'Application', 'chrome.exe')]);
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
}

/**
 * The browser the journeys drive, found the way contributors expect: `CHROMIUM_PATH`, else an
 * installed Chromium or Chrome in its usual place, else a Chromium Playwright installed.
 * Undefined when there is none.
 */
export function findChromium(search: BrowserSearch = thisMachine): string | undefined {
  if (search.env.CHROMIUM_PATH) return search.env.CHROMIUM_PATH;
  const installed = usualPlaces(search).find((path) => search.exists(path));
  if (installed) return installed;
  const playwrights = search.playwrightChromium();
  return playwrights && search.exists(playwrights) ? playwrights : undefined;
}

/** What `npm test` says, before the end-to-end step, on a machine without a browser. */
export const NO_CHROMIUM_MESSAGE = [
  'No Chromium or Chrome was found for the end-to-end journeys.',
  'Install one: `sudo apt-get install -y chromium` (Debian, Ubuntu), Google Chrome (macOS, Windows),',
  'or Playwright\'s own: `npx playwright-core install chromium`. Or set CHROMIUM_PATH to a Chromium or Chrome executable.',
].join('\n');

/**
 * The executable the journeys and the measuring scripts launch ('' when there is none:
 * scripts/check-browser.ts stops `npm test` before the journeys with NO_CHROMIUM_MESSAGE).
 * Launched headless and without background networking, which would otherwise flood the closed
 * network with refused connections (TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = findChromium() ?? '';

/**
 * The features playwright-core 1.65 turns off itself (chromiumSwitches.ts). Its switch comes
 * before ours on the command line and Chromium may keep only the last --disable-features, so
 * ours repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * The address bar's suggestion popup, which Chromium 156 builds as web pages (WebUI) and loads
 * in advance for every new window, headless ones too: each browser context the tests open got
 * its own "WebUI Top Renderer" loading ~400 chrome:// files while the console loaded beside it.
 * Traced 2026-11-26 on a resumed overview load: that renderer's main thread took 3.2 s, the
 * console's 2.5 s, and the load 3.0 s; without the popup, the console's main thread took 1.3 s
 * and the load 1.6 s. In those traces each of the four alone left the renderer in place, the
 * first two together removed it; the other two (the popup's full variant, the preloading of
 * browser-UI pages) are off as well so that neither brings a page like it back.
 */
const BROWSER_UI_WEB_PAGES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_WEB_PAGES].join(',')}`,
];
