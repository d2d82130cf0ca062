import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { signIn } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// The shared helpers this file's tests use with its own browser.
export { acceptCookies, DEMO, devkit, screenshot } from './browser';
export { axeViolations } from './axe';

/**
 * The accessibility gate's browser: one Chromium for the file and one long-lived signed-in page
 * per colour scheme, moved from route to route inside the app (no reload, no new sign-in), so
 * the whole gate stays within a few minutes on two cores. browser.ts's helpers close their
 * contexts after every test, which would sign in again per route.
 */
export type Scheme = 'light' | 'dark';

export interface A11yBrowser {
  open(path: string, options: { scheme: Scheme; scenario?: string; width?: number }): Promise<Page>;
  /**
   * The console errors and uncaught exceptions of a page opened here, but the browser's own
   * "Failed to load resource" lines (the error states make calls fail on purpose).
   */
  problemsOf(page: Page): string[];
  close(): Promise<void>;
}

export async function launchA11yBrowser(): Promise<A11yBrowser> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const problems = new WeakMap<Page, string[]>();
  return {
    async open(path, { scheme, scenario, width = 1280 }) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US', reducedMotion: 'reduce', colorScheme: scheme });
      contexts.push(context);
      const page = await context.newPage();
      const seen: string[] = [];
      problems.set(page, seen);
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) seen.push(`console.error on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => seen.push(`uncaught on ${page.url()}: ${error.message}`));
      const url = new URL(path, inject('baseUrl'));
      if (scenario) url.searchParams.set('scenario', scenario);
      await page.goto(url.toString());
      return page;
    },
    problemsOf: (page) => problems.get(page) ?? [],
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
    },
  };
}

/** Agrees to cookies (the banner appears once the app has booted). */
/** Signs the demo operator in and waits for the overview to settle. */
export async function signInAndSettle(page: Page) {
  await signIn(page);
  await page.waitForURL('**/overview');
  await settled(page);
}

/**
 * Moves the running app to `path` the way its own links do (history + popstate for React
 * Router): no reload, so the session, the mock backend and the loaded chunks stay.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate(async (to) => {
    window.history.pushState({ idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    // Two frames: React has rendered the new route before anyone looks at the page.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, path);
}

const BUSY = '[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-root';

/**
 * The screen has its heading and nothing on it has been loading for a moment (a screen may load
 * in steps: its chunk, then its data, then a part such as a chart or a map).
 */
export async function settled(page: Page, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  await page.locator('h1').first().waitFor({ timeout });
  let idleSince: number | null = null;
  for (;;) {
    const busy = await page.locator(BUSY).count();
    const now = Date.now();
    if (busy > 0) idleSince = null;
    else if (idleSince === null) idleSince = now;
    else if (now - idleSince >= 200) return;
    if (now > deadline) throw new Error(`${page.url()} still shows ${busy} loading indicator(s) after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

/** Something on the screen shows that it is loading (skeleton, spinner, busy region). */
export async function loadingShows(page: Page, timeout = 10_000): Promise<boolean> {
  return page
    .waitForFunction((busy) => document.querySelectorAll(busy).length > 0, BUSY, { timeout, polling: 20 })
    .then(() => true)
    .catch(() => false);
}
