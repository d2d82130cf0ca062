import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowConsoleError, devkit, openSignedIn, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

/**
 * Orders journeys (issue 5): the pending and sold lists with their row actions, the cancel
 * confirmation, the refusals under devkit.fail, the Account summary's range and CSV download,
 * counter mode from the keyboard alone, the Filters drawer and the URL, and axe on each screen.
 * Each journey checks what the operator sees and what the mock server holds.
 *
 * Every test signs in with the page's clock fixed at noon today (local): the scenario is seeded
 * around that moment, so which orders are PENDING or NON PICKED UP, which are dated today and the
 * server's "next pickup first" order are the same on every run. Timers run as usual.
 *
 * Faults live in the page's memory and a page load (goto, reload) restarts the mock backend
 * without them: every fault is set after the last page load of its test.
 */

interface OrderLine {
  quantityOrdered: number;
  offer: { id: number; name: string };
}

interface OrderRecord {
  id: number;
  store_id: number;
  status: number;
  date: number;
  pickup_date: number | null;
  pickup_until: number;
  total_price: number;
  total_quantity: number;
  consumer: { name: string; email: string };
  offersOrdered: OrderLine[];
}

interface PaymentRecord {
  id: number;
  order_id: number;
  status: string;
}

interface OfferRecord {
  id: number;
  quantity: number;
  quantity_left: number;
}

const NOON = (() => {
  const moment = new Date();
  moment.setHours(12, 0, 0, 0);
  return moment.getTime();
})();
const NOON_S = Math.floor(NOON / 1000);
const signedInAtNoon = () => openSignedIn(undefined, { fixedTime: NOON });

const STATUS_FAILED = 'Error on change status';
const CANCEL_FAILED = 'Error on cancel';
const FUTURE_REFUSED = 'Choose a date no later than today';
const CSV_HEADER = 'order_id,date,pickup_status,consumer,email,items,quantity,total_price,total_price_bt,payment_status';

// ---- the mock server ------------------------------------------------------------------------

const orders = (page: Page) => devkit<OrderRecord[]>(page, "records('orders')");
const orderRecord = async (page: Page, id: number) => (await orders(page)).find((o) => o.id === id)!;
const payments = (page: Page) => devkit<PaymentRecord[]>(page, "records('payments')");
const paymentOf = async (page: Page, orderId: number) => (await payments(page)).find((p) => p.order_id === orderId);
const offers = (page: Page) => devkit<OfferRecord[]>(page, "records('offers')");
/** Every injected fault was used up: the failure the operator saw was the one set by the test. */
async function expectFaultsUsed(page: Page) {
  expect((await devkit<{ failures: unknown[] }>(page, 'faults()')).failures).toEqual([]);
}

/** Spec section 4's label of a code at the (fixed) server time. */
function label(order: OrderRecord): string {
  switch (order.status) {
    case 0:
      // Spec section 4, from the pickup time (pickup_date; a waiting order's is the end of its window).
      return order.pickup_date === null || NOON_S <= order.pickup_date ? 'PENDING' : 'NON PICKED UP';
    case 1:
      return 'PICKED UP';
    case 2:
      return 'Cancelled by consumer';
    case 3:
      return 'Cancelled by store';
    default:
      return 'CANCELLED';
  }
}

/**
 * The pending tab's order on the server ("next pickup first"): pickups still ahead, soonest first,
 * then those whose window has passed, the most recent first; ties by id.
 */
function pendingInServerOrder(all: readonly OrderRecord[]): OrderRecord[] {
  return all
    .filter((o) => o.status === 0)
    .sort((a, b) => {
      const [aAhead, bAhead] = [a.pickup_until >= NOON_S, b.pickup_until >= NOON_S];
      if (aAhead !== bAhead) return aAhead ? -1 : 1;
      return aAhead ? a.pickup_until - b.pickup_until || a.id - b.id : b.pickup_until - a.pickup_until || b.id - a.id;
    });
}

/** The sold tab's default order: newest order first; ties by the higher id. */
const soldNewestFirst = (all: readonly OrderRecord[], status?: number) =>
  all.filter((o) => o.status !== 0 && (status === undefined || o.status === status)).sort((a, b) => b.date - a.date || b.id - a.id);

const startOfToday = () => {
  const day = new Date(NOON);
  day.setHours(0, 0, 0, 0);
  return Math.floor(day.getTime() / 1000);
};
/** GET /stores/home's "Picked up orders": today's orders with code 1. */
const pickedUpToday = (all: readonly OrderRecord[]) => all.filter((o) => o.status === 1 && o.date >= startOfToday() && o.date < startOfToday() + 86_400).length;

// ---- the screens ----------------------------------------------------------------------------

const at = (page: Page, path: string) => new URL(path, page.url()).toString();
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const ordersTable = (page: Page, tab: 'pending' | 'sold') => page.getByRole('table', { name: tab === 'pending' ? 'Pending' : 'Sold', exact: true });
const orderLink = (page: Page, id: number) => page.getByRole('link', { name: `Open order #${id}`, exact: true });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const range = (page: Page) => page.getByTestId('orders-range').textContent();

/** The rows of the orders table: each order's id and its status chip, top to bottom. */
function listed(page: Page, tab: 'pending' | 'sold'): Promise<Array<{ id: number; status: string }>> {
  return ordersTable(page, tab)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => ({ id: Number(row.querySelector('th')?.textContent?.replace('#', '')), status: row.children[6]?.textContent ?? '' })));
}
const listedIds = async (page: Page, tab: 'pending' | 'sold') => (await listed(page, tab)).map((r) => r.id);

async function openOrders(page: Page, tab: 'pending' | 'sold', query = '') {
  await page.goto(at(page, `/operations/orders/${tab}${query}`));
  await ordersTable(page, tab).locator('tbody tr').first().waitFor();
}

const firstName = (o: OrderRecord) => o.consumer.name.split(' ')[0];
/** Lower case without accents: "Álvaro" → "alvaro". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Counter mode's notice after a handover, with its Undo button. */
const undoNotice = (page: Page, order: OrderRecord) =>
  page.getByRole('status').filter({ hasText: `Order #${order.id} for ${order.consumer.name} picked up. You can undo it for 8 s.` });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

// ---------------------------------------------------------------------------------------------

describe('orders journeys', () => {
  it('1. the pending tab lists only open orders in the server’s order; "Picked up" moves one to Sold and the overview figure up', async () => {
    const page = await signedInAtNoon();
    const figure = page.getByTestId('figure-overview.pickedUp');
    const figureBefore = Number(await figure.textContent());
    const before = await orders(page);
    expect(figureBefore).toBe(pickedUpToday(before));

    await openOrders(page, 'pending');
    const pending = pendingInServerOrder(before);
    expect(pending.length).toBeGreaterThan(10);
    expect(await range(page)).toBe(`Orders 1–10 of ${pending.length}`);
    const firstPage = await listed(page, 'pending');
    expect(firstPage.map((r) => r.id)).toEqual(pending.slice(0, 10).map((o) => o.id));
    expect(firstPage.map((r) => r.status)).toEqual(pending.slice(0, 10).map(label));
    // The second page holds the rest, in the same order; no chip is anything but open.
    await button(page, 'Next page').click();
    await expect.poll(() => listedIds(page, 'pending')).toEqual(pending.slice(10).map((o) => o.id));
    const secondPage = await listed(page, 'pending');
    expect(secondPage.map((r) => r.status)).toEqual(pending.slice(10).map(label));
    for (const { status } of [...firstPage, ...secondPage]) expect(['PENDING', 'NON PICKED UP']).toContain(status);
    // Both labels show: the scenario has pickups ahead and pickups missed.
    expect(new Set([...firstPage, ...secondPage].map((r) => r.status))).toEqual(new Set(['PENDING', 'NON PICKED UP']));
    await button(page, 'Previous page').click();
    await expect.poll(() => listedIds(page, 'pending')).toEqual(pending.slice(0, 10).map((o) => o.id));

    // An order of today, so that the overview's figure counts it.
    const target = pending.find((o) => o.date >= startOfToday())!;
    expect(target, 'a pending order dated today').toBeDefined();
    // The server answers late: the row leaves before it has answered (at once, not after the call).
    await devkit(page, 'latency(800)');
    await page.getByRole('button', { name: `Mark order #${target.id} as picked up`, exact: true }).click();
    await orderLink(page, target.id).waitFor({ state: 'detached' });
    expect((await orderRecord(page, target.id)).status, 'the row left before the server answered').toBe(0);
    await expect.poll(async () => (await orderRecord(page, target.id)).status, { timeout: 5000 }).toBe(1);
    await devkit(page, 'latency(0)');
    const held = await orderRecord(page, target.id);
    expect(held.pickup_date).toBe(NOON_S);
    expect((await paymentOf(page, target.id))?.status).toBe('completed');
    // The refresh after the change brings the next order up; the list is the server's again.
    const pendingAfter = pendingInServerOrder(await orders(page));
    expect(pendingAfter.length).toBe(pending.length - 1);
    await expect.poll(() => listedIds(page, 'pending')).toEqual(pendingAfter.slice(0, 10).map((o) => o.id));
    expect(await range(page)).toBe(`Orders 1–10 of ${pendingAfter.length}`);

    await page.getByRole('tab', { name: 'Sold', exact: true }).click();
    await page.waitForURL('**/operations/orders/sold');
    await ordersTable(page, 'sold').locator('tbody tr').first().waitFor();
    const sold = await listed(page, 'sold');
    expect(sold.find((r) => r.id === target.id)?.status).toBe('PICKED UP');
    expect(sold.map((r) => r.id)).toEqual(soldNewestFirst(await orders(page)).slice(0, 10).map((o) => o.id));
    // Settled orders have no actions.
    expect(await ordersTable(page, 'sold').getByRole('button').count()).toBe(0);

    await page.goto(at(page, '/overview'));
    await expect.poll(() => figure.textContent()).toBe(String(figureBefore + 1));
    expect(pickedUpToday(await orders(page))).toBe(figureBefore + 1);
  });

  it('2. cancel asks first: "Keep the order" changes nothing; "Cancel order" removes the row and the server holds status 3', async () => {
    const page = await signedInAtNoon();
    await openOrders(page, 'pending');
    const idsBefore = await listedIds(page, 'pending');
    const target = await orderRecord(page, idsBefore[1]);
    const offersBefore = await offers(page);
    const cancelCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/stores\/orders\/\d+\/cancel$/.test(new URL(request.url()).pathname)) cancelCalls.push(request.url());
    });

    await page.getByRole('button', { name: `Cancel order #${target.id}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${target.id}?`, exact: true });
    await dialog.waitFor();
    expect(await dialog.getByText(`${target.consumer.name} will be told the order was cancelled by the store and refunded. This cannot be undone.`, { exact: true }).count()).toBe(1);
    // "Keep the order" has the focus: Enter never cancels by accident.
    expect(await isFocused(button(dialog, 'Keep the order'))).toBe(true);
    await button(dialog, 'Keep the order').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await listedIds(page, 'pending')).toEqual(idsBefore);
    expect(cancelCalls).toEqual([]);
    expect((await orderRecord(page, target.id)).status).toBe(0);
    expect((await paymentOf(page, target.id))?.status).toBe('pending');

    await page.getByRole('button', { name: `Cancel order #${target.id}`, exact: true }).click();
    await dialog.waitFor();
    await button(dialog, 'Cancel order').click();
    await dialog.waitFor({ state: 'hidden' });
    await orderLink(page, target.id).waitFor({ state: 'detached' });
    await expect.poll(async () => (await orderRecord(page, target.id)).status).toBe(3);
    expect(cancelCalls).toHaveLength(1);
    expect((await paymentOf(page, target.id))?.status).toBe('canceled');
    // Its units went back to its offers.
    const offersAfter = await offers(page);
    for (const line of target.offersOrdered) {
      const was = offersBefore.find((o) => o.id === line.offer.id)!;
      expect(offersAfter.find((o) => o.id === line.offer.id)?.quantity_left).toBe(Math.min(was.quantity, was.quantity_left + line.quantityOrdered));
    }
    const pendingAfter = pendingInServerOrder(await orders(page));
    await expect.poll(() => listedIds(page, 'pending')).toEqual(pendingAfter.slice(0, 10).map((o) => o.id));
  });

  it('3. refusals under devkit.fail: "Error on change status" and "Error on cancel", the row back, the server unchanged', async () => {
    allowConsoleError(/status of 500/);
    const page = await signedInAtNoon();
    await openOrders(page, 'pending');
    const idsBefore = await listedIds(page, 'pending');
    const first = idsBefore[0];
    const second = idsBefore[2];
    const offersBefore = await offers(page);

    await devkit(page, "fail('POST /stores/orders/{id}/status/{status}', 500, { times: 1 })");
    await page.getByRole('button', { name: `Mark order #${first} as picked up`, exact: true }).click();
    const statusAlert = alertWith(page, STATUS_FAILED);
    await statusAlert.waitFor();
    expect((await statusAlert.innerText()).trim()).toBe(STATUS_FAILED);
    await expectFaultsUsed(page);
    await expect.poll(() => listedIds(page, 'pending')).toEqual(idsBefore);
    expect((await listed(page, 'pending'))[0].status).toMatch(/^(PENDING|NON PICKED UP)$/);
    const refused = await orderRecord(page, first);
    expect(refused).toMatchObject({ status: 0, pickup_date: refused.pickup_until });
    expect((await paymentOf(page, first))?.status).toBe('pending');
    // The row's buttons work again once the refusal is settled.
    await expect.poll(() => page.getByRole('button', { name: `Mark order #${first} as picked up`, exact: true }).isEnabled()).toBe(true);
    // Messages queue: the next one shows once this one is closed.
    await button(statusAlert, 'Close message').click();
    await statusAlert.waitFor({ state: 'detached' });

    await devkit(page, "fail('POST /stores/orders/{id}/cancel', 500, { times: 1 })");
    await page.getByRole('button', { name: `Cancel order #${second}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${second}?`, exact: true });
    await button(dialog, 'Cancel order').click();
    await dialog.waitFor({ state: 'hidden' });
    const cancelAlert = alertWith(page, CANCEL_FAILED);
    await cancelAlert.waitFor();
    expect((await cancelAlert.innerText()).trim()).toBe(CANCEL_FAILED);
    await expectFaultsUsed(page);
    await expect.poll(() => listedIds(page, 'pending')).toEqual(idsBefore);
    expect((await orderRecord(page, second)).status).toBe(0);
    expect((await paymentOf(page, second))?.status).toBe('pending');
    expect(await offers(page)).toEqual(offersBefore);
  });

  it('4. Account summary: the last 7 days by default, a future date refused, "Download summary" saves the range’s orders as summary.csv', async () => {
    const page = await signedInAtNoon();
    // Days as the browser's calendar has them (YYYY-MM-DD), and the range in unix seconds.
    const days = await page.evaluate(() => {
      const [today, weekAgo, tomorrow] = [0, -6, 1].map((offset) => {
        const d = new Date();
        d.setHours(12, 0, 0, 0);
        d.setDate(d.getDate() + offset);
        return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
      });
      const first = new Date();
      first.setHours(0, 0, 0, 0);
      first.setDate(first.getDate() - 6);
      const afterToday = new Date();
      afterToday.setHours(0, 0, 0, 0);
      afterToday.setDate(afterToday.getDate() + 1);
      return { today, weekAgo, tomorrow, fromS: first.getTime() / 1000, toS: afterToday.getTime() / 1000 - 1 };
    });

    await page.goto(at(page, '/summary/current-transactions'));
    const from = page.getByTestId('summary-from');
    const to = page.getByTestId('summary-to');
    const count = page.getByTestId('payments-count');
    await count.waitFor();
    expect(await from.inputValue()).toBe(days.weekAgo);
    expect(await to.inputValue()).toBe(days.today);
    const countBefore = await count.textContent();
    const rowsBefore = await page.getByTestId('payment-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-payment-id')));
    expect(rowsBefore.length).toBeGreaterThan(0);

    const paymentCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/stores/orders/payments')) paymentCalls.push(request.url());
    });
    await to.fill(days.tomorrow);
    await button(page, 'Apply').click();
    await page.getByText(FUTURE_REFUSED, { exact: true }).waitFor();
    // The message is tied to the field for assistive technology.
    expect(await to.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '))).toContain(FUTURE_REFUSED);
    expect(paymentCalls).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    expect(await count.textContent()).toBe(countBefore);
    expect(await page.getByTestId('payment-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-payment-id')))).toEqual(rowsBefore);

    // The download is of the range shown (the refused date went nowhere).
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('summary-download').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('summary.csv');
    const text = (await readFile(await download.path())).toString('utf8');
    expect(text.startsWith('\uFEFF'), 'a UTF-8 byte-order mark first').toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header.join(',')).toBe(CSV_HEADER);

    const inRange = (await orders(page))
      .filter((o) => o.date >= days.fromS && o.date <= days.toS)
      .sort((a, b) => a.date - b.date || a.id - b.id);
    expect(inRange.length).toBeGreaterThan(0);
    // Orders from outside the range exist, so the filter is what the rows show.
    expect((await orders(page)).some((o) => o.date < days.fromS)).toBe(true);
    expect(rows.map((r) => Number(r[0]))).toEqual(inRange.map((o) => o.id));
    for (const [index, row] of rows.entries()) {
      const order = inRange[index];
      expect(row).toHaveLength(10);
      expect(row[1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
      expect(row.slice(2, 5)).toEqual([label(order), order.consumer.name, order.consumer.email]);
      expect(row[7]).toBe(order.total_price.toFixed(2));
    }
  });

  it('5. counter mode from the keyboard alone: number, Enter, Enter; a name; several matches; undo; no match', async () => {
    const page = await signedInAtNoon();
    const open = pendingInServerOrder(await orders(page));
    const byNumber = open[0];
    // After the first handover the desk searches the other open orders.
    const rest = open.filter((o) => o.id !== byNumber.id);
    /** The counter's rule for a name: every typed word starts a word of the name (any case, any accents). */
    const named = (typed: string) => rest.filter((o) => fold(o.consumer.name).split(' ').some((word) => word.startsWith(fold(typed))));
    const byName = rest.find((o) => named(firstName(o)).length === 1)!;
    const shared = rest.find((o) => named(firstName(o)).length > 1)!;
    expect(byName, 'a pending order whose customer’s first name no other open order shares').toBeDefined();
    expect(shared, 'two open orders whose customers share a first name').toBeDefined();

    await page.goto(at(page, '/operations/orders/counter'));
    const box = page.getByRole('textbox', { name: 'Order number or customer name', exact: true });
    await page.getByText(`${open.length} open`, { exact: true }).waitFor();
    expect(await isFocused(box), 'the search box has the focus from the start').toBe(true);

    // An order number: Enter selects, Enter hands over; the desk is cleared for the next customer.
    await page.keyboard.type(String(byNumber.id));
    await page.keyboard.press('Enter');
    await page.getByText(`Order #${byNumber.id} for ${byNumber.consumer.name} selected. Press Enter to hand it over.`, { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await orderRecord(page, byNumber.id)).status).toBe(1);
    expect(await box.inputValue()).toBe('');
    expect(await isFocused(box)).toBe(true);
    await undoNotice(page, byNumber).waitFor();
    await page.getByText(`${open.length - 1} open`, { exact: true }).waitFor();

    // A first name typed without its accents and in lower case.
    const typedName = fold(firstName(byName));
    await page.keyboard.type(typedName);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Order #${byName.id}`, exact: true }).waitFor();
    await page.getByText(`Order #${byName.id} for ${byName.consumer.name} selected. Press Enter to hand it over.`, { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await orderRecord(page, byName.id)).status).toBe(1);
    expect(await box.inputValue()).toBe('');
    expect(await isFocused(box)).toBe(true);

    // Ctrl+Z with an empty box takes the last handover back.
    await undoNotice(page, byName).waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await orderRecord(page, byName.id)).status).toBe(0);
    const undone = await orderRecord(page, byName.id);
    expect(undone.pickup_date).toBe(undone.pickup_until);
    expect(await isFocused(box)).toBe(true);
    await page.getByText(`${open.length - 1} open`, { exact: true }).waitFor();

    // Several matches: Enter says so and lists them; arrows move into the list, Enter chooses.
    const matching = named(firstName(shared));
    await page.keyboard.type(firstName(shared));
    await page.keyboard.press('Enter');
    await page.getByText(`${matching.length} orders match: keep typing or choose one below.`, { exact: true }).waitFor();
    const list = page.getByRole('list', { name: 'Matching orders', exact: true });
    const listedMatches = await list.getByRole('button').evaluateAll((items) => items.map((i) => Number(/#(\d+)/.exec(i.textContent ?? '')?.[1])));
    // The open orders' own order (next pickup first).
    expect(listedMatches).toEqual(matching.map((o) => o.id));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = matching[1];
    expect(await isFocused(list.getByRole('button').nth(1))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`Order #${chosen.id} for ${chosen.consumer.name} selected. Press Enter to hand it over.`, { exact: true }).waitFor();
    expect(await isFocused(box)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await orderRecord(page, chosen.id)).status).toBe(1);
    expect((await orderRecord(page, matching[0].id)).status).toBe(0);
    expect(await box.inputValue()).toBe('');

    // Nothing matches: the desk says so; Escape clears the box.
    await page.keyboard.type('zzqx');
    await page.keyboard.press('Enter');
    await page.getByText('No open order matches “zzqx”.', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(await isFocused(box)).toBe(true);

    // What the server holds: exactly the two handovers kept.
    const now = await orders(page);
    const changed = now.filter((o) => open.some((p) => p.id === o.id) && o.status !== 0).map((o) => o.id).sort();
    expect(changed).toEqual([byNumber.id, chosen.id].sort());
  });

  it('6. Filters on the Sold tab from the keyboard: ?status=PICKED_UP, kept on reload, back restores the list', async () => {
    const page = await signedInAtNoon();
    await openOrders(page, 'sold');
    const all = await orders(page);
    const unfiltered = await listedIds(page, 'sold');
    expect(unfiltered).toEqual(soldNewestFirst(all).slice(0, 10).map((o) => o.id));

    const filters = button(page, 'Filters');
    await tabTo(page, filters);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters', exact: true });
    await drawer.waitFor();
    // The sold tab's statuses only.
    expect(await drawer.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      'PICKED UP',
      'Cancelled by consumer',
      'Cancelled by store',
      'CANCELLED',
    ]);
    const pickedUp = drawer.getByRole('checkbox', { name: 'PICKED UP', exact: true });
    await tabTo(page, pickedUp, 10);
    await page.keyboard.press('Space');
    expect(await pickedUp.isChecked()).toBe(true);
    await tabTo(page, button(drawer, 'Apply'), 20);
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'hidden' });

    await page.waitForURL((url) => url.search === '?status=PICKED_UP');
    expect(new URL(page.url()).pathname).toBe('/operations/orders/sold');
    const expected = soldNewestFirst(all, 1);
    await expect.poll(() => listedIds(page, 'sold')).toEqual(expected.slice(0, 10).map((o) => o.id));
    expect(await range(page)).toBe(`Orders 1–10 of ${expected.length}`);
    for (const { status } of await listed(page, 'sold')) expect(status).toBe('PICKED UP');
    const activeFilters = page.getByRole('list', { name: 'Active filters', exact: true });
    expect((await activeFilters.innerText()).trim()).toBe('PICKED UP');
    expect(await page.getByRole('button', { name: 'Remove filter PICKED UP', exact: true }).count()).toBe(1);
    const filtered = await listedIds(page, 'sold');
    expect(filtered).not.toEqual(unfiltered);

    await page.reload();
    await ordersTable(page, 'sold').locator('tbody tr').first().waitFor();
    expect(new URL(page.url()).search).toBe('?status=PICKED_UP');
    expect(await listedIds(page, 'sold')).toEqual(filtered);
    for (const { status } of await listed(page, 'sold')) expect(status).toBe('PICKED UP');
    expect((await activeFilters.innerText()).trim()).toBe('PICKED UP');

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/operations/orders/sold' && url.search === '');
    await expect.poll(() => listedIds(page, 'sold')).toEqual(unfiltered);
    expect(await activeFilters.count()).toBe(0);
  });

  it('7. axe: pending list, cancel dialog, sold list with the drawer open, order page, Account summary (both tabs), synchronization after a run, counter with an order selected', async () => {
    const page = await signedInAtNoon();
    await openOrders(page, 'pending');
    await expectNoAxeViolations(page);

    const [first] = await listedIds(page, 'pending');
    await page.getByRole('button', { name: `Cancel order #${first}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${first}?`, exact: true });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await button(dialog, 'Keep the order').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Sold', exact: true }).click();
    await page.waitForURL('**/operations/orders/sold');
    await ordersTable(page, 'sold').locator('tbody tr').first().waitFor();
    await button(page, 'Filters').click();
    const drawer = page.getByRole('dialog', { name: 'Filters', exact: true });
    await drawer.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.goto(at(page, `/operations/order/${first}`));
    await page.getByRole('group', { name: 'Order actions', exact: true }).getByRole('button', { name: 'Picked up', exact: true }).waitFor();
    await page.getByText('Order items', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(at(page, '/summary/current-transactions'));
    await page.getByTestId('payments-count').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Daily summaries', exact: true }).click();
    await page.waitForURL('**/summary/daily');
    await page.getByTestId('summary-totals').waitFor();
    await expectNoAxeViolations(page);

    await page.goto(at(page, '/synchronization'));
    await button(page, 'Synchronize now').click();
    await page.getByTestId('sync-summary').waitFor();
    await page.getByTestId('sync-orders').waitFor();
    await expect.poll(() => button(page, 'Synchronize now').isEnabled()).toBe(true);
    await expectNoAxeViolations(page);

    // Last, so that the screens above are checked whatever it finds. Known failure (reported):
    // the counter's search box names its match list in aria-controls while no list is rendered
    // (empty box, or an order selected) — axe aria-valid-attr-value.
    await page.goto(at(page, '/operations/orders/counter'));
    const box = page.getByRole('textbox', { name: 'Order number or customer name', exact: true });
    await page.getByText(/^\d+ open$/).waitFor();
    await box.fill(String(first));
    await box.press('Enter');
    await page.getByRole('heading', { name: `Order #${first}`, exact: true }).waitFor();
    const controls = await box.getAttribute('aria-controls');
    expect(
      controls === null || (await page.locator(`[id="${controls}"]`).count()) === 1,
      `the search box's aria-controls="${controls}" names an element on the page (the match list is not rendered while an order is selected)`,
    ).toBe(true);
    await expectNoAxeViolations(page);
  });
});
