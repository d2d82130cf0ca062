import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../setup';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The overview against the real mock handlers: its loading, data, failure and empty states, and
 * the Order Detail dialog of a review.
 */
const backend = setupTestBackend();

interface HomeWire {
  today_sales: number;
  received_orders: number;
  pickedup_orders: number;
  offers_qty: number;
  current_Offers: number;
  rating_qty: number;
  reviews: Array<{ order_id: number }>;
}

async function homeFromServer(): Promise<HomeWire> {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const response = await fetch('https://api.store-platform.test/stores/home', { headers: { 'X-Access-Token': token } });
  return (await response.json()) as HomeWire;
}

describe('overview screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows skeletons first, then the figures the server computed', async () => {
    backend.current.devkit.latency(150);
    renderConsoleAt('/overview');
    // Loading: skeletons hold the figures' places (reserved height), no value yet.
    await waitFor(() => expect(document.querySelectorAll('.plain-skeleton').length).toBeGreaterThan(0), { timeout: 5000 });
    expect(screen.queryByTestId('figure-overview.salesToday')).toBeNull();
    const home = await homeFromServer();
    const sales = await screen.findByTestId('figure-overview.salesToday', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(document.querySelectorAll('.plain-skeleton')).toHaveLength(0);
    expect(Number(sales.textContent!.replace(/[^0-9.]/g, ''))).toBeCloseTo(home.today_sales, 2);
    expect(screen.getByTestId('figure-overview.ordersToday').textContent).toBe(String(home.received_orders));
    expect(screen.getByTestId('figure-overview.pickedUp').textContent).toBe(String(home.pickedup_orders));
    expect(screen.getByTestId('figure-overview.offersToday').textContent).toBe(String(home.offers_qty));
    expect(screen.getByTestId('now-overview.currentOffers').textContent).toBe(String(home.current_Offers));
    expect(screen.getByTestId('now-overview.pendingOrders').textContent).toBe(String(home.received_orders - home.pickedup_orders));
    // The last three reviews, each opening its order.
    const reviews = screen.getAllByTestId('review-open-label');
    expect(reviews.map((r) => r.textContent!.match(/#(\d+)/)![1])).toEqual(home.reviews.slice(0, 3).map((r) => String(r.order_id)));
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/management/customers');
    expect(screen.getByRole('link', { name: /Current offers/ }).getAttribute('href')).toBe('/operations/offers?filter=active');
    expect(screen.getByRole('link', { name: /Pending orders/ }).getAttribute('href')).toBe('/operations/orders/pending');
    // Plain UI (decision 020): neither the shell nor the overview draws a Joy component.
    expect(document.body.querySelector('[class*="Mui"]')).toBeNull();
  });

  it('says the overview did not load and recovers on Retry', async () => {
    expectConsoleError(/500|GET \/stores\/home/);
    backend.current.devkit.fail('GET /stores/home', 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/overview');
    expect(await screen.findByText('We could not load the overview.', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('figure-overview.salesToday', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('We could not load the overview.')).toBeNull();
  });

  it('opens a review’s order in the Order Detail dialog: Loading, then the order; Close closes', async () => {
    backend.current.devkit.latency(100);
    const user = userEvent.setup();
    renderConsoleAt('/overview');
    const [first] = await screen.findAllByRole('button', { name: /Review of order #\d+/ }, { timeout: 5000 });
    const orderId = first.textContent!.match(/#(\d+)/)![1];
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Order Detail' });
    expect(within(dialog).getByText('Loading')).toBeTruthy();
    expect(await within(dialog).findByRole('heading', { name: `Order #${orderId}` }, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Order info')).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Order items' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order Detail' })).toBeNull());
  });

  it('keeps the dialog open with a message and Retry when the order does not load', async () => {
    expectConsoleError(/500|GET \/stores\/orders/);
    const user = userEvent.setup();
    renderConsoleAt('/overview');
    const [first] = await screen.findAllByRole('button', { name: /Review of order #\d+/ }, { timeout: 5000 });
    backend.current.devkit.fail('GET /stores/orders/{id}', 500, { times: 1 });
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Order Detail' });
    expect(await within(dialog).findByText('We could not load this order.', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Order info', {}, { timeout: 5000 })).toBeTruthy();
  });
});
