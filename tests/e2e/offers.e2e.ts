import { describe, expect, it } from 'vitest';
import { devkit, openSignedIn, screenshot, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

interface OfferRecord {
  id: number;
  name: string;
}

/** "1–10 of 14" → 14 */
const totalOf = (range: string | null) => Number((range ?? '').match(/of (\d+)$/)?.[1] ?? NaN);

describe('offers list', () => {
  it('opens from the overview’s "Current offers" on the Active tab with the same count', async () => {
    const page = await openSignedIn();
    const count = page.getByTestId('now-overview.currentOffers');
    await count.waitFor();
    const expected = Number(await count.textContent());
    await page.getByRole('link', { name: /Current offers/ }).click();
    await page.waitForURL('**/operations/offers?filter=active');
    await expect.poll(() => page.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    // The default scenario has offers on sale now; a zero would prove nothing here.
    expect(expected).toBeGreaterThan(0);
    const range = page.getByTestId('offers-range');
    await range.waitFor();
    expect(totalOf(await range.textContent())).toBe(expected);
    await expectNoAxeViolations(page);
  });

  it('deletes an offer after the confirmation; it is gone after a reload', async () => {
    const page = await openSignedIn();
    await page.goto(new URL('/operations/offers', page.url()).toString());
    const rows = page.getByTestId('offer-row');
    await rows.first().waitFor();
    await screenshot(page, 'offers');
    await expectNoAxeViolations(page);

    const first = rows.first();
    const id = Number(await first.getAttribute('data-offer-id'));
    const name = (await first.getByTestId('offer-name').textContent()) ?? '';
    await first.getByRole('button', { name: `Delete offer ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete offer ${name}?` });
    await dialog.waitFor();
    // The safe choice has the focus; the keyboard reaches Delete with Shift+Tab.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'offers-delete-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator(`[data-testid="offer-row"][data-offer-id="${id}"]`).count()).toBe(0);
    await expect.poll(async () => (await devkit<OfferRecord[]>(page, "records('offers')")).some((o) => o.id === id)).toBe(false);

    await page.reload();
    await rows.first().waitFor();
    expect(await page.locator(`[data-testid="offer-row"][data-offer-id="${id}"]`).count()).toBe(0);
  });

  it('keeps the tab and the page across reload and back', async () => {
    const page = await openSignedIn();
    const listCall = page.waitForRequest(/CurrentOffersByStore/);
    await page.goto(new URL('/operations/offers', page.url()).toString());
    const apiBase = (await listCall).url().split('/stores/')[0];
    const range = page.getByTestId('offers-range');
    await range.waitFor();
    // The scenarios hold fewer than a page of current offers: add enough for a second page.
    const created = await page.evaluate(async (base) => {
      const { token } = JSON.parse(sessionStorage.getItem('console.session') ?? '{}') as { token: string };
      const nowS = Math.floor(Date.now() / 1000);
      const statuses: Array<number | string> = [];
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${base}/stores/offers`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
          body: JSON.stringify({
            name: `Paging offer ${i + 1}`,
            quantity: 5,
            quantity_left: 5,
            repeat_on_days: [],
            order_date_from: nowS + 600,
            order_date_to: nowS + 7200,
            pickup_date_from: nowS + 7200,
            pickup_date_to: nowS + 10_800,
            unit_price: 5,
            origin_price: 8,
            origin: 'offer',
            template_id: null,
            offer_type: [1],
            dietary_fit: [1],
            cuisine_type: [1],
            business_type: [1],
          }),
        });
        statuses.push(response.ok ? response.status : `${response.status} ${await response.text()}`);
      }
      return statuses;
    }, apiBase);
    expect(created).toEqual(Array.from({ length: 10 }, () => 201));
    await page.reload();
    await range.waitFor();
    const total = totalOf(await range.textContent());
    expect(total).toBeGreaterThan(10);

    await page.getByRole('tab', { name: 'Active' }).click();
    await page.waitForURL('**/operations/offers?filter=active');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await page.waitForURL(/\/operations\/offers$/);
    await expect.poll(async () => totalOf(await range.textContent())).toBe(total);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL('**/operations/offers?page=2');
    await expect.poll(() => range.textContent()).toMatch(/^11–/);
    await page.reload();
    await expect.poll(() => range.textContent()).toMatch(/^11–/);
    await expect.poll(() => page.getByRole('button', { name: 'Page 2, current page' }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.waitForURL(/\/operations\/offers$/);
    await expect.poll(() => range.textContent()).toMatch(/^1–10 of/);
  });
});
