import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { acceptCookies, allowConsoleError, browserUiPages, DEMO, openPage, openSignedIn, screenshot, signIn, setUpBrowser } from './browser';
import { axeViolations, expectNoAxeViolations } from './axe';

setUpBrowser();

describe('signing in and out', () => {
  it('signs in with the demo account and lands on /overview', async () => {
    const page = await openPage('/');
    await page.waitForURL('**/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect(page.getByTestId('store-name').first().textContent()).resolves.toBeTruthy();
    await screenshot(page, 'shell-wide');
    // The test browser runs the console alone: no page of Chromium's own UI (the address bar's
    // popup) loads beside it in each context (tests/e2e/chromium.ts).
    expect(await browserUiPages()).toEqual([]);
  });

  it('a first visit to the sign-in page fetches no session code (and no zod) before the operator moves', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(fetched.some((path) => path.startsWith('/assets/login-screen-'))).toBe(true);
    expect(fetched.filter((path) => /^\/assets\/(zod|zod-jitless|session-calls)-/.test(path))).toEqual([]);
  });

  it('fills the demo account with one click in mock mode', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'Use demo account' }).click();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(DEMO.email);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe(DEMO.password);
  });

  it('refuses a wrong password with the catalogue message and keeps the e-mail', async () => {
    // The identity provider answers 400 to a wrong password; Chromium logs that response.
    allowConsoleError(/400|Failed to load resource/);
    const page = await openPage('/auth/login');
    await signIn(page, { email: DEMO.email, password: 'wrong-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' });
    await alert.waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(DEMO.email);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('wrong-password');
    expect(page.url()).toContain('/auth/login');
    await screenshot(page, 'sign-in-refused');
  });

  it('keeps the session across a reload', async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(page.url()).toContain('/overview');
  });

  it("a remembered operator's reload asks for its first page (shell and overview) before the console's entry has arrived (decision 027)", async () => {
    const page = await openSignedIn();
    const html = await page.evaluate(async () => (await fetch('/overview')).text());
    expect(html).toMatch(/<script type="module" async crossorigin src="\/assets\/early-fetch-[\w-]+\.js"><\/script>[\s\S]*<script type="module" crossorigin src="\/assets\/index-/);
    // The entry is held back for a moment: whatever asks for the page's chunks meanwhile is not
    // the entry, which has not even arrived.
    const asked: string[] = [];
    let entryReleased = false;
    page.on('request', (request) => {
      // The shell, the overview, their strings and the session's calls are one chunk (decision 028).
      const chunk = /\/assets\/(console)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (chunk) asked.push(`${chunk} ${entryReleased ? 'after' : 'before'} the entry`);
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      entryReleased = true;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('overall-rating').waitFor();
    expect(asked).toEqual(['console before the entry']);
  });

  it("a remembered operator's reload of any route asks for the route's own screen and Joy before the console's entry has arrived, and draws that screen first (decision 039)", async () => {
    const page = await openSignedIn();
    await page.goto(new URL('/operations/orders/pending', page.url()).toString());
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    let entryReleased = false;
    page.on('request', (request) => {
      const chunk = /\/assets\/(console|joy|orders-screen)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (chunk) asked.push(`${chunk} ${entryReleased ? 'after' : 'before'} the entry`);
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      entryReleased = true;
      await route.continue();
    });
    // What the content area shows in each frame until the screen's own table: never the route's
    // placeholder frame (RouteFrame), since the first render waits for the screen's code.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { contentSeen: seen });
      const note = () => {
        const main = document.getElementById('main-content');
        if (!main) return;
        const what = main.querySelector('.route-frame') ? 'frame' : main.querySelector('table') ? 'table' : main.querySelector('h1') ? 'screen' : 'empty';
        if (seen.at(-1) !== what) seen.push(what);
        if (what !== 'table') requestAnimationFrame(note);
      };
      requestAnimationFrame(function wait() {
        if (document.getElementById('main-content')) note();
        else requestAnimationFrame(wait);
      });
    });
    await page.reload();
    await page.getByRole('table').waitFor();
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    expect(asked.toSorted()).toEqual(['console before the entry', 'joy before the entry', 'orders-screen before the entry']);
    const seen = await page.evaluate(() => (window as unknown as { contentSeen: string[] }).contentSeen);
    expect(seen).not.toContain('frame');
    expect(seen.at(-1)).toBe('table');
  });

  it("loads the console's own files from the network, and only the API through the mock backend's worker (decision 025)", async () => {
    const page = await openSignedIn();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.reload();
    await page.getByTestId('overall-rating').waitFor();
    const origin = new URL(page.url()).origin;
    const ownFiles = responses.filter((response) => new URL(response.url()).origin === origin && response.request().resourceType() !== 'document');
    const platformCalls = responses.filter((response) => new URL(response.url()).hostname.endsWith('.store-platform.test'));
    expect(ownFiles.length).toBeGreaterThan(10);
    expect(ownFiles.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
    expect(platformCalls.length).toBeGreaterThan(0);
    expect(platformCalls.filter((response) => !response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
  });

  it('signs out to /auth/login and leaves nothing the app wrote in storage', async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    // Signing out restarts the page on /auth/login.
    const restarted = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await restarted;
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    const storage = await page.evaluate(async () => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      idb: (await indexedDB.databases()).map((d) => d.name),
    }));
    // Left: the mock server's own disk (devkit.*, standing for the backend); nothing else (the
    // sign-in page loads no Joy, so not even its light/dark echo: decision 019).
    expect(storage.local.filter((key) => !key.startsWith('devkit.'))).toEqual([]);
    expect(storage.session).toEqual([]);
    expect(storage.idb.filter((name) => name !== undefined && !name.startsWith('devkit'))).toEqual([]);
  });

  it('sends a signed-out visitor of a main-area page to /auth/login', async () => {
    const page = await openPage('/operations/offers');
    await page.waitForURL('**/auth/login');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

describe('routes', () => {
  it('shows the 404 page for an unknown path', async () => {
    const page = await openPage('/no/such/page');
    await page.waitForURL('**/errors/error-404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await acceptCookies(page);
    await screenshot(page, 'error-404');
    await expectNoAxeViolations(page);
  });

  it('sends an unknown /auth path to the 404 page', async () => {
    const page = await openPage('/auth/nothing-here');
    await page.waitForURL('**/errors/error-404');
    expect(new URL(page.url()).pathname).toBe('/errors/error-404');
  });

  it('sends a signed-in operator on /auth/login to the overview', async () => {
    const page = await openPage('/auth/login');
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.goto(new URL('/auth/login', page.url()).toString());
    await page.waitForURL('**/overview');
    expect(new URL(page.url()).pathname).toBe('/overview');
  });
});

describe('shell', () => {
  it('is a drawer on small screens', async () => {
    const page = await openPage('/auth/login', { width: 390, height: 844 });
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(false);
    await screenshot(page, 'shell-narrow');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(page, 'shell-narrow-drawer');
    await page.getByRole('link', { name: 'Past Orders' }).click();
    await page.waitForURL('**/operations/orders/filter/sold');
  });

  it('shows notifications in the popover and marks them read', async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    // The store profile (which carries the notifications) loads after the shell appears.
    const bell = page.getByRole('button', { name: /Notifications, \d+ unread/ });
    await bell.waitFor();
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    await screenshot(page, 'notifications');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true }).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'See all' }).click();
    await page.waitForURL('**/operations/orders/pending');
  });

  it('works from the keyboard: skip link, popover focus and Escape', async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.getByTestId('store-name').first().waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    // Out of sight until focused, then on screen.
    const skipLink = page.getByRole('link', { name: 'Skip to content', exact: true });
    expect((await skipLink.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Switch store' });
    await dialog.waitFor();
    await expect(dialog.evaluate((node) => node.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(settings.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  });

  it('passes axe on the sign-in page and the shell', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sign-in-with-consent');
    await acceptCookies(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sign-in');
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.getByTestId('store-name').first().waitFor();
    await expectNoAxeViolations(page);
  });

  it("the axe check reports what it finds, on a later run in the same document too (axe is injected once per document)", async () => {
    const page = await openPage('/auth/login');
    await acceptCookies(page);
    // The banner can be agreed to before the sign-in screen's own <main> is in: wait for it.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const unnamed = document.createElement('button');
      document.querySelector('main')!.append(unnamed, Object.assign(document.createElement('img'), { src: 'data:,' }));
    });
    const found = await axeViolations(page, 'planted');
    expect(found.map((line) => line.split(':')[0])).toEqual(expect.arrayContaining(['planted → button-name', 'planted → image-alt']));
  });
});

describe('multi-account', () => {
  it('switches store from the settings popover and reloads into it', async () => {
    const page = await openPage('/auth/login', { scenario: 'multi-account' });
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    const before = await page.getByTestId('store-name').first().textContent();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch store' });
    await dialog.waitFor();
    const other = dialog.getByRole('button').filter({ hasNotText: 'Current store' }).first();
    const target = (await other.textContent())?.trim();
    await screenshot(page, 'store-switcher');
    await other.click();
    await page.waitForLoadState('load');
    await page.getByTestId('store-name').filter({ hasText: target ?? '' }).first().waitFor();
    const after = await page.getByTestId('store-name').first().textContent();
    expect(after).not.toBe(before);
    expect(after).toBe(target);
  });

  it('shows the role switch with two roles and guards settings by role', async () => {
    const page = await openPage('/auth/login', { scenario: 'multi-account' });
    await acceptCookies(page);
    await signIn(page);
    await page.waitForURL('**/overview');
    await page.getByRole('button', { name: /Switch role/ }).click();
    await page.getByRole('menuitem', { name: 'Store operator' }).click();
    await page.goto(new URL('/settings/general', page.url()).toString());
    await page.waitForURL('**/errors/error-401');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/errors/error-401');
  });
});
