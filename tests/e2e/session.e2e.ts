import { describe, expect, inject, it } from 'vitest';
import { acceptCookies, allowConsoleError, devkit, openPage, openSecondTab, screenshot, signIn, SPANISH_OPERATOR, setUpBrowser } from './browser';

setUpBrowser();

interface JournalEvent {
  type: string;
  path?: string;
  title?: string;
}

describe('session failures show their catalogue message', () => {
  it('an exchange refused by the platform reads "Invalid e-mail or password"', async () => {
    allowConsoleError(/500|Failed to load resource/);
    const page = await openPage('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await devkit(page, "fail('POST /stores/signin', 500)");
    await signIn(page);
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('an unreachable identity provider says so, and the form keeps its input', async () => {
    allowConsoleError(/Failed to load resource|net::ERR_FAILED/);
    const page = await openPage('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await devkit(page, "fail('*', 'offline')");
    await signIn(page);
    await page.getByRole('alert').filter({ hasText: 'We could not reach the sign-in service' }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('demo@store.test');
  });

  it('a second 401 after the refresh signs the operator out with a message', async () => {
    allowConsoleError(/401|Failed to load resource/);
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // Every store profile call is refused: the first 401 refreshes, the retry's 401 ends the session.
    await devkit(page, "fail('GET /stores/profile/{id}', 401)");
    await signIn(page);
    await page.getByRole('alert').filter({ hasText: 'Your session has expired. Please sign in again.' }).waitFor();
    await page.waitForURL('**/auth/login');
    const signIns = await devkit<JournalEvent[]>(page, 'journal().events');
    expect(signIns.map((e) => e.type)).toEqual(expect.arrayContaining(['session.signedIn', 'session.refreshed', 'session.signedOut']));
  });
});

/** A signed-in operator's overview opened in a second tab (no session token yet), its figures shown. */
async function overviewInANewTab() {
  const page = await openPage('/auth/login');
  await signIn(page);
  await page.waitForURL('**/overview');
  const tab = await openSecondTab(page, '/overview');
  await tab.getByTestId('overall-rating').waitFor();
  return tab;
}

describe('resuming', () => {
  it('a new tab has no session token yet and resumes through the identity provider (POST users/login)', async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    const tab = await openSecondTab(page, '/operations/offers');
    await tab.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/operations/offers');
    // The console shows while the session resumes (decision 021): the sign-in lands a moment later.
    const signedInVia = async () => (await devkit<Array<{ type: string; via?: string }>>(tab, 'journal().events')).find((e) => e.type === 'session.signedIn')?.via;
    await expect.poll(signedInVia).toBe('provider');
  });

  it('a new tab asks for the identity SDK and the mock kit only once the console has painted (decision 021)', async () => {
    const tab = await overviewInANewTab();
    const { firstPaint, requested } = await tab.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      requested: performance
        .getEntriesByType('resource')
        .map((entry) => ({ chunk: /\/assets\/(mock-mode-kit|index\.esm)-/.exec(entry.name)?.[1], at: Math.round(entry.startTime) }))
        .filter((entry) => entry.chunk !== undefined),
    }));
    expect(new Set(requested.map((entry) => entry.chunk))).toEqual(new Set(['mock-mode-kit', 'index.esm']));
    expect(requested.filter((entry) => !(entry.at >= firstPaint))).toEqual([]);
  });

  it('evaluates the mock kit in steps, each asked for once the previous one has arrived (decision 030)', async () => {
    const tab = await overviewInANewTab();
    const steps = ['order-schemas', 'sales-schemas', 'store-schemas', 'db', 'handlers', 'mock-mode-kit'];
    const requested = await tab.evaluate(
      (names) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => ({ step: names.find((name) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(entry.name)), start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd }))
          .filter((entry) => entry.step !== undefined),
      steps,
    );
    expect(requested.map((entry) => entry.step)).toEqual(steps);
    for (let index = 1; index < requested.length; index++) expect(requested[index].start).toBeGreaterThanOrEqual(requested[index - 1].end);
  });

  it("shows the remembered operator's console while the session resumes, and its calls wait for the session (decision 021)", async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    // The new tab's POST users/login answers only once the test lets it.
    const tab = await page.context().newPage();
    await tab.addInitScript(() => {
      const send = window.fetch.bind(window);
      const held = new Promise<void>((release) => Object.assign(window, { releaseLogin: release }));
      window.fetch = (input, init) => (String(input instanceof Request ? input.url : input).endsWith('/users/login') ? held.then(() => send(input, init)) : send(input, init));
    });
    const homeCalls: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/stores/home')) homeCalls.push(request.method());
    });
    await tab.goto(new URL('/overview', page.url()).toString());
    // Before the session is back: the shell with the operator's store and the page's heading.
    await tab.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await tab.getByTestId('store-name').first().waitFor();
    const before = await devkit<Array<{ type: string }>>(tab, 'journal().events');
    expect(before.map((e) => e.type)).toContain('session.resuming');
    expect(before.map((e) => e.type)).not.toContain('session.signedIn');
    expect(await tab.getByTestId('overall-rating').count()).toBe(0);
    // Then the session, and the figures the overview asked for meanwhile.
    await tab.evaluate(() => (window as unknown as { releaseLogin: () => void }).releaseLogin());
    await tab.getByTestId('overall-rating').waitFor();
    const after = await devkit<Array<{ type: string; via?: string }>>(tab, 'journal().events');
    expect(after.find((e) => e.type === 'session.signedIn')?.via).toBe('provider');
    // The overview asked once, and its call went once the session was there.
    expect(homeCalls).toEqual(['GET']);
  });
  it('goes to sign-in, without a store call, when the identity provider no longer knows the remembered operator', async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    // The new tab: the console still remembers the operator, the identity provider (its SDK keeps
    // the user in localStorage) no longer does.
    const tab = await page.context().newPage();
    await tab.addInitScript(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:authUser')) localStorage.removeItem(key);
    });
    const storeCalls: string[] = [];
    tab.on('request', (request) => {
      if (/\/stores\//.test(new URL(request.url()).pathname)) storeCalls.push(request.url());
    });
    await tab.goto(new URL('/overview', page.url()).toString());
    await tab.waitForURL('**/auth/login');
    await tab.getByRole('button', { name: 'Sign in' }).waitFor();
    const events = (await devkit<Array<{ type: string }>>(tab, 'journal().events')).map((e) => e.type);
    expect(events.indexOf('session.resuming')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('session.notResumed')).toBeGreaterThan(events.indexOf('session.resuming'));
    expect(events).not.toContain('session.signedIn');
    expect(storeCalls).toEqual([]);
  });
});

describe('the platform decides (issue 23)', () => {
  it('a stored operator edited to STORE_ADMIN gets no Settings after a reload: the page waits for the platform, which says STORE_OPERATOR', async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page, SPANISH_OPERATOR);
    await page.waitForURL('**/overview');
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('console.user')!) as { operator: { role: string; rolesList: { roles: string[] } } };
      user.operator.role = 'STORE_ADMIN';
      user.operator.rolesList = { roles: ['STORE_ADMIN', 'STORE_OPERATOR'] };
      localStorage.setItem('console.user', JSON.stringify(user));
    });
    await page.goto(new URL('/settings/general', page.url()).href);
    await page.waitForURL('**/errors/error-401');
    expect(await page.getByTestId('business-info-form').count()).toBe(0);
    // The stored copy now says what the platform said.
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('console.user')!) as { operator: { role: string } }).operator.role)).toBe('STORE_OPERATOR');
  });

  it('signing out with a slow platform: the session is gone from storage at once, and a reload meanwhile does not sign the operator back in', async () => {
    allowConsoleError(/Failed to load resource/);
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.getByTestId('overall-rating').waitFor();
    await devkit(page, 'latency(3000)');
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL('**/auth/login');
    const stored = await page.evaluate(() => [localStorage.getItem('console.user'), sessionStorage.getItem('console.session')]);
    expect(stored).toEqual([null, null]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

describe('language and analytics', () => {
  it("follows the operator's language preference, also after a reload", async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page, SPANISH_OPERATOR);
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { level: 1, name: 'Resumen' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await page.reload();
    await page.getByRole('link', { name: 'Pedidos anteriores' }).first().waitFor();
    await screenshot(page, 'shell-spanish');
    // The counter operator's role cannot open settings: the group is hidden.
    await expect(page.getByRole('link', { name: 'Datos del negocio' }).count()).resolves.toBe(0);
  });

  it('reports page views with path and title (recorded in the journal in mock mode)', async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    // A view is reported when its screen has rendered (it needs the screen's title).
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Past Orders' }).click();
    await page.waitForURL('**/operations/orders/filter/sold');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const views = (await devkit<JournalEvent[]>(page, 'journal().events')).filter((e) => e.type === 'page.viewed');
    expect(views.map((v) => v.path)).toEqual(['/auth/login', '/overview', '/operations/orders/filter/sold']);
    expect(views[1].title).toBe('Overview · Store Console');
  });
});

describe('configuration', () => {
  it('a live build without configuration shows an error page naming the variables', async () => {
    const page = await openPage('/', { origin: inject('liveUrl') });
    await page.getByRole('heading', { name: 'The console is not configured' }).waitFor();
    const text = await page.textContent('main');
    expect(text).toContain('VITE_API_BASE_URL');
    expect(text).toContain('VITE_FIREBASE_API_KEY');
    await screenshot(page, 'config-error');
  });
});
