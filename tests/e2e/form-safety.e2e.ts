import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowConsoleError, devkit, openSignedIn, setUpBrowser } from './browser';

setUpBrowser();

/**
 * "Never lose the operator's work" in a real browser, for both forms: a reload while editing
 * restores the draft, and leaving with unsaved changes asks first (Keep editing stays, Leave goes).
 */
const at = (page: Page, path: string) => new URL(path, page.url()).toString();
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function expectLeaveGuard(page: Page, formPath: string) {
  // An in-app link: the side navigation's Overview.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await dialog.waitFor();
  // Keep editing has the focus: Enter never throws work away.
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe(formPath);

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await page.waitForURL('**/overview');
}

describe('forms keep the operator’s work', () => {
  it('template form: a reload restores what was typed; leaving asks first', async () => {
    const page = await openSignedIn();
    await page.goto(at(page, '/operations/templates/create'));
    await field(page, 'Name').fill('Half-typed template');
    await field(page, 'Quantity per day').fill('4');
    await field(page, 'Ordinary price').fill('12');
    await page.getByTestId('template-weekdays').getByRole('checkbox', { name: 'Friday' }).check();
    // The draft is written once typing pauses.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('console.draft.template.new'))).toContain('Half-typed template');

    await page.reload();
    await page.getByText('Your unsaved changes were restored.').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Half-typed template');
    expect(await field(page, 'Quantity per day').inputValue()).toBe('4');
    expect(await field(page, 'Ordinary price').inputValue()).toBe('12');
    expect(await page.getByTestId('template-weekdays').getByRole('checkbox', { name: 'Friday' }).isChecked()).toBe(true);

    await expectLeaveGuard(page, '/operations/templates/create');
  });

  it('offer form: a reload restores what was typed; leaving asks first', async () => {
    const page = await openSignedIn();
    await page.goto(at(page, '/operations/offers/create'));
    await field(page, 'Name').fill('Half-typed offer');
    await field(page, 'Quantity').fill('3');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('console.draft.offer.new'))).toContain('Half-typed offer');

    await page.reload();
    await page.getByText('Your unsaved changes were restored.').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Half-typed offer');
    expect(await field(page, 'Quantity').inputValue()).toBe('3');

    await expectLeaveGuard(page, '/operations/offers/create');
  });

  it('the browser’s own prompt: “Stay” keeps the form, and the mock backend still answers the save', async () => {
    const page = await openSignedIn();
    await page.goto(at(page, '/operations/offers/create'));
    await field(page, 'Name').fill('Stayed for');
    await field(page, 'Quantity').fill('3');
    await field(page, 'Ordinary price').fill('8');
    await field(page, 'Offer price').fill('4');
    // Closing the tab with unsaved changes asks; the operator stays.
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    expect(await field(page, 'Name').inputValue()).toBe('Stayed for');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/operations/offers');
    const offers = await devkit<{ name: string }[]>(page, "records('offers')");
    expect(offers.some((offer) => offer.name === 'Stayed for')).toBe(true);
  });
});

describe('a create whose answer is lost (issue 23)', () => {
  it('offer form: the server stores the offer but its answer never arrives; the form finds it, says it was saved, and there is one offer', async () => {
    // The dropped connection is the browser's own "Failed to load resource" line.
    allowConsoleError(/Failed to load resource/);
    const page = await openSignedIn();
    await page.goto(at(page, '/operations/offers/create'));
    await field(page, 'Name').fill('Lost answer bread bag');
    await field(page, 'Quantity').fill('5');
    await field(page, 'Ordinary price').fill('8');
    await field(page, 'Offer price').fill('4');
    // The Demo menu's dev kit: the create runs and stores, then the connection drops.
    await devkit(page, "fail('PUT /stores/offers', 'lost-response', { times: 1 })");

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('It was saved; the answer had been lost on the way').waitFor();
    await page.waitForURL('**/operations/offers');
    const offers = await devkit<{ name: string }[]>(page, "records('offers')");
    expect(offers.filter((offer) => offer.name === 'Lost answer bread bag')).toHaveLength(1);
  });
});
