import { describe, expect, it } from 'vitest';
import { allowConsoleError, devkit, openSignedIn, screenshot, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

interface OfferRecord {
  id: number;
  name: string;
  quantity: number;
  quantity_left: number;
  discount: number;
}

const origin = (page: { url(): string }, path: string) => new URL(path, page.url()).toString();

describe('offer form', () => {
  it('creates an offer: it appears in the list with the right discount; axe clean on the form', async () => {
    const page = await openSignedIn();
    await page.goto(origin(page, '/operations/offers/create'));
    await page.getByLabel('Name', { exact: true }).fill('E2E bread bag');
    await page.getByLabel('Quantity', { exact: true }).fill('7');
    await page.getByLabel('Ordinary price', { exact: true }).fill('10');
    await page.getByLabel('Offer price', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Offer price should be at least 45% of its ordinary listing price').waitFor();
    await screenshot(page, 'offer-form');
    await expectNoAxeViolations(page);

    await page.getByLabel('Offer price', { exact: true }).fill('6');
    await expect.poll(() => page.getByLabel('Discount', { exact: true }).inputValue()).toBe('40%');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/operations/offers');
    const row = page.getByTestId('offer-row').filter({ hasText: 'E2E bread bag' });
    await row.waitFor();
    expect(await row.textContent()).toContain('40% off');
    const saved = (await devkit<OfferRecord[]>(page, "records('offers')")).find((o) => o.name === 'E2E bread bag');
    expect(saved).toMatchObject({ quantity: 7, quantity_left: 7, discount: 40 });
  });

  it('edits an offer: the change is there after a reload', async () => {
    const page = await openSignedIn();
    await page.goto(origin(page, '/operations/offers'));
    const first = page.getByTestId('offer-row').first();
    await first.waitFor();
    const id = Number(await first.getAttribute('data-offer-id'));
    await page.goto(origin(page, `/operations/offers/all/${id}`));
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Renamed in the browser');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/operations/offers');
    await page.locator(`[data-offer-id="${id}"]`).getByText('Renamed in the browser').waitFor();
    await page.goto(origin(page, `/operations/offers/all/${id}`));
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed in the browser');
  });

  it('a failed save keeps the form as typed; Retry saves it', async () => {
    // The browser logs the injected 500 itself.
    allowConsoleError(/500/);
    const page = await openSignedIn();
    await page.goto(origin(page, '/operations/offers/create'));
    // After the navigation: a page load starts the mock backend afresh, without faults.
    await page.getByLabel('Name', { exact: true }).waitFor();
    await devkit(page, "fail('PUT /stores/offers', 500, { times: 1 })");
    await page.getByLabel('Name', { exact: true }).fill('Kept on failure');
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByLabel('Ordinary price', { exact: true }).fill('8');
    await page.getByLabel('Offer price', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('offer-save-error').waitFor();
    expect(page.url()).toContain('/operations/offers/create');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Kept on failure');
    expect(await page.getByLabel('Offer price', { exact: true }).inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.waitForURL('**/operations/offers');
    expect((await devkit<OfferRecord[]>(page, "records('offers')")).some((o) => o.name === 'Kept on failure')).toBe(true);
  });
});
