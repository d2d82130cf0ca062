import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptCookies,
  axeViolations,
  DEMO,
  devkit,
  launchA11yBrowser,
  loadingShows,
  navigate,
  settled,
  signInAndSettle,
  type A11yBrowser,
  type Scheme,
} from './a11y-support';
import { firstRecordIds, type StoreRecordIds } from './store-records';

/**
 * Issue #9's accessibility gate: axe (wcag2a, wcag2aa, wcag21aa, wcag22aa) finds nothing on any
 * route of src/app/routes.tsx, in the light and the dark colour scheme (the console follows
 * prefers-color-scheme), with data, while loading, empty and failing. One signed-in page per
 * scheme moves through the routes inside the app; each test collects every violation of its
 * routes and reports them all at once.
 */

let browser: A11yBrowser;

beforeAll(async () => {
  browser = await launchA11yBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The demo operator and its store's first records. */
interface Ids extends StoreRecordIds {
  operator: number;
}

async function idsOf(page: Page): Promise<Ids> {
  const operators = await devkit<Array<{ id: number; email: string; currentAccount: number }>>(page, "records('operators')");
  const operator = operators.find((o) => o.email === DEMO.email)!;
  return { operator: operator.id, ...(await firstRecordIds(page, operator.currentAccount)) };
}

/** The public area and the error pages (src/app/routes.tsx), signed out. */
const PUBLIC_ROUTES = ['/auth/login', '/auth/register', '/auth/recovery', '/auth/validate/nobody%40store.test/not-a-token', '/errors/error-401', '/errors/error-404', '/errors/error-500'];

/** Every signed-in route of src/app/routes.tsx, each tab its own entry. */
function signedInRoutes(ids: Ids): string[] {
  return [
    '/overview',
    '/operations/offers',
    '/operations/offers/create',
    `/operations/offers/edit/${ids.offer}`,
    '/operations/templates',
    '/operations/templates/filter/recurring',
    '/operations/templates/create',
    `/operations/templates/all/${ids.template}`,
    '/operations/orders/pending',
    '/operations/orders/sold',
    '/operations/orders/filter/sold',
    '/operations/orders/counter',
    `/operations/order/${ids.order}`,
    '/trucks/active',
    '/trucks/maintenance',
    '/trucks/inactive',
    '/truck/create',
    `/truck/edit/${ids.truck}`,
    '/pickups',
    '/pickup/create',
    `/pickup/edit/${ids.pickup}`,
    '/accounts',
    '/delivery-orders',
    `/delivery-order/${ids.delivery}/summary`,
    `/delivery-order/${ids.delivery}/route`,
    '/delivery-map',
    '/synchronization',
    '/dashboards/default',
    '/management/customers',
    `/management/customers/${ids.review}/review`,
    `/management/customers/${ids.review}/order`,
    '/summary/current-transactions',
    '/summary/daily',
    `/profile/${ids.operator}`,
    `/profile/${ids.operator}/details`,
    '/settings/general',
    '/settings/media',
    '/settings/devices',
    '/settings/configuration',
    '/settings/security',
    '/settings/billing',
    '/settings/terms',
  ];
}

/**
 * The screens that load something from the server (lists, details, dashboards, forms that edit a
 * record, settings tabs): each has a loading and an error state.
 */
function dataScreens(ids: Ids): string[] {
  const noData = new Set(['/operations/offers/create', '/operations/templates/create', '/truck/create', '/pickup/create', '/operations/orders/filter/sold', '/operations/templates/filter/recurring', '/trucks/maintenance', '/trucks/inactive', `/profile/${ids.operator}/details`]);
  return signedInRoutes(ids).filter((path) => !noData.has(path));
}

/** The routes of a store with nothing yet (no record to open: lists, dashboards, forms, settings). */
function emptyStoreRoutes(operator: number): string[] {
  return signedInRoutes({ operator, offer: 0, template: 0, order: 0, truck: 0, pickup: 0, delivery: 0, review: 0 }).filter((path) => !/\/0(\/|$)/.test(path));
}

/** Every platform call fails with a 500; the identity provider and the session calls still answer. */
const FAIL_EVERY_CALL = "fail('*', 500, { except: ['POST identitytoolkit/v1/{call}', 'POST securetoken/v1/token', 'POST /stores/signin', 'POST users/login'] })";

/** The console follows the system's scheme: Joy's attribute on <html> says which one it shows. */
async function expectScheme(page: Page, scheme: Scheme) {
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-joy-color-scheme'))).toBe(scheme);
}

async function signedIn(scheme: Scheme, scenario?: string): Promise<Page> {
  const page = await browser.open('/auth/login', { scheme, scenario });
  await acceptCookies(page);
  await signInAndSettle(page);
  await expectScheme(page, scheme);
  return page;
}

async function visit(page: Page, path: string): Promise<string[]> {
  await navigate(page, path);
  await settled(page);
  return axeViolations(page, path);
}

/**
 * Data screens that load nothing of their own when opened (the synchronization runs on demand;
 * the profile and these settings tabs show the session's and the store's data already loaded):
 * failing every call leaves them as they are, so they show no error message on entry.
 */
const NO_LOAD_ON_ENTRY = [/^\/synchronization$/, /^\/profile\/\d+$/, /^\/settings\/(media|security|terms)$/];

const SCHEMES: readonly Scheme[] = ['light', 'dark'];
/** A crawl of every route in both schemes, axe on each. */
const CRAWL_TIMEOUT_MS = 150_000;

/** Runs `check` in both colour schemes at once (one page each) and gathers what both found. */
async function inBothSchemes(check: (scheme: Scheme) => Promise<string[]>): Promise<string[]> {
  return (await Promise.all(SCHEMES.map(async (scheme) => (await check(scheme)).map((found) => `[${scheme}] ${found}`)))).flat();
}

it('public and error pages', async () => {
  const found = await inBothSchemes(async (scheme) => {
    const page = await browser.open('/auth/login', { scheme });
    await acceptCookies(page);
    await expectScheme(page, scheme);
    const violations: string[] = [];
    for (const path of PUBLIC_ROUTES) violations.push(...(await visit(page, path)));
    return [...violations, ...browser.problemsOf(page)];
  });
  expect(found).toEqual([]);
});

describe('signed in', () => {
  const pages = new Map<Scheme, Page>();
  let ids: Ids;

  beforeAll(async () => {
    await Promise.all(SCHEMES.map(async (scheme) => pages.set(scheme, await signedIn(scheme))));
    ids = await idsOf(pages.get('light')!);
  });

  // Crawls: ~25 s each on an idle 2-core machine, twice that when it is loaded (a run hit 60 s).
  it('every route with data', { timeout: CRAWL_TIMEOUT_MS }, async () => {
    const found = await inBothSchemes(async (scheme) => {
      const page = pages.get(scheme)!;
      const violations: string[] = [];
      for (const path of signedInRoutes(ids)) violations.push(...(await visit(page, path)));
      return [...violations, ...browser.problemsOf(page)];
    });
    expect(found).toEqual([]);
  });

  it('every data screen while it loads', async () => {
    const found = await inBothSchemes(async (scheme) => {
      const page = pages.get(scheme)!;
      const violations: string[] = [];
      // Every answer is held back (a minute) while axe reads the skeletons and spinners. The held
      // calls never answer a screen that is still shown: the next route replaces it.
      await devkit(page, 'latency(60000)');
      for (const path of dataScreens(ids)) {
        await navigate(page, path);
        // A screen that still holds what it loaded before shows it while it reloads (no skeleton).
        await loadingShows(page, 1000);
        violations.push(...(await axeViolations(page, `${path} (loading)`)));
      }
      await devkit(page, 'clearFaults()');
      return [...violations, ...browser.problemsOf(page)];
    });
    expect(found).toEqual([]);
  });

  it('every data screen when its calls fail', async () => {
    const found = await inBothSchemes(async (scheme) => {
      const page = pages.get(scheme)!;
      const violations: string[] = [];
      await devkit(page, FAIL_EVERY_CALL);
      for (const path of dataScreens(ids)) {
        await navigate(page, path);
        if (!NO_LOAD_ON_ENTRY.some((route) => route.test(path))) {
          // A screen showing what it loaded before keeps it until its reload fails: wait for the message.
          const shown = await page
            .locator('[role="alert"]')
            .first()
            .waitFor({ timeout: 5000 })
            .then(() => true)
            .catch(() => false);
          if (!shown) violations.push(`${path} (error): no error message shows`);
        }
        await settled(page);
        violations.push(...(await axeViolations(page, `${path} (error)`)));
      }
      await devkit(page, 'clearFaults()');
      return [...violations, ...browser.problemsOf(page)];
    });
    expect(found).toEqual([]);
  });
});

it('every route of an empty store', { timeout: CRAWL_TIMEOUT_MS }, async () => {
  const found = await inBothSchemes(async (scheme) => {
    const page = await signedIn(scheme, 'empty-store');
    const operators = await devkit<Array<{ id: number; email: string }>>(page, "records('operators')");
    const violations: string[] = [];
    for (const path of emptyStoreRoutes(operators.find((o) => o.email === DEMO.email)!.id)) violations.push(...(await visit(page, path)));
    return [...violations, ...browser.problemsOf(page)];
  });
  expect(found).toEqual([]);
});
