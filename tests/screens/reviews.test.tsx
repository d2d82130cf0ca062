import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../setup';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The reviews list and a review's page against the real mock handlers. */
const backend = setupTestBackend();

interface RatingsPage {
  data: Array<{ order_id: number }>;
  total: number;
  limit: number;
  offset: number;
}

async function ratingsFromServer(offset: number): Promise<RatingsPage> {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const response = await fetch(`https://api.store-platform.test/stores/ratings/pagination?limit=10&offset=${offset}`, {
    headers: { 'X-Access-Token': token },
  });
  return (await response.json()) as RatingsPage;
}

// By selector, not by role name: naming these links makes happy-dom's getComputedStyle recurse.
const listedOrderIds = () =>
  [...document.querySelectorAll('a[aria-label^="Open review of order #"]')].map((link) => Number(link.getAttribute('aria-label')!.match(/#(\d+)/)![1]));

describe('reviews screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('loads the first page, then pages with the shared control and keeps the page in the URL', async () => {
    backend.current.devkit.latency(100);
    const user = userEvent.setup();
    renderConsoleAt('/management/customers');
    // Skeleton rows first (role queries wait for the data: happy-dom's getComputedStyle recurses on them).
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0), { timeout: 5000 });
    const first = await ratingsFromServer(0);
    await screen.findByTestId('reviews-range', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    expect(listedOrderIds()).toEqual(first.data.map((r) => r.order_id));
    expect(screen.getByTestId('reviews-range').textContent).toBe(`1–10 of ${first.total}`);

    // The default scenario has more than one page of reviews; the test relies on it.
    expect(Math.ceil(first.total / first.limit)).toBeGreaterThan(1);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    const second = await ratingsFromServer(10);
    await waitFor(() => expect(screen.getByTestId('reviews-range').textContent).toMatch(/^11–/), { timeout: 5000 });
    expect(listedOrderIds()).toEqual(second.data.map((r) => r.order_id));
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(false);
  });

  it('starts on the page the URL names', async () => {
    renderConsoleAt('/management/customers?page=2');
    await screen.findByTestId('reviews-range', {}, { timeout: 5000 });
    expect(screen.getByTestId('reviews-range').textContent).toMatch(/^11–/);
  });

  it('shows "Error on get ratings" and recovers on Retry', async () => {
    expectConsoleError(/500|ratings/);
    backend.current.devkit.fail('GET /stores/ratings/pagination', 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/management/customers');
    expect(await screen.findByText('Error on get ratings', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('reviews-range', {}, { timeout: 5000 });
    expect(screen.queryByText('Error on get ratings')).toBeNull();
  });

  it('opens a review on its own route, with a Review and an Order tab', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/management/customers');
    const [link] = await screen.findAllByRole('link', { name: /Open review of order #\d+/ }, { timeout: 5000 });
    const orderId = link.getAttribute('aria-label')!.match(/#(\d+)/)![1];
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe(`/management/customers/${orderId}/review`));
    expect(await screen.findByRole('heading', { level: 1, name: `Review of order #${orderId}` })).toBeTruthy();
    await user.click(await screen.findByRole('tab', { name: 'Order' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/management/customers/${orderId}/order`));
    expect(await screen.findByRole('heading', { name: `Order #${orderId}` }, { timeout: 5000 })).toBeTruthy();
  });
});
