import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptCookies, allowConsoleError, DEMO, openPage, signIn, setUpBrowser } from './browser';
import { firstRecordIds } from './store-records';

setUpBrowser();

/**
 * Security (issue 9), in the browser:
 * - no session token, ID token, refresh token, e-mail or password of the operator in any URL the
 *   app navigates to (address bar and history) or requests, on a crawl of every route;
 * - the validation link's e-mail and token leave the address bar on arrival;
 * - after sign-out nothing the app wrote remains in localStorage, sessionStorage or IndexedDB.
 */

/** Every route of src/app/routes.tsx that renders a screen (the redirect-only ones aside), most specific first. */
const SHELL_ROUTES = [
  '/overview',
  '/operations/offers',
  '/operations/offers/create',
  '/operations/offers/:tab/:id',
  '/operations/templates',
  '/operations/templates/create',
  '/operations/templates/filter/:tab',
  '/operations/templates/:tab/:id',
  '/operations/orders/filter/:tab',
  '/operations/orders/:tab',
  '/operations/order/:id',
  '/truck/create',
  '/truck/edit/:id',
  '/trucks/:tab',
  '/pickup/create',
  '/pickup/edit/:id',
  '/pickups',
  '/accounts',
  '/delivery-orders',
  '/delivery-order/:id/:tab',
  '/delivery-order/:id',
  '/delivery-map',
  '/synchronization',
  '/dashboards/default',
  '/management/customers/:id/:tab',
  '/management/customers/:id',
  '/management/customers',
  '/summary/:tab',
  '/profile/:id/:tab',
  '/profile/:id',
  '/settings/:tab',
] as const;
const ERROR_ROUTES = ['/errors/error-401', '/errors/error-404', '/errors/error-500'] as const;
const PUBLIC_ROUTES = ['/auth/login', '/auth/register', '/auth/recovery', '/auth/validate/:email/:token', '/auth/validate'] as const;
const ALL_ROUTES = [...SHELL_ROUTES, ...ERROR_ROUTES, ...PUBLIC_ROUTES];

const routeOf = (path: string) =>
  ALL_ROUTES.find((route) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`).test(path));

interface Recorder {
  /** Every URL the page's address bar took: document navigations and history API calls. */
  urls: string[];
  /** Every request the page made (its own origin, the API, the identity provider, ...). */
  requests: string[];
}

/** Wraps history.pushState / replaceState in every document of the page, reporting each new URL. */
const HISTORY_RECORDER = `(() => {
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const before = location.href;
      const result = original.apply(this, args);
      // Only a change of address counts (the router stamps its own state on the current one).
      if (location.href !== before) try { window.__recordUrl(name + ' ' + location.href); } catch {}
      return result;
    };
  }
})();`;

async function record(page: Page): Promise<Recorder> {
  const recorder: Recorder = { urls: [], requests: [] };
  await page.exposeFunction('__recordUrl', (entry: string) => recorder.urls.push(entry));
  await page.addInitScript(HISTORY_RECORDER);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) recorder.urls.push(`navigated ${frame.url()}`);
  });
  page.on('request', (request) => recorder.requests.push(request.url()));
  return recorder;
}

type Secret = [kind: string, value: string];

/** The operator's tokens as the page holds them: sessionStorage, localStorage and IndexedDB. */
async function tokensIn(page: Page): Promise<Secret[]> {
  return page.evaluate(async () => {
    const found: Array<[string, string]> = [];
    const session = JSON.parse(sessionStorage.getItem('console.session') ?? 'null') as { token?: string } | null;
    if (session?.token) found.push(['session token', session.token]);
    const fromUser = (user: { stsTokenManager?: { accessToken?: string; refreshToken?: string } } | null) => {
      if (user?.stsTokenManager?.accessToken) found.push(['Firebase ID token', user.stsTokenManager.accessToken]);
      if (user?.stsTokenManager?.refreshToken) found.push(['refresh token', user.stsTokenManager.refreshToken]);
    };
    for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:authUser:')) fromUser(JSON.parse(localStorage.getItem(key) ?? 'null'));
    // The SDK's IndexedDB persistence, should it ever be used instead of localStorage.
    if ((await indexedDB.databases()).some((d) => d.name === 'firebaseLocalStorageDb')) {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      if (db.objectStoreNames.contains('firebaseLocalStorage')) {
        const rows = await new Promise<Array<{ fbase_key: string; value: unknown }>>((done, fail) => {
          const all = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          all.onsuccess = () => done(all.result as Array<{ fbase_key: string; value: unknown }>);
          all.onerror = () => fail(all.error);
        });
        for (const row of rows) if (row.fbase_key.startsWith('firebase:authUser:')) fromUser(row.value as never);
      }
      db.close();
    }
    return found;
  });
}

/** Each secret as it could appear in a URL: as is, URL-encoded, and (e-mails) lower-cased. */
function variants([kind, value]: Secret): Secret[] {
  return [...new Set([value, encodeURIComponent(value), value.toLowerCase(), encodeURIComponent(value.toLowerCase())])].map((v) => [kind, v]);
}

function leaks(urls: string[], secrets: Secret[]): string[] {
  const forms = secrets.flatMap(variants);
  return urls.flatMap((url) => forms.filter(([, value]) => url.includes(value)).map(([kind]) => `${kind} in ${url}`));
}

/** Client-side navigation, as a link would do it, for the routes no link on screen leads to. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/**
 * The screen has rendered its title and shows nothing loading. Every request and address is
 * recorded as it starts, so the crawl need not wait for the network to fall quiet (networkidle
 * costs half a second a page, a minute over the crawl).
 */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 5000 })
    .catch(() => undefined);
}

describe('no secret in a URL', () => {
  it('a crawl of every route, signed in and out, puts no token, e-mail or password in a URL', { timeout: 240_000 }, async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'I agree' }).waitFor();
    const recorder = await record(page);
    await page.reload();
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await settled(page);

    const secrets: Secret[] = [
      ['e-mail', DEMO.email],
      ['password', DEMO.password],
    ];
    const tokens = await tokensIn(page);
    // The test would prove nothing without the values it looks for.
    expect(tokens.map(([kind]) => kind).toSorted()).toEqual(['Firebase ID token', 'refresh token', 'session token']);
    secrets.push(...tokens);

    const visited = new Set<string>();
    /** Counts the route of the address the page shows, and of the one it was sent to (a route may redirect). */
    const note = (requested?: string) => {
      for (const path of [new URL(page.url()).pathname, requested?.split('?')[0]]) {
        const route = path === undefined ? undefined : routeOf(path);
        if (route) visited.add(route);
      }
    };
    note();

    /** Clicks every tab of the screen not selected yet (tabs change the URL). */
    const clickTabs = async () => {
      const names = await page
        .locator('main [role="tab"]')
        .evaluateAll((tabs) => tabs.filter((t) => t.getAttribute('aria-selected') !== 'true' && t.getAttribute('aria-disabled') !== 'true').map((t) => t.textContent ?? ''));
      for (const name of names) {
        // A tab the layout scrolls out of reach, or one a previous tab's screen no longer shows,
        // is left to the route coverage check at the end.
        const clicked = await page
          .locator('main [role="tab"]', { hasText: name })
          .first()
          .click({ timeout: 3000 })
          .then(
            () => true,
            () => false,
          );
        if (!clicked) continue;
        await settled(page);
        note();
      }
    };

    // 1. The side navigation, entry by entry, and each screen's tabs.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const targets = await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(targets.length).toBeGreaterThan(15);
    for (const href of targets) {
      await nav.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL((url) => url.pathname === href.split('?')[0]);
      await settled(page);
      note();
      await clickTabs();
    }

    // 2. Links inside the screens (rows, detail pages, create buttons), one per route.
    for (const start of ['/operations/offers', '/operations/templates', '/operations/orders/pending', '/trucks/active', '/pickups', '/delivery-orders', '/management/customers']) {
      await goInApp(page, start);
      await settled(page);
      const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const href of hrefs) {
        const route = routeOf(href.split('?')[0]);
        if (!route || visited.has(route) || route.startsWith('/auth') || route.startsWith('/errors')) continue;
        // The link as the operator clicks it; if the list re-rendered it away meanwhile, its address.
        const from = new URL(page.url()).pathname;
        const clicked = await page
          .locator(`main a[href="${href}"]`)
          .first()
          .click({ timeout: 3000 })
          .then(
            () => true,
            () => false,
          );
        if (clicked) await page.waitForURL((url) => url.pathname !== from);
        else await goInApp(page, href);
        await settled(page);
        note(href);
        await clickTabs();
        await goInApp(page, start);
        await settled(page);
      }
    }

    // 3. Directly, what no link led to.
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('console.user') ?? 'null') as { operator: { id: number }; store: { id: number } });
    const ids = await firstRecordIds(page, user.store.id);
    const direct: Record<string, string> = {
      '/overview': '/overview',
      '/operations/offers': '/operations/offers',
      '/operations/templates': '/operations/templates',
      '/operations/orders/:tab': '/operations/orders/pending',
      '/operations/orders/filter/:tab': '/operations/orders/filter/sold',
      '/trucks/:tab': '/trucks/active',
      '/pickups': '/pickups',
      '/accounts': '/accounts',
      '/delivery-orders': '/delivery-orders',
      '/delivery-map': '/delivery-map',
      '/synchronization': '/synchronization',
      '/dashboards/default': '/dashboards/default',
      '/management/customers': '/management/customers',
      '/summary/:tab': '/summary/daily',
      '/settings/:tab': '/settings/general',
      '/operations/offers/create': '/operations/offers/create',
      '/operations/offers/:tab/:id': `/operations/offers/edit/${ids.offer}`,
      '/operations/templates/create': '/operations/templates/create',
      '/operations/templates/filter/:tab': '/operations/templates/filter/recurring',
      '/operations/templates/:tab/:id': `/operations/templates/edit/${ids.template}`,
      '/operations/order/:id': `/operations/order/${ids.order}`,
      '/truck/create': '/truck/create',
      '/truck/edit/:id': `/truck/edit/${ids.truck}`,
      '/pickup/create': '/pickup/create',
      '/pickup/edit/:id': `/pickup/edit/${ids.pickup}`,
      '/delivery-order/:id': `/delivery-order/${ids.delivery}`,
      '/delivery-order/:id/:tab': `/delivery-order/${ids.delivery}/route`,
      '/management/customers/:id': `/management/customers/${ids.review}`,
      '/management/customers/:id/:tab': `/management/customers/${ids.review}/order`,
      '/profile/:id': `/profile/${user.operator.id}`,
      '/profile/:id/:tab': `/profile/${user.operator.id}/details`,
      '/errors/error-401': '/errors/error-401',
      '/errors/error-404': '/errors/error-404',
      '/errors/error-500': '/errors/error-500',
    };
    const byClick = visited.size;
    const directly: string[] = [];
    for (const [route, path] of Object.entries(direct)) {
      if (visited.has(route)) continue;
      directly.push(route);
      await goInApp(page, path);
      await settled(page);
      note(path);
    }
    await goInApp(page, '/overview');
    await settled(page);
    secrets.push(...(await tokensIn(page)));

    // 4. Sign out (the page restarts at /auth/login), then the public pages.
    const restarted = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await restarted;
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    note();
    for (const path of ['/auth/register', '/auth/recovery']) {
      await page.locator(`main a[href="${path}"], a[href="${path}"]`).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await settled(page);
      note();
      await goInApp(page, '/auth/login');
      await settled(page);
    }

    // The validation link is opened from an e-mail (a new page load, recorded as such) and its
    // e-mail and token must not stay in the address bar or the history entry.
    const link = { email: 'new.store@bakery.test', token: 'one-use-token-4711' };
    const linkSecrets: Secret[] = [
      ['link e-mail', link.email],
      ['link token', link.token],
    ];
    // The server refuses the made-up link (400), which the browser logs: the page says so.
    allowConsoleError(/status of 400/);
    const opened = recorder.urls.length;
    const linkUrl = new URL(`/auth/validate/${encodeURIComponent(link.email)}/${link.token}`, page.url()).toString();
    await page.goto(linkUrl);
    await page.getByTestId('validate-screen').and(page.locator('[data-step="verifiedError"]')).waitFor();
    // The link's route was opened; the screen has since moved to /auth/validate.
    note(new URL(linkUrl).pathname);
    expect(new URL(page.url()).pathname).toBe('/auth/validate');
    await expect.poll(() => leaks([page.url()], linkSecrets)).toEqual([]);
    // The e-mail opened the link (the entries for that address); everything after is the app's doing.
    const afterOpening = recorder.urls.slice(opened);
    const own = afterOpening.findIndex((entry) => entry.slice(entry.indexOf(' ') + 1) !== linkUrl);
    expect(own).toBeGreaterThan(0);
    expect(leaks(afterOpening.slice(own), linkSecrets)).toEqual([]);
    // A reload still knows the link (it lives in the history entry's state).
    await page.reload();
    await page.getByTestId('validate-screen').and(page.locator('[data-step="verifiedError"]')).waitFor();
    await page.getByText(`The validation link for ${link.email} is not valid`, { exact: false }).waitFor();
    expect(leaks([page.url()], linkSecrets)).toEqual([]);

    console.info(
      `security crawl: ${visited.size}/${ALL_ROUTES.length} routes (${byClick} through the navigation, tabs and links; directly: ${directly.join(', ') || 'none'}), ` +
        `${recorder.urls.length} addresses and ${recorder.requests.length} requests checked against ${secrets.length} secrets`,
    );
    expect(ALL_ROUTES.filter((route) => !visited.has(route))).toEqual([]);
    expect(recorder.urls.length).toBeGreaterThan(40);
    expect(leaks(recorder.urls, secrets)).toEqual([]);
    expect(leaks(recorder.requests, secrets)).toEqual([]);
  });
});

describe('sign-out', () => {
  it('leaves nothing the app wrote in localStorage, sessionStorage or IndexedDB', async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await settled(page);
    // A few screens, so the app writes what it writes: an offer draft, the store's accent, ...
    await goInApp(page, '/operations/offers/create');
    await settled(page);
    await page.getByLabel('Name', { exact: true }).fill('Bag of bread');
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('draft')).length)).toBeGreaterThan(0);
    await goInApp(page, '/overview');
    await settled(page);

    const snapshot = () =>
      page.evaluate(async () => ({
        local: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
        session: Object.keys(sessionStorage).toSorted(),
        idb: (await indexedDB.databases()).map((d) => d.name ?? '').toSorted(),
      }));
    const before = await snapshot();
    // What the app wrote while signed in (the test checks each of these is gone).
    const written = Object.keys(before.local).filter((key) => !key.startsWith('devkit.'));
    expect(written).toEqual(expect.arrayContaining(['console.user', 'console.accent', 'console.cookie-consent', 'firebase:authUser:mock-api-key:[DEFAULT]']));
    expect(before.session).toEqual(expect.arrayContaining(['console.session']));
    expect(before.session.some((key) => key.includes('draft'))).toBe(true);
    expect(before.idb).toContain('firebase-heartbeat-database');

    const restarted = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await restarted;
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // The IndexedDB deletion completes once the signed-in page's connection is gone.
    await expect.poll(async () => (await snapshot()).idb).toEqual([]);
    const after = await snapshot();

    // Left, exactly: the mock backend's own disk (devkit.*: the server's data, scenario and outbox,
    // not the browser's session). Nothing else, not even Joy UI's light/dark echo: the sign-in page
    // the sign-out lands on loads no Joy (decision 019).
    const serverDisk = Object.keys(after.local).filter((key) => key.startsWith('devkit.'));
    expect(serverDisk.toSorted()).toEqual(Object.keys(before.local).filter((key) => key.startsWith('devkit.')).toSorted());
    const appKeys = Object.fromEntries(Object.entries(after.local).filter(([key]) => !key.startsWith('devkit.')));
    expect(appKeys).toEqual({});
    expect(after.session).toEqual([]);
    expect(after.idb).toEqual([]);
    expect(written.filter((key) => !(key in appKeys) && key in after.local)).toEqual([]);
  });
});

describe('Content-Security-Policy', () => {
  it('is in force in the demo build: an injected inline script or code from a string does not run', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    allowConsoleError(/Content Security Policy/);
    // An injected inline <script>, and code from a string run by the page's own timer (the
    // test's evaluate itself is exempt from the policy, as DevTools evaluation is, so it cannot
    // call eval directly to prove the point).
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      setTimeout('window.stringRan = true', 0);
    })()`);
    await page.waitForTimeout(200);
    const ran = await page.evaluate('({ inline: window.inlineRan === true, fromString: window.stringRan === true })');
    expect(ran).toEqual({ inline: false, fromString: false });
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
  });

  it('is never broken by the console itself: signing in to the overview reports no violation', async () => {
    const page = await openPage('/auth/login');
    // Recorded from the first script on: the policy reports even a probe whose throw is caught.
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    await page.reload();
    await acceptCookies(page);
    await signIn(page);
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await page.getByTestId('overall-rating').waitFor();
    const signingIn = await violations();
    // A signed-in load: the session resumes and the mock kit starts before the first render.
    await page.reload();
    await page.getByTestId('overall-rating').waitFor();
    expect({ signingIn, signedInLoad: await violations() }).toEqual({ signingIn: [], signedInLoad: [] });
  });
});
