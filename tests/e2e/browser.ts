import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * One Chromium per test file, one fresh context per test. Every page fails its test on a
 * console error or an uncaught exception it did not declare with `allowConsoleError`.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: string[] = [];
const allowed: RegExp[] = [];

export function setUpBrowser() {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    const open = contexts.splice(0);
    // Every journey's journal is a replay test: before the pages go, each one still showing the
    // app must replay its exported journal to exactly its live projections.
    const replays = (await Promise.all(open.flatMap((c) => c.pages()).map(replayCheck))).filter((r) => r !== undefined);
    await Promise.all(open.map((c) => c.close()));
    allowed.length = 0;
    const found = problems.splice(0);
    expect(found, 'unexpected console errors').toEqual([]);
    expect(replays.filter((r) => !r.equal), 'journal replay differs from the live projections').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

interface ReplayCheck {
  url: string;
  equal: boolean;
  events: number;
  differences: string[];
}

/**
 * devkit.journalCheck() in a page of the app in mock mode: its live projections against the
 * replay of its exported journal. Undefined for a page that was closed, navigated away from the
 * app, or is between two documents.
 */
async function replayCheck(page: Page): Promise<ReplayCheck | undefined> {
  if (page.isClosed() || new URL(page.url()).origin !== new URL(baseUrl()).origin) return undefined;
  try {
    return await page.evaluate(() => {
      const kit = (window as unknown as { devkit?: { journalCheck?: () => { equal: boolean; events: number; differences: string[] } } }).devkit;
      if (!kit?.journalCheck) return undefined;
      const { equal, events, differences } = kit.journalCheck();
      return { url: location.href, equal, events, differences };
    });
  } catch {
    return undefined; // the page navigated or closed meanwhile
  }
}

/** Hosts the mock backend answers in the demo: the platform API and map services (.env.mock), the identity provider. */
const MOCK_HOST = /^https:\/\/([a-z]+\.store-platform\.test|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com)\//;

/**
 * Records the page's console errors and uncaught exceptions as problems. A "Failed to load
 * resource" message names the resource (its location), so the report says which call failed.
 *
 * One exception: a call to a mock host that fails while the page is between two documents (from
 * the main frame's navigation request to the new document's load). That is the old document's
 * call, still in flight when the test reloaded or navigated: MSW's worker lets go of a page at its
 * `beforeunload`, so such a call fails where a live server's would have been cancelled silently.
 * The new document's own calls come after its load and are still reported.
 */
function watchForProblems(page: Page): Page {
  let betweenDocuments = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) betweenDocuments = true;
  });
  page.on('load', () => {
    betweenDocuments = false;
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allowed.some((pattern) => pattern.test(text))) return;
    const source = message.location().url;
    if (betweenDocuments && text.startsWith('Failed to load resource: net::') && MOCK_HOST.test(source)) return;
    problems.push(`console.error on ${page.url()}: ${text}${source && source !== page.url() ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  return page;
}

const contextHooks: Array<(context: BrowserContext) => void> = [];

/** Runs `hook` on every browser context openPage opens in this file, before its first page loads. */
export function onEveryContext(hook: (context: BrowserContext) => void) {
  contextHooks.push(hook);
}

/**
 * The browser's own pages (type browser_ui, such as chrome://omnibox-popup.top-chrome/) open in
 * this file's Chromium: tests/e2e/chromium.ts keeps them out, as each costs a renderer per context.
 */
export async function browserUiPages(): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'browser_ui' }] });
    return targetInfos.map((target) => target.url);
  } finally {
    await session.detach();
  }
}

export function allowConsoleError(pattern: RegExp) {
  allowed.push(pattern);
}

export const baseUrl = () => inject('baseUrl');

export async function openPage(
  path: string,
  options: { width?: number; height?: number; scenario?: string; origin?: string; fixedTime?: number; touch?: boolean } = {},
): Promise<Page> {
  // Reduced motion: charts and drawers settle at once, so screenshots show the finished state.
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    // A phone: touch events (locator.tap()) and the page's meta viewport honoured.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  contexts.push(context);
  for (const hook of contextHooks) hook(context);
  // Date.now() and new Date() answer this moment in every page of the context (timers still run):
  // journeys that depend on the time of day (today / tomorrow) see the same day shape on every run.
  if (options.fixedTime !== undefined) await context.clock.setFixedTime(options.fixedTime);
  const page = watchForProblems(await context.newPage());
  const url = new URL(path, options.origin ?? baseUrl());
  if (options.scenario) url.searchParams.set('scenario', options.scenario);
  await page.goto(url.toString());
  return page;
}

/** A full page load of `path` on the page's own origin (a reload: the app boots again there). */
export async function goTo(page: Page, path: string) {
  await page.goto(new URL(path, page.url()).toString());
}

/** Another tab of the same browser profile: shares localStorage, not sessionStorage. */
export async function openSecondTab(page: Page, path: string): Promise<Page> {
  const tab = watchForProblems(await page.context().newPage());
  await tab.goto(new URL(path, page.url()).toString());
  return tab;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: false });
}

export const DEMO = { email: 'demo@store.test', password: 'demo1234' };

export const SPANISH_OPERATOR = { email: 'operator@store.test', password: 'operator1234' };

/** window.devkit in the page (mock mode), typed loosely: tests only call its documented verbs. */
export async function devkit<T>(page: Page, call: string): Promise<T> {
  // Mock mode starts its kit on demand (decision 017): a public page may not have started it yet.
  await page.evaluate(() => (window as unknown as { startDevkit: () => Promise<unknown> }).startDevkit().then(() => undefined));
  return page.evaluate(`window.devkit.${call}`) as Promise<T>;
}

export async function signIn(page: Page, credentials = DEMO) {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A fresh browser context, cookies agreed, signed in as the demo operator, on the overview. */
export async function openSignedIn(scenario?: string, options: { fixedTime?: number; width?: number; height?: number; touch?: boolean } = {}): Promise<Page> {
  const page = await openPage('/auth/login', { ...options, scenario });
  await acceptCookies(page);
  await signIn(page);
  await page.waitForURL('**/overview');
  // The overview's calls must have answered before a test navigates away: a request still in
  // flight when the page unloads escapes the mock's service worker and fails on DNS.
  await page.getByTestId('overall-rating').waitFor();
  return page;
}

/** Agrees to cookies in a fresh browser context (the banner appears once the app has booted). */
export async function acceptCookies(page: Page) {
  const agree = page.getByRole('button', { name: 'I agree' });
  await agree.waitFor();
  await agree.click();
  await agree.waitFor({ state: 'detached' });
}
