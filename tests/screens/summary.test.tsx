import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, calendarDayOf, defaultFinanceRange, financeRangeToSeconds, type FinanceRange } from '../../src/lib/finance-range';
import { formatDate, formatMoney, formatNumber } from '../../src/lib/format';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The Account summary screen against the real mock handlers: what the operator sees is what the server answers. */
const backend = setupTestBackend();

interface WirePayment {
  id: number;
  order_id: number;
  amount: number;
  status: 'pending' | 'completed' | 'rejected' | 'canceled';
  audit_creation_date: number;
}
interface PaymentsPage {
  data: WirePayment[];
  limit: number;
  offset: number;
  total: number;
}
interface WireSummary {
  day: number;
  orders: number;
  items: number;
  gross: number;
  fees: number;
  net: number;
}

const LOAD_FAILED = 'We have problems, please retry in a moment';
const FUTURE = 'Choose a date no later than today';
const STATUS_LABELS = { pending: 'Pending', completed: 'Completed', rejected: 'Rejected', canceled: 'Canceled' } as const;

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

async function fromServer<T>(path: string, query: object): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${API}${path}?${search}`, { headers: { 'X-Access-Token': session().token } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (response.headers.get('Content-Type') ?? '').includes('json') ? ((await response.json()) as T) : ((await response.text()) as T);
}

/** The server's page of payments for a range (and status), newest first, 10 a page. */
const paymentsFromServer = (range: FinanceRange, options: { status?: string; page?: number } = {}) =>
  fromServer<PaymentsPage>('/stores/orders/payments', {
    ...financeRangeToSeconds(range),
    ...(options.status ? { status: options.status } : {}),
    limit: 10,
    offset: (options.page ?? 0) * 10,
  });
const summariesFromServer = async (range: FinanceRange) => (await fromServer<{ data: WireSummary[] }>('/stores/orders/summary', financeRangeToSeconds(range))).data;

// By selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')];
const listedIds = () => rows().map((row) => Number(row.dataset.paymentId));
const fromInput = () => document.querySelector<HTMLInputElement>('[data-testid="summary-from"]')!;
const toInput = () => document.querySelector<HTMLInputElement>('[data-testid="summary-to"]')!;
const applyButton = () => screen.getByText('Apply', { selector: 'button' });
const downloadButton = () => document.querySelector<HTMLButtonElement>('[data-testid="summary-download"]')!;
const statusButton = () => document.querySelector<HTMLButtonElement>('[data-testid="summary-status"]')!;
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
const money = (n: number) => formatMoney(n, 'en');
const tabNamed = (text: string) => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === text)!;

async function paymentsShown() {
  await screen.findByTestId('payments-count', {}, { timeout: 5000 });
}

function setDay(input: HTMLInputElement, day: string) {
  fireEvent.change(input, { target: { value: day } });
}

describe('account summary screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens on the last 7 days, today included, and lists the server’s newest payments of those days', async () => {
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const today = calendarDayOf(Date.now());
    const week = { from: addDays(today, -6), to: today };
    expect(defaultFinanceRange(Date.now())).toEqual(week);
    expect(fromInput().value).toBe(week.from);
    expect(toInput().value).toBe(week.to);
    expect(toInput().max).toBe(today);
    expect(fromInput().max).toBe(today);
    // Labelled controls: the date inputs by their labels, the status filter by its own.
    expect(screen.getByLabelText('From')).toBe(fromInput());
    expect(screen.getByLabelText('To')).toBe(toInput());
    expect(document.getElementById(statusButton().getAttribute('aria-labelledby')!)?.textContent).toBe('Status');

    const page = await paymentsFromServer(week);
    // The seed has payments this week, more than a page; otherwise this proves little.
    expect(page.total).toBeGreaterThan(10);
    expect(listedIds()).toEqual(page.data.map((p) => p.id));
    expect(screen.getByTestId('payments-count').textContent).toBe(`1–10 of ${page.total}`);
    for (const payment of page.data) {
      const row = rows().find((r) => Number(r.dataset.paymentId) === payment.id)!;
      expect(within(row).getByTestId('payment-order').textContent).toBe(`#${payment.order_id}`);
      expect(within(row).getByTestId('payment-order').getAttribute('href')).toBe(`/operations/order/${payment.order_id}`);
      expect(within(row).getByTestId('payment-amount').textContent).toBe(money(payment.amount));
      expect(within(row).getByTestId('payment-status').textContent).toBe(STATUS_LABELS[payment.status]);
      expect(payment.audit_creation_date).toBeGreaterThanOrEqual(financeRangeToSeconds(week).date_from);
    }
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Current transactions');
    expect(document.title).toContain('Account Summary');
  });

  it('pages through the payments with ?page=', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const week = defaultFinanceRange(Date.now());
    await user.click(screen.getByLabelText('Page 2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    const second = await paymentsFromServer(week, { page: 1 });
    await waitFor(() => expect(listedIds()).toEqual(second.data.map((p) => p.id)));
    expect(screen.getByTestId('payments-count').textContent).toBe(`11–${10 + second.data.length} of ${second.total}`);
  });

  it('a page past the end (an old link) shows the last page instead', async () => {
    renderConsoleAt('/summary/current-transactions?page=99');
    const week = defaultFinanceRange(Date.now());
    const { total } = await paymentsFromServer(week);
    const last = Math.ceil(total / 10);
    await waitFor(() => expect(window.location.search).toBe(`?page=${last}`));
    const page = await paymentsFromServer(week, { page: last - 1 });
    await waitFor(() => expect(listedIds()).toEqual(page.data.map((p) => p.id)));
    expect(screen.getByTestId('payments-count').textContent).toBe(`${(last - 1) * 10 + 1}–${total} of ${total}`);
  });

  it('days without payments show the empty state, naming the status filtered on', async () => {
    renderConsoleAt('/summary/current-transactions?from=1975-01-01&to=1975-01-07&status=rejected');
    expect(await screen.findByText('No payments with status “Rejected” in these dates')).toBeTruthy();
    expect(screen.getByText('Choose other dates or another status.')).toBeTruthy();
    expect(rows()).toEqual([]);
    expect(screen.queryByTestId('payments-count')).toBeNull();
    cleanup();
    renderConsoleAt('/summary/current-transactions?from=1975-01-01&to=1975-01-07');
    expect(await screen.findByText('No payments in these dates')).toBeTruthy();
  });

  it('the status filter offers the four statuses and narrows the list to one', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const week = defaultFinanceRange(Date.now());
    const pending = await paymentsFromServer(week, { status: 'pending' });
    const all = await paymentsFromServer(week);
    // Some payment this week is pending and some is not; otherwise this proves nothing.
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.total).toBeLessThan(all.total);

    expect(statusButton().textContent).toBe('All statuses');
    await user.click(statusButton());
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(options.map((o) => o.textContent)).toEqual(['All statuses', 'Pending', 'Canceled', 'Completed', 'Rejected']);
    await user.click(options.find((o) => o.textContent === 'Pending')!);

    await waitFor(() => expect(new URLSearchParams(window.location.search).get('status')).toBe('pending'));
    await waitFor(() => expect(listedIds()).toEqual(pending.data.map((p) => p.id)));
    for (const row of rows()) expect(within(row).getByTestId('payment-status').dataset.status).toBe('pending');
    expect(screen.getByTestId('payments-count').textContent).toBe(`1–${pending.data.length} of ${pending.total}`);
    expect(statusButton().textContent).toBe('Pending');
  });

  it('a range in the URL is shown and listed (reload and back restore it)', async () => {
    const today = calendarDayOf(Date.now());
    const range = { from: addDays(today, -20), to: addDays(today, -10) };
    renderConsoleAt(`/summary/current-transactions?from=${range.from}&to=${range.to}`);
    await paymentsShown();
    expect(fromInput().value).toBe(range.from);
    expect(toInput().value).toBe(range.to);
    const page = await paymentsFromServer(range);
    expect(page.total).toBeGreaterThan(0);
    expect(listedIds()).toEqual(page.data.map((p) => p.id));
  });

  it('Apply shows another range and puts it in the URL', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions?page=2');
    await paymentsShown();
    const today = calendarDayOf(Date.now());
    const range = { from: addDays(today, -3), to: addDays(today, -1) };
    setDay(fromInput(), range.from);
    setDay(toInput(), range.to);
    await user.click(applyButton());
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual(range));
    const page = await paymentsFromServer(range);
    // Rows and count together: the range's first page can hold the same payments as the page
    // shown before it (the scenario's data is dated from now; at some hours they coincide).
    await waitFor(() => {
      expect(listedIds()).toEqual(page.data.map((p) => p.id));
      expect(screen.getByTestId('payments-count').textContent).toBe(`1–${page.data.length} of ${page.total}`);
    });

    // Back restores the range (and page) before it, in the inputs and in the list.
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    const week = defaultFinanceRange(Date.now());
    await waitFor(() => expect([fromInput().value, toInput().value]).toEqual([week.from, week.to]));
    const second = await paymentsFromServer(week, { page: 1 });
    await waitFor(() => expect(listedIds()).toEqual(second.data.map((p) => p.id)));
  });

  it('works from the keyboard: Enter in a date applies the range, arrows and Enter switch the tab', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const yesterday = addDays(calendarDayOf(Date.now()), -1);
    setDay(fromInput(), yesterday);
    setDay(toInput(), yesterday);
    toInput().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ from: yesterday, to: yesterday }));
    const page = await paymentsFromServer({ from: yesterday, to: yesterday });
    await waitFor(() => expect(listedIds()).toEqual(page.data.map((p) => p.id)));

    tabNamed('Current transactions').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabNamed('Daily summaries'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/summary/daily'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="summary-row"]')).toHaveLength(1));
  });

  it('a date after today shows "Choose a date no later than today" under it and keeps the data on screen', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const before = listedIds();
    const tomorrow = addDays(calendarDayOf(Date.now()), 1);
    setDay(toInput(), tomorrow);
    await user.click(applyButton());
    const message = await screen.findByText(FUTURE);
    // Under the To field, and tied to its input for screen readers.
    expect(message.closest('.MuiFormControl-root')?.contains(toInput())).toBe(true);
    expect(toInput().getAttribute('aria-describedby')).toBe(message.id);
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);
    expect(toInput().value).toBe(tomorrow);

    // Back to a valid day: the message goes as the operator fixes it, and Apply shows that range.
    const today = calendarDayOf(Date.now());
    setDay(toInput(), today);
    await waitFor(() => expect(screen.queryByText(FUTURE)).toBeNull());
  });

  it('shows "We have problems, please retry in a moment" when the payments fail to load, and Retry lists them', async () => {
    backend.current.devkit.fail('GET /stores/orders/payments', 500, { times: 1 });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    expect(await screen.findByText(LOAD_FAILED)).toBeTruthy();
    expect(rows()).toEqual([]);
    expect(info).toHaveBeenCalledWith('Account summary (current-transactions) did not load', expect.objectContaining({ status: 500 }));
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await paymentsShown();
    const page = await paymentsFromServer(defaultFinanceRange(Date.now()));
    expect(listedIds()).toEqual(page.data.map((p) => p.id));
    expect(screen.queryByText(LOAD_FAILED)).toBeNull();
  });

  it('Download summary saves the server’s CSV of the range as summary.csv', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      created.push(file as Blob);
      return 'blob:summary-test';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    backend.current.devkit.latency(200);
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    await user.click(downloadButton());
    await waitFor(() => expect(downloadButton().getAttribute('aria-busy')).toBe('true'));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:summary-test', download: 'summary.csv' }]));
    expect(created).toHaveLength(1);
    // The file starts with a UTF-8 byte-order mark (spreadsheets then read names and "×" right).
    expect([...new Uint8Array(await created[0].arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = (await created[0].text()).replace(/^\uFEFF/, '');
    const expected = await fromServer<string>(`/stores/orders/summary_pdf/${session().storeId}`, financeRangeToSeconds(defaultFinanceRange(Date.now())));
    expect(csv).toBe(expected);
    expect(csv.split('\r\n')[0]).toContain('order_id');
    expect(csv.split('\r\n').length).toBeGreaterThan(2);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:summary-test'));
    expect(downloadButton().getAttribute('aria-busy')).toBe('false');
    // The screen is as it was.
    expect(rows().length).toBe(10);
  });

  it('a failed download says so and leaves the list as it was', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    renderConsoleAt('/summary/current-transactions');
    await paymentsShown();
    const before = listedIds();
    backend.current.devkit.fail('GET /stores/orders/summary_pdf/{id}', 503, { times: 1 });
    await user.click(downloadButton());
    expect(await screen.findByText('The summary could not be downloaded. Try again.')).toBeTruthy();
    expect(info).toHaveBeenCalledWith('Summary download failed', expect.objectContaining({ status: 503 }));
    expect(listedIds()).toEqual(before);
    expect(downloadButton().getAttribute('aria-busy')).toBe('false');
  });

  it('the Daily summaries tab lists one row a day of the range with the totals, and keeps the range', async () => {
    const user = userEvent.setup();
    const today = calendarDayOf(Date.now());
    const range = { from: addDays(today, -9), to: addDays(today, -3) };
    renderConsoleAt(`/summary/current-transactions?from=${range.from}&to=${range.to}&status=completed&page=2`);
    await paymentsShown();
    await user.click(tabNamed('Daily summaries'));
    await waitFor(() => expect(window.location.pathname).toBe('/summary/daily'));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual(range);
    const summaries = await summariesFromServer(range);
    expect(summaries).toHaveLength(7);
    const dayRows = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[data-testid="summary-row"]')];
      expect(found).toHaveLength(7);
      return found;
    });
    expect(dayRows.map(cells)).toEqual(
      summaries.map((s) => [formatDate(s.day * 1000), formatNumber(s.orders, 'en'), formatNumber(s.items, 'en'), money(s.gross), money(s.fees), money(s.net)]),
    );
    const sum = (pick: (s: WireSummary) => number) => summaries.reduce((total, s) => total + Math.round(pick(s) * 100), 0) / 100;
    expect(cells(screen.getByTestId('summary-totals'))).toEqual([
      'Totals',
      formatNumber(sum((s) => s.orders), 'en'),
      formatNumber(sum((s) => s.items), 'en'),
      money(sum((s) => s.gross)),
      money(sum((s) => s.fees)),
      money(sum((s) => s.net)),
    ]);
    expect(sum((s) => s.orders)).toBeGreaterThan(0);
    expect(document.querySelector('[data-testid="summary-status"]')).toBeNull();
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Daily summaries');
  });

  it('any other tab is the 404 page', async () => {
    renderConsoleAt('/summary/weekly');
    await waitFor(() => expect(window.location.pathname).toBe('/errors/error-404'));
  });
});
