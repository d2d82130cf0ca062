import { describe, expect, it } from 'vitest';
import { allowConsoleError, devkit, openSignedIn, screenshot, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

interface OrderRecord {
  id: number;
  store_id: number;
  status: number;
  date: number;
  total_price: number;
}

const euros = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('overview', () => {
  it('shows figures that match the mock server’s orders', async () => {
    const page = await openSignedIn();
    const sales = page.getByTestId('figure-overview.salesToday');
    await sales.waitFor();
    await screenshot(page, 'overview');
    // Today's sales are the sum of today's sale orders (status 0 or 1) in the mock db.
    const orders = await devkit<OrderRecord[]>(page, "records('orders')");
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const start = midnight.getTime() / 1000;
    const todays = orders.filter((o) => o.date >= start && o.date < start + 86_400 && (o.status === 0 || o.status === 1));
    const expectedSales = Math.round(todays.reduce((sum, o) => sum + o.total_price, 0) * 100) / 100;
    expect(euros(await sales.textContent())).toBeCloseTo(expectedSales, 2);
    await expect(page.getByTestId('figure-overview.ordersToday').textContent()).resolves.toBe(String(todays.length));
    const pickedUp = todays.filter((o) => o.status === 1).length;
    await expect(page.getByTestId('figure-overview.pickedUp').textContent()).resolves.toBe(String(pickedUp));
    await expect(page.getByTestId('now-overview.pendingOrders').textContent()).resolves.toBe(String(todays.length - pickedUp));
    await expectNoAxeViolations(page);
  });

  it('opens a review’s order in the Order Detail dialog and closes it', async () => {
    const page = await openSignedIn();
    const firstReview = page.getByRole('button', { name: /Review of order #\d+/ }).first();
    await firstReview.waitFor();
    const orderId = (await firstReview.textContent())?.match(/#(\d+)/)?.[1];
    await firstReview.click();
    const dialog = page.getByRole('dialog', { name: 'Order Detail' });
    await dialog.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await dialog.getByText('Order info').waitFor();
    await dialog.getByText('Order items').waitFor();
    await screenshot(page, 'order-detail-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/overview');
  });

  it('says so in the dialog when the order does not load, and retries', async () => {
    allowConsoleError(/500|Failed to load resource/);
    const page = await openSignedIn();
    const firstReview = page.getByRole('button', { name: /Review of order #\d+/ }).first();
    await firstReview.waitFor();
    await devkit(page, "fail('GET /stores/orders/{id}', 500, { times: 1 })");
    await firstReview.click();
    const dialog = page.getByRole('dialog', { name: 'Order Detail' });
    await dialog.getByText('We could not load this order.').waitFor();
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByText('Order info').waitFor();
    expect(await dialog.getByText('We could not load this order.').count()).toBe(0);
  });

  it('does not shift its layout when the figures arrive (skeletons reserve the space)', async () => {
    const page = await openSignedIn();
    await page.getByTestId('figure-overview.salesToday').waitFor();
    // A fresh load of the overview (skeletons, then data), with no input that would excuse a shift.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await page.getByTestId('figure-overview.salesToday').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /Review of order #\d+/ }).first().waitFor();
    const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
    // "Good" CLS is below 0.1; skeletons of the right size keep this near zero.
    console.info(`overview layout shift on load: ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.05);
  });

  it('reads well for a brand-new store with no reviews', async () => {
    const page = await openSignedIn('empty-store');
    await page.getByText('No reviews yet').waitFor();
    await expect(page.getByTestId('figure-overview.salesToday').textContent()).resolves.toMatch(/0\.00/);
    await screenshot(page, 'overview-empty');
    await expectNoAxeViolations(page);
  });
});

describe('reviews', () => {
  it('pages through the reviews, opens one, and keeps page and tab across reload and back', async () => {
    const page = await openSignedIn();
    await page.goto(new URL('/management/customers', page.url()).toString());
    await page.getByTestId('reviews-range').waitFor();
    await expect.poll(() => page.getByTestId('reviews-range').textContent()).toMatch(/^1–10 of \d+/);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL('**/management/customers?page=2');
    await expect.poll(() => page.getByTestId('reviews-range').textContent()).toMatch(/^11–20 of/);
    await page.reload();
    await expect.poll(() => page.getByTestId('reviews-range').textContent()).toMatch(/^11–20 of/);
    await screenshot(page, 'reviews');
    await expectNoAxeViolations(page);

    const review = page.getByRole('link', { name: /Open review of order #\d+/ }).first();
    const orderId = (await review.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1];
    await review.click();
    await page.waitForURL(`**/management/customers/${orderId}/review`);
    await page.getByRole('tab', { name: 'Order' }).click();
    await page.waitForURL(`**/management/customers/${orderId}/order`);
    await page.getByRole('heading', { name: `Order #${orderId}`, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: `Order #${orderId}`, exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.goBack();
    await page.waitForURL(`**/management/customers/${orderId}/review`);
    await page.goBack();
    await page.waitForURL('**/management/customers?page=2');
    await expect.poll(() => page.getByTestId('reviews-range').textContent()).toMatch(/^11–20 of/);
  });

  it('shows "Error on get ratings" when the ratings do not load', async () => {
    allowConsoleError(/500|Failed to load resource/);
    const page = await openSignedIn();
    await devkit(page, "fail('GET /stores/ratings/pagination', 500)");
    await page.getByRole('link', { name: 'Reviews' }).click();
    await page.getByText('Error on get ratings').waitFor();
    await devkit(page, 'clearFaults()');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('reviews-range').waitFor();
    expect(await page.getByText('Error on get ratings').count()).toBe(0);
  });
});
