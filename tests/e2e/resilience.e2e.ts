import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptCookies, allowConsoleError, DEMO, devkit, openPage, setUpBrowser } from './browser';

setUpBrowser();

/**
 * Issue #9, resilience: the main journeys on the `flaky-network` scenario (every call 0.3–1.5 s
 * late, one platform call in five answering a 5xx). An operator who keeps pressing the button the
 * screen offers gets through; every failure on the way is one of the messages of the spec's error
 * catalogue (or the screen's own "your changes are kept" line), and nothing typed is lost.
 */

/** What a failure may say: the catalogue's messages and the forms' own retry lines. */
const FAILURE_MESSAGES = [
  'Invalid e-mail or password',
  'Error on store data save',
  'Error to post billing',
  'We have problems, please retry in a moment',
  'We could not load the overview.',
  'The truck could not be saved. Your changes are kept; please try again.',
];

interface FailureSeen {
  step: string;
  message: string;
}

const failures: FailureSeen[] = [];
const snackbar = (page: Page, text: string) => page.locator('[data-severity]').filter({ hasText: text });
const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/** The first catalogue message on screen, or null. */
async function failureShown(page: Page): Promise<string | null> {
  for (const message of FAILURE_MESSAGES) {
    if ((await page.getByText(message, { exact: true }).count()) > 0) return message;
  }
  return null;
}

/** Closes every snackbar, so the next attempt's message is its own. */
async function closeSnackbars(page: Page) {
  for (let round = 0; round < 10; round += 1) {
    const close = page.locator('[data-severity]').getByRole('button', { name: 'Close message' });
    if ((await close.count()) === 0) return;
    // A bar may slide away by itself (auto-hide) while we reach for its button.
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(50);
  }
}

const valuesOf = (fields: Locator[]) => Promise.all(fields.map((field) => field.inputValue()));

/**
 * Presses `act` until `done` shows (at most 12 times: at 20 % a run of 12 failures is 1 in 244
 * million). After each failure: the message is a catalogue one, and every field in `fields` still
 * holds what it held before the press.
 */
async function untilItWorks(page: Page, step: string, options: { act: () => Promise<void>; done: () => Promise<boolean>; fields?: Locator[] }) {
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    const before = await valuesOf(options.fields ?? []);
    await options.act();
    let message: string | null = null;
    await expect
      .poll(
        async () => {
          if (await options.done()) return 'done';
          message = await failureShown(page);
          return message ? 'failed' : 'waiting';
        },
        { timeout: 20_000, interval: 100 },
      )
      .not.toBe('waiting');
    if (await options.done()) return;
    failures.push({ step, message: message! });
    expect(await valuesOf(options.fields ?? []), `${step}: what was typed survives "${message}"`).toEqual(before);
    await closeSnackbars(page);
  }
  throw new Error(`${step}: still failing after 12 attempts`);
}

/** A screen that failed to load offers Retry; press it until `ready` shows. */
async function untilLoaded(page: Page, step: string, ready: Locator) {
  await untilItWorks(page, step, {
    act: async () => {
      const retry = page.getByRole('button', { name: 'Retry', exact: true });
      if ((await retry.count()) > 0) await retry.first().click();
    },
    done: async () => (await ready.count()) > 0,
  });
}

describe('the main journeys on a flaky network', () => {
  it('sign in, rename the store, add a truck: each gets through on retry, every failure is a catalogue message, nothing typed is lost', async () => {
    allowConsoleError(/status of 50[0-4]|Failed to load resource/);
    failures.length = 0;
    const page = await openPage('/auth/login', { scenario: 'flaky-network' });
    await acceptCookies(page);
    expect(await devkit<string>(page, 'scenario()')).toBe('flaky-network');

    // Sign in: the exchange fails one time in five ("Invalid e-mail or password"); the fields stay filled.
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await email.fill(DEMO.email);
    await password.fill(DEMO.password);
    await untilItWorks(page, 'sign in', {
      act: () => page.getByRole('button', { name: 'Sign in' }).click(),
      done: async () => new URL(page.url()).pathname === '/overview',
      fields: [email, password],
    });
    await untilLoaded(page, 'overview', page.getByTestId('overall-rating'));

    // Business Info: load (Retry on failure), rename, save until "Successfully saved".
    await page.goto(at(page, '/settings/general'));
    const storeName = page.getByLabel('Store name', { exact: true });
    await untilLoaded(page, 'business info load', storeName);
    await expect.poll(() => storeName.inputValue()).not.toBe('');
    // Renamed again and again until a save has failed at least once (1 in 5 does; 30 renames
    // without one happen once in 1,300 runs), so the kept-input check surely runs.
    let renames = 0;
    while (!failures.some((failure) => failure.step.startsWith('business info save')) && renames < 30) {
      renames += 1;
      await storeName.fill(`Flaky Bakery ${renames}`);
      await untilItWorks(page, `business info save ${renames}`, {
        act: () => page.getByTestId('business-info-save').click(),
        done: async () => (await snackbar(page, 'Successfully saved').count()) > 0,
        fields: [storeName],
      });
      await closeSnackbars(page);
      const stores = await devkit<{ name: string }[]>(page, "records('stores')");
      expect(stores.map((store) => store.name)).toContain(`Flaky Bakery ${renames}`);
    }
    expect(failures.filter((failure) => failure.step.startsWith('business info save')).map((failure) => failure.message)).toContain('Error on store data save');

    // A new truck: every field kept through the failed saves; the server holds it once.
    await page.goto(at(page, '/truck/create'));
    const truckName = page.getByLabel('Name', { exact: true });
    await truckName.waitFor();
    const fields = [truckName, page.getByLabel('Number plate'), page.getByLabel('Capacity (packages)'), page.getByLabel('Driver name'), page.getByLabel('Driver phone')];
    const typed = ['Flaky Van', '4242 FLK', '18', 'Nuria Pons', '+34 600 222 333'];
    for (const [index, field] of fields.entries()) await field.fill(typed[index]);
    await untilItWorks(page, 'truck save', {
      act: () => page.getByRole('button', { name: /^(Save|Retry)$/ }).click(),
      done: async () => new URL(page.url()).pathname === '/trucks/active',
      fields,
    });
    const trucks = await devkit<{ name: string; plate: string; capacity: number }[]>(page, "records('trucks')");
    expect(trucks.filter((truck) => truck.name === 'Flaky Van')).toEqual([expect.objectContaining({ plate: '4242 FLK', capacity: 18 })]);

    // Never bounced out of the console by a failure.
    expect(new URL(page.url()).pathname).toBe('/trucks/active');
    // The run saw failures (the scenario is seeded, so it repeats): otherwise it proved nothing.
    console.log(`flaky-network journey: ${failures.length} failure(s) shown and retried: ${failures.map((f) => `${f.step} → "${f.message}"`).join('; ')}`);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(FAILURE_MESSAGES).toContain(failure.message);
  });
});
