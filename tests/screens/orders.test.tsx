import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, calendarDayOf } from '../../src/lib/finance-range';
import { formatDateTime } from '../../src/lib/format';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The orders screens against the real mock handlers: the list (pending and sold tabs, its URL,
 * the filter drawer, the row actions), the order page and counter mode. Each test asserts what
 * the operator sees and what the server holds afterwards.
 */
const backend = setupTestBackend();

interface WireOrder {
  id: number;
  store_id: number;
  status: number;
  date: number;
  pickup_date: number | null;
  pickup_until: number;
  consumer: { name: string; email: string };
}
interface OrdersPage {
  data: WireOrder[];
  total: number;
}
interface WirePayment {
  order_id: number;
  status: string;
}
interface FilterBody {
  tab: 'pending' | 'sold';
  statuses?: string[];
  date_from?: number;
  date_to?: number;
  search?: string;
  sort?: 'pickup' | 'newest' | 'oldest';
}

const STATUS_CALL = 'POST /stores/orders/{id}/status/{status}';
const CANCEL_CALL = 'POST /stores/orders/{id}/cancel';

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

/** One page of the store's orders as the server answers a filter body, in the server's order. */
async function ordersFromServer(body: FilterBody, page = 0): Promise<OrdersPage> {
  const response = await fetch(`${API}/stores/orders/pagination/filters?limit=10&offset=${page * 10}`, {
    method: 'POST',
    headers: { 'X-Access-Token': session().token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the orders list answered ${response.status}`);
  return (await response.json()) as OrdersPage;
}

const serverOrders = () => (backend.current.devkit.records('orders') as WireOrder[]).filter((o) => o.store_id === session().storeId);
const serverOrder = (id: number) => serverOrders().find((o) => o.id === id)!;
const serverPayment = (orderId: number) => (backend.current.devkit.records('payments') as WirePayment[]).find((p) => p.order_id === orderId)!;
/** The server's day bounds for local days, as the client sends them. */
const dayBounds = (from: string, to: string) => ({
  date_from: Math.floor(new Date(`${from}T00:00:00`).getTime() / 1000),
  date_to: Math.floor(new Date(`${to}T23:59:59.999`).getTime() / 1000),
});

// By selector and text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('table tbody tr')];
const idOf = (row: HTMLElement) => Number(row.querySelector('th a')!.textContent!.replace('#', ''));
const listedIds = () => rows().map(idOf);
const rowOf = (id: number) => rows().find((row) => idOf(row) === id);
/** The status chip's text of a row (the sixth data cell). */
const statusOf = (id: number) => rowOf(id)!.querySelectorAll('td')[5].textContent;
/** The pickup cell of a row (the fifth data cell): the time, then the day. */
const pickupOf = (id: number) => rowOf(id)!.querySelectorAll('td')[4].textContent;
/** A date as a row's date cells write it: "14:30" above "2026/11/22". */
function cellText(atSeconds: number, timeText = (time: string) => time): string {
  const [day, time] = formatDateTime(atSeconds * 1000).split(' ');
  return `${timeText(time)}${day}`;
}
const rangeText = () => screen.getByTestId('orders-range').textContent;
const selectedTab = () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
const tabNamed = (text: string) => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === text)!;
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search by order number or customer"]')!;
const chips = () => [...document.querySelectorAll('ul[aria-label="Active filters"] li')].map((li) => li.textContent);
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const button = (text: string) => screen.getByText(text, { selector: 'button' });

/** What a pending order's chip reads now: pending until its pickup time, then not picked up. */
/** Spec section 4, from the order's pickup time (pickup_date: a waiting order's is the end of its window). */
const pendingLabel = (order: WireOrder) => (order.pickup_date === null || Date.now() <= order.pickup_date * 1000 ? 'PENDING' : 'NON PICKED UP');

async function listShown() {
  await screen.findByTestId('orders-range', {}, { timeout: 5000 });
}

/**
 * How many pending (code 0) orders the seed holds depends on the time of day the test runs:
 * marks just enough of them picked up on the server that page 2 holds exactly one order.
 */
async function leaveOneOrderOnPageTwo() {
  const pending = serverOrders().filter((o) => o.status === 0);
  expect(pending.length).toBeGreaterThan(0);
  // Too few: copies of a seeded pending order (new ids) make up the eleven.
  for (let extra = 0; extra < 11 - pending.length; extra++) {
    const template = backend.current.db.orders.all().find((o) => o.id === pending[0].id)!;
    await backend.current.db.orders.create({ ...template, id: 98_000 + extra });
  }
  const surplus = pending.length - 11;
  for (const order of pending.slice(0, Math.max(0, surplus))) {
    await backend.current.db.orders.update((q) => q.where({ id: order.id }), {
      data(draft) {
        draft.status = 1;
      },
    });
  }
}

/** The drawer's controls, found by their labels once it is open. */
const drawer = {
  open: async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(button('Filters'));
    await waitFor(() => expect(drawer.isOpen()).toBe(true));
  },
  status: (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input[type="checkbox"]' }),
  from: () => screen.getByLabelText<HTMLInputElement>('Ordered from'),
  to: () => screen.getByLabelText<HTMLInputElement>('Ordered until'),
  sortButton: () => {
    const label = screen.getByText('Sort by', { selector: 'label' });
    return document.querySelector<HTMLElement>(`[aria-labelledby="${label.id}"]`)!;
  },
  // The drawer is mounted only while open (a closed one would re-render with every page).
  isOpen: () => screen.queryByRole('dialog', { name: 'Filters' }) !== null,
};

async function chooseSort(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(drawer.sortButton());
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === text);
    expect(found).toBeDefined();
    return found!;
  });
  await user.click(option);
  await waitFor(() => expect(drawer.sortButton().textContent).toBe(text));
}

function setDay(input: HTMLInputElement, day: string) {
  fireEvent.change(input, { target: { value: day } });
}

beforeEach(async () => {
  // Every test starts from the seeded store: the row actions below change what the server holds.
  await backend.current.devkit.reset();
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
});
afterEach(() => cleanup());

describe('orders list', () => {
  it('the pending tab lists the store’s code-0 orders in the server’s order, ten a page', async () => {
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const pending = serverOrders().filter((o) => o.status === 0);
    // More than a page of pending orders, and orders in other states; otherwise this proves little.
    expect(pending.length).toBeGreaterThan(10);
    expect(serverOrders().length).toBeGreaterThan(pending.length);

    const page = await ordersFromServer({ tab: 'pending', sort: 'pickup' });
    expect(page.total).toBe(pending.length);
    expect(listedIds()).toEqual(page.data.map((o) => o.id));
    expect(rangeText()).toBe(`Orders 1–10 of ${pending.length}`);
    for (const order of page.data) {
      expect(serverOrder(order.id).status).toBe(0);
      expect(statusOf(order.id)).toBe(pendingLabel(order));
      expect(order.pickup_date).toBe(order.pickup_until);
      expect(pickupOf(order.id)).toBe(cellText(order.pickup_date!, (time) => `until ${time}`));
      expect(rowOf(order.id)!.querySelectorAll('td')[3].textContent).toBe(cellText(order.date));
      expect(rowOf(order.id)!.querySelectorAll('td')[0].textContent).toBe(`${order.consumer.name}${order.consumer.email}`);
      expect(rowOf(order.id)!.querySelector('th a')!.getAttribute('href')).toBe(`/operations/order/${order.id}`);
      expect(within(rowOf(order.id)!).getByLabelText(`Mark order #${order.id} as picked up`).textContent).toBe('Picked up');
      expect(within(rowOf(order.id)!).getByLabelText(`Cancel order #${order.id}`).textContent).toBe('Cancel');
    }
    expect(selectedTab()).toBe('Pending');
    expect(screen.getByText('Orders', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Counter mode', { selector: 'a' }).getAttribute('href')).toBe('/operations/orders/counter');
  });

  it('the Sold tab opens /operations/orders/sold with the settled orders, newest first, without actions', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    await user.click(tabNamed('Sold'));
    await waitFor(() => expect(window.location.pathname).toBe('/operations/orders/sold'));
    const sold = await ordersFromServer({ tab: 'sold', sort: 'newest' });
    expect(sold.total).toBe(serverOrders().filter((o) => o.status !== 0).length);
    await waitFor(() => expect(listedIds()).toEqual(sold.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–10 of ${sold.total}`);
    for (const id of listedIds()) {
      expect(serverOrder(id).status).not.toBe(0);
      expect(rowOf(id)!.querySelectorAll('button')).toHaveLength(0);
    }
    expect(selectedTab()).toBe('Sold');
  });

  it('/operations/orders/filter/sold (Past Orders) shows the sold list', async () => {
    renderConsoleAt('/operations/orders/filter/sold');
    await listShown();
    const sold = await ordersFromServer({ tab: 'sold', sort: 'newest' });
    expect(listedIds()).toEqual(sold.data.map((o) => o.id));
    expect(rangeText()).toBe(`Orders 1–10 of ${sold.total}`);
    expect(selectedTab()).toBe('Sold');
  });

  it('any other tab is the 404 page', async () => {
    renderConsoleAt('/operations/orders/weekly');
    await waitFor(() => expect(window.location.pathname).toBe('/errors/error-404'));
    expect(await screen.findByText('Page not found', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('pages with ?page=', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    await user.click(screen.getByLabelText('Page 2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    const second = await ordersFromServer({ tab: 'pending', sort: 'pickup' }, 1);
    expect(second.data.length).toBeGreaterThan(0);
    await waitFor(() => expect(listedIds()).toEqual(second.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 11–${10 + second.data.length} of ${second.total}`);
    expect(screen.getByLabelText('Page 2, current page').getAttribute('aria-current')).toBe('page');
  });

  it('a page past the end (an old link) shows the last page instead', async () => {
    renderConsoleAt('/operations/orders/pending?page=9');
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    const last = await ordersFromServer({ tab: 'pending', sort: 'pickup' }, 1);
    await waitFor(() => expect(listedIds()).toEqual(last.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 11–${10 + last.data.length} of ${last.total}`);
  });

  it('typing in the search bar puts ?q= in the URL once typing pauses, and the list follows', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const before = listedIds();
    // A first name that some pending orders have and others do not.
    const firstName = serverOrders().find((o) => o.status === 0)!.consumer.name.split(' ')[0];
    const found = await ordersFromServer({ tab: 'pending', search: firstName, sort: 'pickup' });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(before.length);

    await user.type(searchBox(), firstName);
    // Still typing: the URL and the list wait for the pause.
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);
    await waitFor(() => expect(query()).toEqual({ q: firstName }));
    await waitFor(() => expect(listedIds()).toEqual(found.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–${found.total} of ${found.total}`);
    for (const id of listedIds()) expect(serverOrder(id).consumer.name).toContain(firstName);
  });

  it('restores a filtered page from the URL; removing a chip updates the URL and the list', async () => {
    const user = userEvent.setup();
    // Three letters of a customer's name that 11 to 20 picked-up orders match (the search reads the
    // name and the e-mail): two pages, the second one partly full. (The scenario's orders are
    // dated from now, so the counts change with the time of day; a fixed name does not hold.)
    const pickedUp = serverOrders().filter((o) => o.status === 1);
    const matching = (part: string) => pickedUp.filter((o) => `${o.consumer.name} ${o.consumer.email}`.toLowerCase().includes(part)).length;
    const parts = new Set(pickedUp.flatMap(({ consumer }) => Array.from({ length: Math.max(0, consumer.name.length - 2) }, (_, at) => consumer.name.toLowerCase().slice(at, at + 3))));
    const [namePart] = [...parts]
      .filter((part) => !part.includes(' '))
      .map((part) => [part, matching(part)] as const)
      .filter(([, count]) => count > 10 && count <= 20)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const body: FilterBody = { tab: 'sold', statuses: ['PICKED_UP'], search: namePart, sort: 'newest' };
    const second = await ordersFromServer(body, 1);
    expect(second.total).toBeGreaterThan(10);

    renderConsoleAt(`/operations/orders/sold?status=PICKED_UP&q=${encodeURIComponent(namePart)}&page=2`);
    await listShown();
    expect(listedIds()).toEqual(second.data.map((o) => o.id));
    expect(rangeText()).toBe(`Orders 11–${second.total} of ${second.total}`);
    for (const order of second.data) {
      expect(statusOf(order.id)).toBe('PICKED UP');
      // A picked-up order shows when it was picked up.
      expect(pickupOf(order.id)).toBe(cellText(order.pickup_date!));
    }
    expect(searchBox().value).toBe(namePart);
    expect(chips()).toEqual(['PICKED UP']);
    expect(selectedTab()).toBe('Sold');
    expect(screen.getByLabelText('Page 2, current page').getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByLabelText('Remove filter PICKED UP'));
    await waitFor(() => expect(query()).toEqual({ q: namePart }));
    const anyStatus = await ordersFromServer({ tab: 'sold', search: namePart, sort: 'newest' });
    // Removing the status lets other settled orders of the same customers in.
    expect(anyStatus.total).toBeGreaterThan(second.total);
    await waitFor(() => expect(listedIds()).toEqual(anyStatus.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–10 of ${anyStatus.total}`);
    expect(chips()).toEqual([]);
    expect(searchBox().value).toBe(namePart);
  });
});

describe('orders filter drawer', () => {
  const today = calendarDayOf(Date.now());

  it('Apply puts the status, the dates and the sort in the URL; the rows and the chips follow', async () => {
    const user = userEvent.setup();
    const from = addDays(today, -3);
    const body: FilterBody = { tab: 'sold', statuses: ['PICKED_UP'], ...dayBounds(from, today), sort: 'oldest' };
    const filtered = await ordersFromServer(body);
    const pickedUp = await ordersFromServer({ tab: 'sold', statuses: ['PICKED_UP'], sort: 'oldest' });
    // The dates narrow the picked-up orders; otherwise this proves little.
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(pickedUp.total);

    renderConsoleAt('/operations/orders/sold');
    await listShown();
    const before = listedIds();
    expect(drawer.isOpen()).toBe(false);
    await drawer.open(user);
    expect(drawer.status('PICKED UP').checked).toBe(false);
    // The sold tab offers the settled statuses only.
    expect(screen.queryByLabelText('PENDING', { selector: 'input' })).toBeNull();
    await user.click(drawer.status('PICKED UP'));
    setDay(drawer.from(), from);
    setDay(drawer.to(), today);
    await chooseSort(user, 'Oldest first');
    // Nothing changes before Apply.
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);

    await user.click(button('Apply'));
    await waitFor(() => expect(query()).toEqual({ status: 'PICKED_UP', from, to: today, sort: 'oldest' }));
    await waitFor(() => expect(listedIds()).toEqual(filtered.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–${filtered.data.length} of ${filtered.total}`);
    expect(drawer.isOpen()).toBe(false);
    // The chips follow the URL, which the router updates in a transition after the rows (Apply runs after the drawer's frame).
    await waitFor(() => expect(chips()).toEqual(['PICKED UP', `${from} – ${today}`, 'Oldest first']));
    // The Filters button's badge counts the three kinds of choice.
    expect(button('Filters').closest('.MuiBadge-root')!.querySelector('.MuiBadge-badge')!.textContent).toBe('3');
  });

  it('the drawer searches too: its text goes to ?q= with the other choices and the search bar shows it', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/sold');
    await listShown();
    const name = (await ordersFromServer({ tab: 'sold', sort: 'newest' })).data[0].consumer.name.split(' ')[0];
    const expected = await ordersFromServer({ tab: 'sold', search: name, sort: 'newest' });
    await drawer.open(user);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(within(dialog).getByLabelText('Search by order number or customer'), `  ${name} `);
    await user.click(button('Apply'));
    await waitFor(() => expect(query()).toEqual({ q: name }));
    await waitFor(() => expect(listedIds()).toEqual(expected.data.map((o) => o.id)));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search by order number or customer' })).toHaveProperty('value', name));
  });

  it('a “to” before “from” is refused with a message and Apply does nothing', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/sold');
    await listShown();
    const before = listedIds();
    await drawer.open(user);
    setDay(drawer.from(), today);
    setDay(drawer.to(), addDays(today, -1));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    await user.click(button('Apply'));
    expect(drawer.isOpen()).toBe(true);
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);
    expect(chips()).toEqual([]);
  });

  it('Reset clears the choices; applied, the URL keeps only the search', async () => {
    const user = userEvent.setup();
    const from = addDays(today, -3);
    renderConsoleAt(`/operations/orders/sold?status=PICKED_UP,CANCELLED_BY_STORE&from=${from}&to=${today}&sort=oldest&q=a`);
    await listShown();
    expect(chips()).toEqual(['PICKED UP', 'Cancelled by store', `${from} – ${today}`, 'Oldest first']);
    await drawer.open(user);
    // The drawer opens on the applied choices.
    expect(drawer.status('PICKED UP').checked).toBe(true);
    expect(drawer.status('Cancelled by store').checked).toBe(true);
    expect(drawer.status('Cancelled by consumer').checked).toBe(false);
    expect(drawer.from().value).toBe(from);
    expect(drawer.to().value).toBe(today);
    expect(drawer.sortButton().textContent).toBe('Oldest first');

    await user.click(button('Reset'));
    expect(drawer.status('PICKED UP').checked).toBe(false);
    expect(drawer.status('Cancelled by store').checked).toBe(false);
    expect(drawer.from().value).toBe('');
    expect(drawer.to().value).toBe('');
    expect(drawer.sortButton().textContent).toBe('Newest first');
    // Reset alone applies nothing.
    expect(query()).toEqual({ status: 'PICKED_UP,CANCELLED_BY_STORE', from, to: today, sort: 'oldest', q: 'a' });

    await user.click(button('Apply'));
    await waitFor(() => expect(query()).toEqual({ q: 'a' }));
    const searched = await ordersFromServer({ tab: 'sold', search: 'a', sort: 'newest' });
    await waitFor(() => expect(listedIds()).toEqual(searched.data.map((o) => o.id)));
    await waitFor(() => expect(chips()).toEqual([]));
  });

  it('closing the drawer without Apply changes nothing, and it reopens on the applied choices', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/sold');
    await listShown();
    const before = listedIds();
    await drawer.open(user);
    await user.click(drawer.status('PICKED UP'));
    setDay(drawer.from(), addDays(today, -2));
    await user.click(screen.getByLabelText('Close filters'));
    await waitFor(() => expect(drawer.isOpen()).toBe(false));
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);
    expect(chips()).toEqual([]);

    await drawer.open(user);
    expect(drawer.status('PICKED UP').checked).toBe(false);
    expect(drawer.from().value).toBe('');
  });
});

const pickedUpFigure = () => screen.getByTestId('figure-overview.pickedUp').textContent;
/** Whether an instant (unix seconds) falls on today's local day: only such orders move today's figures. */
const isToday = (at: number) => calendarDayOf(at * 1000) === calendarDayOf(Date.now());

describe('orders list row actions', () => {
  it('Picked up: the row leaves at once, the server holds status 1 and a pickup date, the overview counts it', async () => {
    const user = userEvent.setup();
    const { services } = renderConsoleAt('/overview');
    const figureBefore = Number((await screen.findByTestId('figure-overview.pickedUp', {}, { timeout: 5000 })).textContent);
    const homeBefore = services.journal.state().store.home!;
    expect(figureBefore).toBe(homeBefore.pickedup_orders);

    await user.click(screen.getByText('Pending orders').closest('a')!);
    await listShown();
    const before = listedIds();
    const pendingBefore = serverOrders().filter((o) => o.status === 0).length;
    // An order of today: only those move today's figures.
    const id = before.find((orderId) => isToday(serverOrder(orderId).date))!;
    expect(id).toBeDefined();
    // A slow answer, so the row is seen to leave before the server has it.
    backend.current.devkit.latency(150);
    await user.click(screen.getByLabelText(`Mark order #${id} as picked up`));
    expect(listedIds()).toEqual(before.filter((orderId) => orderId !== id));
    expect(services.journal.state().store.home!.pickedup_orders).toBe(homeBefore.pickedup_orders + 1);
    expect(serverOrder(id).status).toBe(0);

    await waitFor(() => expect(serverOrder(id).status).toBe(1));
    const held = serverOrder(id);
    expect(held.pickup_date).not.toBeNull();
    expect(Math.abs(held.pickup_date! * 1000 - Date.now())).toBeLessThan(10_000);
    expect(serverPayment(id).status).toBe('completed');
    // The refresh brings the next pending order up: the page is the server's again.
    const after = await ordersFromServer({ tab: 'pending', sort: 'pickup' });
    expect(after.total).toBe(pendingBefore - 1);
    await waitFor(() => expect(listedIds()).toEqual(after.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–10 of ${after.total}`);

    backend.current.devkit.latency(0);
    // The side navigation's Home, clicked without user-event's pointer-events check: that check
    // computes styles up the shell's tree, where happy-dom overflows resolving Joy's CSS variables.
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(screen.getAllByText('Home', { selector: 'a' })[0]);
    await waitFor(() => expect(window.location.pathname).toBe('/overview'));
    await waitFor(() => expect(pickedUpFigure()).toBe(String(figureBefore + 1)));
    expect(services.journal.state().store.home!.pickedup_orders).toBe(figureBefore + 1);
  });

  it('a refused Picked up shows "Error on change status" and puts the row back where it was', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const before = listedIds();
    const range = rangeText();
    const id = before[2];
    const payment = serverPayment(id).status;
    backend.current.devkit.fail(STATUS_CALL, 500, { times: 1 });
    backend.current.devkit.latency(150);
    await user.click(screen.getByLabelText(`Mark order #${id} as picked up`));
    expect(listedIds()).not.toContain(id);
    expect(await screen.findByText('Error on change status', {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(rangeText()).toBe(range);
    expect(statusOf(id)).toBe(pendingLabel(serverOrder(id)));
    expect(serverOrder(id).status).toBe(0);
    expect(serverOrder(id).pickup_date).toBe(serverOrder(id).pickup_until);
    expect(serverPayment(id).status).toBe(payment);
  });

  it('handing over the only order of the last page shows the new last page', async () => {
    const user = userEvent.setup();
    await leaveOneOrderOnPageTwo();
    renderConsoleAt('/operations/orders/pending?page=2');
    await listShown();
    const [id] = listedIds();
    expect(listedIds()).toHaveLength(1);
    await user.click(screen.getByLabelText(`Mark order #${id} as picked up`));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(serverOrder(id).status).toBe(1));
    const first = await ordersFromServer({ tab: 'pending', sort: 'pickup' });
    await waitFor(() => expect(listedIds()).toEqual(first.data.map((o) => o.id)));
    expect(rangeText()).toBe(`Orders 1–10 of ${first.total}`);
  });

  it('a refusal that arrives after the list moved to another page does not put the order on that page', async () => {
    const user = userEvent.setup();
    await leaveOneOrderOnPageTwo();
    renderConsoleAt('/operations/orders/pending?page=2');
    await listShown();
    const [id] = listedIds();
    // The refusal comes after the first page has loaded (a slow server, per call).
    backend.current.server.use(
      http.post(`${API}/stores/orders/:id/status/:status`, async () => {
        await delay(800);
        return HttpResponse.json({ message: 'refused' }, { status: 500 });
      }),
    );
    try {
      await user.click(screen.getByLabelText(`Mark order #${id} as picked up`));
      const first = await ordersFromServer({ tab: 'pending', sort: 'pickup' });
      await waitFor(() => expect(window.location.search).toBe(''));
      await waitFor(() => expect(listedIds()).toEqual(first.data.map((o) => o.id)));
      expect(await screen.findByText('Error on change status', {}, { timeout: 5000 })).toBeTruthy();
      expect(serverOrder(id).status).toBe(0);
      // The order stands on page 2 on the server: page 1 stays the server's page 1.
      expect(listedIds()).toEqual(first.data.map((o) => o.id));
      expect(rangeText()).toBe(`Orders 1–10 of ${first.total}`);
    } finally {
      backend.current.server.resetHandlers();
    }
  });

  it('Cancel asks first; “Keep the order” closes the dialog and changes nothing', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const before = listedIds();
    const id = before[0];
    const payment = serverPayment(id).status;
    await user.click(screen.getByLabelText(`Cancel order #${id}`));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Cancel order #${id}?`)).toBeTruthy();
    expect(
      within(dialog).getByText(`${serverOrder(id).consumer.name} will be told the order was cancelled by the store and refunded. This cannot be undone.`),
    ).toBeTruthy();
    await user.click(within(dialog).getByText('Keep the order'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(listedIds()).toEqual(before);
    expect(serverOrder(id).status).toBe(0);
    expect(serverPayment(id).status).toBe(payment);
  });

  it('confirming the cancel removes the row; the server holds status 3 and a canceled payment', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const before = listedIds();
    const pendingBefore = serverOrders().filter((o) => o.status === 0).length;
    const id = before[1];
    await user.click(screen.getByLabelText(`Cancel order #${id}`));
    backend.current.devkit.latency(150);
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Cancel order'));
    expect(listedIds()).not.toContain(id);
    await waitFor(() => expect(serverOrder(id).status).toBe(3));
    expect(serverPayment(id).status).toBe('canceled');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const after = await ordersFromServer({ tab: 'pending', sort: 'pickup' });
    await waitFor(() => expect(listedIds()).toEqual(after.data.map((o) => o.id)));
    expect(after.total).toBe(pendingBefore - 1);
    expect(rangeText()).toBe(`Orders 1–10 of ${after.total}`);
  });

  it('a refused cancel shows "Error on cancel" and puts the row back; the server keeps the order', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await listShown();
    const before = listedIds();
    const id = before[3];
    const payment = serverPayment(id).status;
    backend.current.devkit.fail(CANCEL_CALL, 500, { times: 1 });
    await user.click(screen.getByLabelText(`Cancel order #${id}`));
    backend.current.devkit.latency(150);
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Cancel order'));
    expect(listedIds()).not.toContain(id);
    expect(await screen.findByText('Error on cancel', {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(serverOrder(id).status).toBe(0);
    expect(serverPayment(id).status).toBe(payment);
  });
});

/** The value beside a label of the order info card (a dt and its dd). */
const field = (label: string) => screen.queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;
const firstPending = async () => (await ordersFromServer({ tab: 'pending', sort: 'pickup' })).data[0];

async function orderShown() {
  await screen.findByText('Order info', {}, { timeout: 5000 });
}

describe('order page', () => {
  it('shows the order detail view under the page title “Order #{id}”, once', async () => {
    const order = await firstPending();
    renderConsoleAt(`/operations/order/${order.id}`);
    await orderShown();
    const headings = screen.getAllByText(`Order #${order.id}`);
    expect(headings.map((h) => h.tagName)).toEqual(['H1']);
    expect(document.title).toMatch(new RegExp(`^Order #${order.id} · `));
    expect(field('Status')).toBe(pendingLabel(order));
    expect(field('Customer')).toBe(order.consumer.name);
    expect(field('Email')).toBe(order.consumer.email);
    expect(field('Date')).toBe(formatDateTime(order.date * 1000));
    expect(field('Pickup date')).toBeNull();
    expect(screen.getByText('Order items')).toBeTruthy();
    expect(screen.getByText('← Back to orders').closest('a')?.getAttribute('href')).toBe('/operations/orders/pending');
  });

  it('Picked up shows PICKED UP and the pickup date; “Back to pending” undoes it, on the server too', async () => {
    const user = userEvent.setup();
    const order = await firstPending();
    renderConsoleAt(`/operations/order/${order.id}`);
    await orderShown();
    await user.click(button('Picked up'));
    expect(field('Status')).toBe('PICKED UP');
    await waitFor(() => expect(serverOrder(order.id).status).toBe(1));
    const pickedUpAt = serverOrder(order.id).pickup_date!;
    expect(pickedUpAt).not.toBeNull();
    await waitFor(() => expect(field('Pickup date')).toBe(formatDateTime(pickedUpAt * 1000)));
    expect(serverPayment(order.id).status).toBe('completed');
    expect(screen.queryByText('Cancel order', { selector: 'button' })).toBeNull();
    expect(screen.getByText('← Back to orders').closest('a')?.getAttribute('href')).toBe('/operations/orders/sold');

    await user.click(await screen.findByText('Back to pending', { selector: 'button' }));
    expect(field('Status')).toBe(pendingLabel(order));
    expect(field('Pickup date')).toBeNull();
    await waitFor(() => expect(serverOrder(order.id).status).toBe(0));
    // Due by the end of its pickup window again.
    expect(serverOrder(order.id).pickup_date).toBe(serverOrder(order.id).pickup_until);
    expect(await screen.findByText('Picked up', { selector: 'button' })).toBeTruthy();
  });

  it('a refused Picked up shows "Error on change status" and the order as it was', async () => {
    const user = userEvent.setup();
    const order = await firstPending();
    renderConsoleAt(`/operations/order/${order.id}`);
    await orderShown();
    backend.current.devkit.fail(STATUS_CALL, 500, { times: 1 });
    backend.current.devkit.latency(150);
    await user.click(button('Picked up'));
    expect(field('Status')).toBe('PICKED UP');
    expect(await screen.findByText('Error on change status', {}, { timeout: 5000 })).toBeTruthy();
    expect(field('Status')).toBe(pendingLabel(order));
    expect(field('Pickup date')).toBeNull();
    expect(serverOrder(order.id).status).toBe(0);
    await waitFor(() => expect(button('Picked up').hasAttribute('disabled')).toBe(false));
  });

  it('cancels after the confirmation; “Keep the order” changes nothing', async () => {
    const user = userEvent.setup();
    const order = await firstPending();
    renderConsoleAt(`/operations/order/${order.id}`);
    await orderShown();
    await user.click(button('Cancel order'));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Cancel order #${order.id}?`)).toBeTruthy();
    await user.click(within(dialog).getByText('Keep the order'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field('Status')).toBe(pendingLabel(order));
    expect(serverOrder(order.id).status).toBe(0);

    await user.click(button('Cancel order'));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByText('Cancel order'));
    expect(field('Status')).toBe('Cancelled by store');
    await waitFor(() => expect(serverOrder(order.id).status).toBe(3));
    expect(serverPayment(order.id).status).toBe('canceled');
    expect(await screen.findByText('This order is cancelled; it can no longer change.')).toBeTruthy();
    expect(screen.queryByText('Picked up', { selector: 'button' })).toBeNull();
  });

  it('a refused cancel shows "Error on cancel" and the order as it was', async () => {
    const user = userEvent.setup();
    const order = await firstPending();
    const payment = serverPayment(order.id).status;
    renderConsoleAt(`/operations/order/${order.id}`);
    await orderShown();
    backend.current.devkit.fail(CANCEL_CALL, 500, { times: 1 });
    await user.click(button('Cancel order'));
    backend.current.devkit.latency(150);
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Cancel order'));
    expect(field('Status')).toBe('Cancelled by store');
    expect(await screen.findByText('Error on cancel', {}, { timeout: 5000 })).toBeTruthy();
    expect(field('Status')).toBe(pendingLabel(order));
    expect(serverOrder(order.id).status).toBe(0);
    expect(serverPayment(order.id).status).toBe(payment);
  });

  it('an unknown order says it could not be loaded, with Retry', async () => {
    const user = userEvent.setup();
    const unknown = Math.max(...(backend.current.devkit.records('orders') as WireOrder[]).map((o) => o.id)) + 1000;
    renderConsoleAt(`/operations/order/${unknown}`);
    expect(await screen.findByText('We could not load this order.', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(button('Retry'));
    expect(await screen.findByText('We could not load this order.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Order info')).toBeNull();
  });

  it('an order of another store says it could not be loaded', async () => {
    const [seeded] = serverOrders();
    await backend.current.db.orders.create({ ...(backend.current.db.orders.all().find((o) => o.id === seeded.id)!), id: 99_001, store_id: 555 });
    renderConsoleAt('/operations/order/99001');
    expect(await screen.findByText('We could not load this order.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Retry', { selector: 'button' })).toBeTruthy();
    expect(screen.queryByText('Order info')).toBeNull();
  });

  it('Retry after a failed load shows the order', async () => {
    const user = userEvent.setup();
    const order = await firstPending();
    backend.current.devkit.fail('GET /stores/orders/{id}', 500, { times: 1 });
    renderConsoleAt(`/operations/order/${order.id}`);
    expect(await screen.findByText('We could not load this order.', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(button('Retry'));
    await orderShown();
    expect(field('Customer')).toBe(order.consumer.name);
    expect(screen.queryByText('We could not load this order.')).toBeNull();
  });
});

const box = () => document.querySelector<HTMLInputElement>('input[aria-label="Order number or customer name"]')!;
const openCount = () => screen.queryByText(/^\d+ open$/)?.textContent;
const pendingIds = () => serverOrders().filter((o) => o.status === 0).map((o) => o.id);
const matchButtons = () => [...document.querySelectorAll<HTMLElement>('ul[aria-label="Matching orders"] [role="button"]')];
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function counterReady() {
  renderConsoleAt('/operations/orders/counter');
  await waitFor(() => expect(openCount()).toBe(`${pendingIds().length} open`), { timeout: 5000 });
}

/** The open orders in the server's order (the next pickups first), as the counter lists them. */
async function openOrders(): Promise<WireOrder[]> {
  const response = await fetch(`${API}/stores/${session().storeId}/orders?status=0`, { headers: { 'X-Access-Token': session().token } });
  return ((await response.json()) as { data: WireOrder[] }).data;
}

describe('counter mode', () => {
  it('the search box has the focus on open', async () => {
    await counterReady();
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(screen.getByText('Counter mode', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText('Leave counter mode').closest('a')?.getAttribute('href')).toBe('/operations/orders/pending');
  });

  it('an exact number and Enter selects the order; Enter again hands it over; Undo puts it back', async () => {
    const user = userEvent.setup();
    await counterReady();
    const open = pendingIds().length;
    const [order] = await openOrders();
    await user.type(box(), `${order.id}{Enter}`);
    expect(await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`)).toBeTruthy();
    expect(screen.getByText('Hand over (Enter)', { selector: 'button' })).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(box().value).toBe('');
    expect(document.activeElement).toBe(box());
    await waitFor(() => expect(serverOrder(order.id).status).toBe(1));
    expect(await screen.findByText(`Order #${order.id} for ${order.consumer.name} picked up. You can undo it for 8 s.`)).toBeTruthy();
    expect(openCount()).toBe(`${open - 1} open`);
    expect(serverOrder(order.id).pickup_date).not.toBeNull();

    await user.click(button('Undo'));
    expect(document.activeElement).toBe(box());
    await waitFor(() => expect(serverOrder(order.id).status).toBe(0));
    expect(serverOrder(order.id).pickup_date).toBe(serverOrder(order.id).pickup_until);
    await waitFor(() => expect(openCount()).toBe(`${open} open`));
    await waitFor(() => expect(screen.queryByText('Undo', { selector: 'button' })).toBeNull());
  });

  it('Ctrl+Z in the empty box undoes the last handover', async () => {
    const user = userEvent.setup();
    await counterReady();
    const [, order] = await openOrders();
    await user.type(box(), `#${order.id}{Enter}`);
    await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`);
    await user.keyboard('{Enter}');
    await screen.findByText(`Order #${order.id} for ${order.consumer.name} picked up. You can undo it for 8 s.`);
    expect(serverOrder(order.id).status).toBe(1);

    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(serverOrder(order.id).status).toBe(0));
    await waitFor(() => expect(openCount()).toBe(`${pendingIds().length} open`));
    // It is open again: its number finds it.
    await user.type(box(), `${order.id}{Enter}`);
    expect(await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`)).toBeTruthy();
  });

  it('a name several orders match lists them; Enter says how many; the arrows and Enter choose one; Escape clears', async () => {
    const user = userEvent.setup();
    await counterReady();
    const open = await openOrders();
    // A first name that starts a word of several open orders' customers.
    const firstName = open
      .map((o) => o.consumer.name.split(' ')[0])
      .find((name) => open.filter((o) => folded(o.consumer.name).split(' ').some((w) => w.startsWith(folded(name)))).length > 1)!;
    expect(firstName).toBeDefined();
    const matching = open.filter((o) => folded(o.consumer.name).split(' ').some((w) => w.startsWith(folded(firstName))));

    await user.type(box(), firstName);
    expect(await screen.findByText(`${matching.length} matching orders`)).toBeTruthy();
    expect(matchButtons().map((b) => b.textContent!.match(/^#(\d+)/)![1])).toEqual(matching.map((o) => String(o.id)));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`${matching.length} orders match: keep typing or choose one below.`)).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(matchButtons()[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(matchButtons()[1]);
    await user.keyboard('{Enter}');
    const chosen = matching[1];
    expect(await screen.findByText(`Order #${chosen.id} for ${chosen.consumer.name} selected. Press Enter to hand it over.`)).toBeTruthy();
    expect(document.activeElement).toBe(box());
    expect(matchButtons()).toEqual([]);

    await user.keyboard('{Escape}');
    expect(box().value).toBe('');
    await waitFor(() => expect(screen.queryByText(/selected\. Press Enter to hand it over\./)).toBeNull());
    expect(screen.queryByText('Hand over (Enter)', { selector: 'button' })).toBeNull();
    expect(serverOrder(chosen.id).status).toBe(0);
  });

  it('the undo closes after 8 s: the order stays picked up', async () => {
    const user = userEvent.setup();
    await counterReady();
    const [order] = await openOrders();
    await user.type(box(), `${order.id}{Enter}`);
    await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`);
    // Only the timers are faked, and they still follow real time: requests and rendering go on as
    // usual while the test jumps over the undo window instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await user.keyboard('{Enter}');
      await screen.findByText(`Order #${order.id} for ${order.consumer.name} picked up. You can undo it for 8 s.`);
      await vi.advanceTimersByTimeAsync(7000);
      expect(screen.getByText('Undo', { selector: 'button' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(1000);
      await waitFor(() => expect(screen.queryByText('Undo', { selector: 'button' })).toBeNull());
    } finally {
      vi.useRealTimers();
    }
    await user.keyboard('{Control>}z{/Control}');
    expect(serverOrder(order.id).status).toBe(1);
    expect(openCount()).toBe(`${pendingIds().length} open`);
  });

  it('no match says so', async () => {
    const user = userEvent.setup();
    await counterReady();
    await user.type(box(), 'zzzz{Enter}');
    expect(await screen.findByText('No open order matches “zzzz”.')).toBeTruthy();
    expect(matchButtons()).toEqual([]);
  });

  it('a refused handover shows "Error on change status" and the order is open again', async () => {
    const user = userEvent.setup();
    await counterReady();
    const open = pendingIds().length;
    const [order] = await openOrders();
    backend.current.devkit.fail(STATUS_CALL, 500, { times: 1 });
    backend.current.devkit.latency(150);
    await user.type(box(), `${order.id}{Enter}`);
    await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(openCount()).toBe(`${open - 1} open`));
    expect(await screen.findByText('Error on change status', {}, { timeout: 5000 })).toBeTruthy();
    expect(openCount()).toBe(`${open} open`);
    expect(screen.queryByText('Undo', { selector: 'button' })).toBeNull();
    expect(serverOrder(order.id).status).toBe(0);
    backend.current.devkit.latency(0);
    await user.type(box(), `${order.id}{Enter}`);
    expect(await screen.findByText(`Order #${order.id} for ${order.consumer.name} selected. Press Enter to hand it over.`)).toBeTruthy();
  });
});
