/**
 * How Debian's Chromium is launched here (TOOLCHAIN.md): headless, and without background
 * networking, which would otherwise flood the closed network with refused connections.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
