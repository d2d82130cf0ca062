import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptCookies, allowConsoleError, devkit, openPage, openSignedIn, screenshot, setUpBrowser } from './browser';
import { axeViolations } from './axe';

setUpBrowser();

/**
 * Registration journeys (issue 8): a new store signs up, reads "Check your inbox", opens the
 * validation link the mock's outbox recorded, is verified, signs in with the new account and
 * lands on an empty overview; a bad token shows the error screen; recovery confirms the same way
 * for any address, and its link chooses a new password and signs in (issue 22); a signed-in
 * operator is sent away from the public pages; axe on every screen.
 */

interface OutboxMessage {
  to: string;
  kind: 'signupValidation' | 'passwordReset';
  link: string;
}

const outbox = (page: Page) => devkit<OutboxMessage[]>(page, 'outbox()');

describe('registration', () => {
  it('1. Sign up → "Check your inbox" → the outbox link verifies → sign in as the new operator on an empty overview', async () => {
    const page = await openPage('/auth/register');
    await acceptCookies(page);
    const violations: string[] = [];
    const email = 'eva.ruiz@new-store.test';
    const password = 'Feria-Market-2026!';

    await page.getByLabel('Store name').fill('Horno de la Feria');
    await page.getByLabel('Country').selectOption('ES');
    await page.getByLabel('City', { exact: true }).fill('sevilla');
    await page.getByLabel('Street and number').fill('Calle Feria 12');
    await page.getByLabel('Your name').fill('Eva Ruiz');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone').fill('+34 600 123 456');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    // The city is checked as it is typed: the platform's spelling comes back.
    await expect.poll(() => page.getByTestId('register-city-status').textContent()).toBe('Sevilla: we operate there.');
    // Sent without the policy: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('must be checked').waitFor();
    expect(await outbox(page)).toEqual([]);
    violations.push(...(await axeViolations(page, 'register with errors')));

    await page.getByLabel('I accept the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(`We sent a validation link to ${email}. Open it to activate your store.`).waitFor();
    await screenshot(page, 'registration-sent');
    violations.push(...(await axeViolations(page, 'check your inbox')));

    const [message] = (await outbox(page)).filter((m) => m.kind === 'signupValidation' && m.to === email);
    expect(message.link).toMatch(/^\/auth\/validate\/[^/]+\/[^/]+$/);
    await page.goto(new URL(message.link, page.url()).toString());
    await page.getByRole('heading', { name: 'Your e-mail is verified' }).waitFor();
    violations.push(...(await axeViolations(page, 'verified')));

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/overview');
    // A brand-new store: no sales, no reviews, its own name in the side navigation.
    await page.getByText('No reviews yet').waitFor();
    await expect.poll(() => page.getByTestId('figure-overview.salesToday').textContent()).toMatch(/0\.00/);
    await page.getByText('Horno de la Feria').first().waitFor();
    await screenshot(page, 'registration-new-store-overview');

    // Signed in, the public pages send the operator home.
    await page.goto(new URL('/auth/register', page.url()).toString());
    await page.waitForURL('**/overview');
    expect(violations).toEqual([]);
  });

  it('2. A bad validation link shows the error screen, offering a new link', async () => {
    allowConsoleError(/status of 400/);
    const page = await openPage('/auth/validate/nobody%40store.test/not-a-token');
    await acceptCookies(page);
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.getByText(/The validation link for nobody@store\.test is not valid/).waitFor();
    await screenshot(page, 'registration-bad-link');
    expect(await axeViolations(page, 'bad link')).toEqual([]);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/register');
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe('nobody@store.test');
  });

  it('3. Recovery confirms the same for a known and an unknown address; only the known one gets mail', async () => {
    const page = await openPage('/auth/recovery');
    await acceptCookies(page);
    const violations: string[] = [];
    for (const email of ['demo@store.test', 'nobody@store.test']) {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(`If an account uses ${email}, we have sent it a link to reset the password.`).waitFor();
      violations.push(...(await axeViolations(page, `recovery sent to ${email}`)));
      await page.getByRole('button', { name: 'Use another e-mail or send again' }).click();
      await page.getByLabel('Email').waitFor();
    }
    expect(violations).toEqual([]);
    expect((await outbox(page)).map((m) => [m.kind, m.to])).toEqual([['passwordReset', 'demo@store.test']]);
    expect(await axeViolations(page, 'recovery')).toEqual([]);
  });

  it('4. A signed-in operator opening a public page is sent home', async () => {
    const page = await openSignedIn();
    for (const path of ['/auth/recovery', '/auth/validate/a%40b.test/x']) {
      await page.goto(new URL(path, page.url()).toString());
      await page.waitForURL('**/overview');
      expect(new URL(page.url()).pathname).toBe('/overview');
    }
  });

  it('5. The reset e-mail’s link → "Choose a new password" → saved and signed in on the overview', async () => {
    const page = await openPage('/auth/recovery');
    await acceptCookies(page);
    await page.getByLabel('Email').fill('demo@store.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses demo@store.test, we have sent it a link to reset the password.').waitFor();
    const [message] = (await outbox(page)).filter((m) => m.kind === 'passwordReset' && m.to === 'demo@store.test');
    expect(message.link).toMatch(/^\/auth\/recovery\?mode=resetPassword&oobCode=/);

    await page.goto(new URL(message.link, page.url()).toString());
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByText('For the account demo@store.test.', { exact: false }).waitFor();
    // The code has left the address bar (it lives on in the history entry's state).
    await page.waitForURL((url) => url.pathname === '/auth/recovery' && url.search === '');
    expect(await axeViolations(page, 'choose a new password')).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('Forn-nou-2026!');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Forn-nou-2026!');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  });
});
