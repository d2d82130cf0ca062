import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowConsoleError, DEMO, openSecondTab, screenshot, signIn, acceptCookies } from '../browser';
import { recordCalls, type LiveHarness } from './live';

/** Sign-in, resume, a stale session, one refresh for many 401s, sign-out, a store switch. */
export function sessionJourneys(live: LiveHarness) {
  describe(`live session (${live.shape} answers)`, () => {
    it('signs in through the identity emulator and the platform exchange, and shows the overview', async () => {
      const page = await live.open('/auth/login');
      await acceptCookies(page);
      const calls = recordCalls(page, /identitytoolkit|securetoken|\/stores\/signin|\/stores\/home/);
      await signIn(page);
      await page.waitForURL('**/overview');
      await page.getByTestId('overall-rating').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      expect(calls).toEqual(expect.arrayContaining(['POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', 'POST /stores/signin', 'GET /stores/home']));
      // The production build's policy is in force: it lets the page reach the platform and the
      // emulator it was built for, and not Google's identity hosts.
      const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
      const connect = policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('connect-src')) ?? '';
      expect(connect.split(/\s+/)).toEqual(expect.arrayContaining([`http://127.0.0.1:${live.target().apiPort}`, live.target().emulatorUrl]));
      expect(connect).not.toContain('googleapis.com');
      expect(policy).toContain("script-src 'self'");
      await expect(page.getByText('Offers today')).toBeTruthy();
      await screenshot(page, `live-${live.shape}-overview`);
    });

    it('refuses a wrong password with the spec\'s message and keeps the e-mail', async () => {
      allowConsoleError(/400|Failed to load resource/);
      const page = await live.open('/auth/login');
      await signIn(page, { email: DEMO.email, password: 'not-the-password' });
      await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe(DEMO.email);
      expect(new URL(page.url()).pathname).toBe('/auth/login');
    });

    it('a second tab resumes the session through the identity provider (POST users/login)', async () => {
      const page = await live.openSignedIn();
      const tab = await openSecondTab(page, '/operations/offers');
      const calls = recordCalls(tab, /\/users\/login|\/stores\/signin/);
      await tab.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
      await expect.poll(() => calls).toContain('POST /users/login');
      await tab.getByTestId('offer-row').first().waitFor();
      expect(new URL(tab.url()).pathname).toBe('/operations/offers');
    });

    it('goes stale after 3 minutes: the next call refreshes the session first', async () => {
      const page = await live.open('/auth/login');
      await page.clock.install();
      await acceptCookies(page);
      await signIn(page);
      await page.waitForURL('**/overview');
      await page.getByTestId('overall-rating').waitFor();
      const calls = recordCalls(page, /\/stores\/|securetoken|identitytoolkit/);
      await page.clock.fastForward('03:05');
      await page.getByRole('link', { name: 'Offers', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
      await expect.poll(() => calls.some((call) => call.startsWith('GET /stores/offers/'))).toBe(true);
      const refresh = calls.indexOf('POST /stores/signin');
      const firstList = calls.findIndex((call) => call.startsWith('GET /stores/offers/'));
      expect(calls).toContain('POST /stores/signin');
      expect(refresh).toBeLessThan(firstList);
      expect(calls.filter((call) => call === 'POST /stores/signin')).toHaveLength(1);
    });

    it('many calls refused with 401 at once cause exactly one refresh, then every call is retried', async () => {
      allowConsoleError(/401|Failed to load resource/);
      const page = await live.openSignedIn();
      // The platform forgets the session (as after a server restart): the overview's calls all get 401.
      await page.evaluate(() => {
        const stored = JSON.parse(sessionStorage.getItem('console.session') ?? '{}') as { token?: string };
        sessionStorage.setItem('console.session', JSON.stringify({ ...stored, token: 'forgotten-by-the-server' }));
      });
      const calls = recordCalls(page, /\/stores\//);
      const statuses: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/stores/') && response.request().method() !== 'OPTIONS') statuses.push(response.status());
      });
      await page.reload();
      await page.getByTestId('overall-rating').waitFor();
      await expect.poll(() => statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(2);
      expect(calls.filter((call) => call === 'POST /stores/signin')).toHaveLength(1);
      await expect.poll(() => page.getByTestId('overall-rating').textContent()).toMatch(/\d/);
    });

    it('signing out leaves nothing the console or the identity SDK wrote', async () => {
      const page = await live.openSignedIn();
      const snapshot = () =>
        page.evaluate(async () => ({
          local: Object.keys(localStorage).toSorted(),
          session: Object.keys(sessionStorage).toSorted(),
          idb: (await indexedDB.databases()).map((d) => d.name ?? '').toSorted(),
        }));
      const before = await snapshot();
      expect(before.local).toEqual(expect.arrayContaining(['console.user', 'firebase:authUser:rehearsal-api-key:[DEFAULT]']));
      expect(before.session).toContain('console.session');
      const calls = recordCalls(page, /\/stores\/logout/);
      const restarted = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await restarted;
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await expect.poll(async () => (await snapshot()).idb).toEqual([]);
      expect(await snapshot()).toEqual({ local: [], session: [], idb: [] });
      expect(calls).toEqual(['POST /stores/logout']);
      // Signed out at the platform too: the old token no longer opens anything.
      await page.goto(new URL('/overview', page.url()).toString());
      await page.waitForURL('**/auth/login');
    });

    it('switches the store (multi-account) and the console reloads into it', async () => {
      await live.reset('multi-account');
      try {
        const page = await live.openSignedIn();
        const before = await page.getByTestId('store-name').first().textContent();
        await page.getByRole('button', { name: 'Settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Switch store' });
        await dialog.waitFor();
        const other = dialog.getByRole('button').filter({ hasNotText: 'Current store' }).first();
        const target = (await other.textContent())?.trim() ?? '';
        const calls = recordCalls(page, /\/stores\/operator\/chacc/);
        const reloaded = page.waitForEvent('load');
        await other.click();
        await reloaded;
        await page.getByTestId('store-name').filter({ hasText: target }).first().waitFor();
        expect(await page.getByTestId('store-name').first().textContent()).not.toBe(before);
        expect(calls).toEqual(['POST /stores/operator/chacc']);
        await page.getByTestId('overall-rating').waitFor();
      } finally {
        await live.reset('default');
      }
    });
  });
}

interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** Password recovery end to end: the console asks, the emulator "sends" (its REST API lists the codes), the link ends in the console. */
export function recoveryJourneys(live: LiveHarness) {
  describe(`live password recovery (${live.shape} answers)`, () => {
    it('the reset link opens "Choose a new password"; the new password signs in, the old one no longer does', async () => {
      const { emulatorUrl, projectId } = live.target();
      const email = 'operator@store.test';
      const newPassword = `Forn-nou-${Date.now()}!`;
      // The used link's check and the old password's sign-in: the provider answers 400.
      allowConsoleError(/status of 400/);
      const pages: Page[] = [];
      try {
        const page = await live.open('/auth/recovery');
        pages.push(page);
        await acceptCookies(page);
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByText(`If an account uses ${email}, we have sent it a link to reset the password.`).waitFor();

        const codes = async () => {
          const response = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`);
          return ((await response.json()) as { oobCodes: EmulatorOobCode[] }).oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
        };
        await expect.poll(async () => (await codes()).length).toBeGreaterThan(0);
        const code = (await codes()).at(-1)!;
        // The project's action URL is the console's /auth/recovery; the emulator's own link carries the same query.
        const link = new URL(code.oobLink);
        expect(link.searchParams.get('mode')).toBe('resetPassword');
        await page.goto(new URL(`/auth/recovery${link.search}`, page.url()).toString());
        await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
        await page.getByText(`For the account ${email}.`, { exact: false }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill(newPassword);
        await page.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
        await screenshot(page, `live-${live.shape}-new-password`);
        await page.getByRole('button', { name: 'Save and sign in' }).click();
        await page.waitForURL('**/overview');
        await page.getByRole('heading', { level: 1, name: 'Resumen' }).or(page.getByRole('heading', { level: 1, name: 'Overview' })).waitFor();

        // The same link again: used.
        const again = await live.open(`/auth/recovery${link.search}`);
        pages.push(again);
        await again.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();

        // The old password is refused, the new one accepted.
        const signInPage = await live.open('/auth/login');
        pages.push(signInPage);
        await signIn(signInPage, { email, password: 'operator1234' });
        await signInPage.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
        await signIn(signInPage, { email, password: newPassword });
        await signInPage.waitForURL('**/overview');
      } finally {
        // The operator's published password back, for the journeys after this one; its pages
        // first, so none of them calls with a session the reset ends.
        for (const page of pages) await page.context().close();
        await live.reset();
      }
    });
  });
}
