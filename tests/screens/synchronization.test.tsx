import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/lib/format';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The Synchronization screen against the real mock handlers: what the operator sees of each run of
 * GET /hubspot/app/orders, and what the server recorded (its crmSyncs log and its orders).
 */
const backend = setupTestBackend();

const SYNC_CALL = 'GET /hubspot/app/orders';

interface WireOrder {
  id: number;
  store_id: number;
  status: number;
  audit_update_date: number;
}
interface WireRun {
  id: number;
  store_id: number;
  synced_at: number;
  since: number;
  sent: number;
  created: number;
  updated: number;
}

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

const serverOrders = () => (backend.current.devkit.records('orders') as WireOrder[]).filter((o) => o.store_id === session().storeId);
const serverRuns = () => (backend.current.devkit.records('crmSyncs') as WireRun[]).filter((r) => r.store_id === session().storeId).sort((a, b) => a.id - b.id);
const latestServerRun = () => serverRuns().at(-1)!;

/** A real change on the server between two runs: the operator hands a pending order over. */
async function pickUpAPendingOrder(): Promise<number> {
  const pending = serverOrders().find((o) => o.status === 0);
  if (!pending) throw new Error('The default scenario has pending orders; this test relies on it');
  const response = await fetch(`${API}/stores/orders/${pending.id}/status/1`, { method: 'POST', headers: { 'X-Access-Token': session().token } });
  expect(response.status).toBe(200);
  return pending.id;
}

// By text and selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const button = (text: string) => screen.getByText(text, { selector: 'button' }) as HTMLButtonElement;
const figure = (name: 'sent' | 'created' | 'updated') => screen.getByTestId(`sync-${name}`).textContent;
const listedOrderIds = () => [...document.querySelectorAll<HTMLElement>('[data-testid="sync-order"]')].map((row) => Number(row.dataset.orderId));
const actionButtons = () => document.querySelector<HTMLElement>('[role="group"][aria-busy]')!;

async function screenShown() {
  await screen.findByText('Last synchronisation', {}, { timeout: 5000 });
}

/** Clicks "Synchronize now" and waits until the run's summary shows the server's latest run. */
async function synchronizeNow(user: ReturnType<typeof userEvent.setup>): Promise<WireRun> {
  const before = serverRuns().length;
  await user.click(button('Synchronize now'));
  await waitFor(() => expect(serverRuns()).toHaveLength(before + 1));
  const run = latestServerRun();
  await waitFor(() => expect(screen.getByTestId('sync-last-run').textContent).toBe(`${formatDateTime(run.synced_at * 1000)} · just now`));
  return run;
}

describe('synchronization screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('on the first visit says nothing was synchronised in this session yet, and sends nothing by itself', async () => {
    const runsBefore = serverRuns().length;
    renderConsoleAt('/synchronization');
    await screenShown();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Synchronization');
    expect(screen.getByTestId('sync-not-yet').textContent).toBe('Not synchronised in this session yet');
    expect(screen.getByText(/The first “Synchronize now” of a session sends every order/)).toBeTruthy();
    expect(button('Synchronize now').disabled).toBe(false);
    expect(button('Full resync').disabled).toBe(false);
    expect(actionButtons().getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByTestId('sync-summary')).toBeNull();
    expect(screen.queryByTestId('sync-history')).toBeNull();
    expect(document.title).toBe('Synchronization · Store Console');
    expect(serverRuns()).toHaveLength(runsBefore);
  });

  it('"Synchronize now" shows the run under way, then what the server sent: every order the first time', async () => {
    const user = userEvent.setup();
    backend.current.devkit.latency(300);
    renderConsoleAt('/synchronization');
    await screenShown();
    await user.click(button('Synchronize now'));
    // Under way: the buttons are disabled, the group is busy, the window is said.
    await waitFor(() => expect(screen.getByTestId('sync-running').textContent).toBe('Sending every order to the CRM…'));
    expect(button('Synchronize now').disabled).toBe(true);
    expect(button('Full resync').disabled).toBe(true);
    expect(actionButtons().getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('[role="progressbar"]')).not.toBeNull();

    await screen.findByTestId('sync-summary', {}, { timeout: 5000 });
    backend.current.devkit.clearFaults();
    const run = latestServerRun();
    const orders = serverOrders();
    // t = 0: the server sent every order of the store, and the screen says what it answered.
    expect(run.since).toBe(0);
    expect(run.sent).toBe(orders.length);
    expect(orders.length).toBeGreaterThan(50);
    expect(figure('sent')).toBe(String(run.sent));
    expect(figure('created')).toBe(String(run.created));
    expect(figure('updated')).toBe(String(run.updated));
    expect(screen.getByTestId('sync-window').textContent).toBe('All orders');
    expect(screen.getByTestId('sync-last-run').textContent).toBe(`${formatDateTime(run.synced_at * 1000)} · just now`);
    expect(screen.queryByTestId('sync-not-yet')).toBeNull();
    expect(screen.queryByTestId('sync-running')).toBeNull();
    expect(button('Synchronize now').disabled).toBe(false);
    expect(actionButtons().getAttribute('aria-busy')).toBe('false');

    // The table lists the first 50, latest change first, and says so.
    const expectedIds = [...orders].sort((a, b) => b.audit_update_date - a.audit_update_date || b.id - a.id).slice(0, 50).map((o) => o.id);
    expect(listedOrderIds()).toEqual(expectedIds);
    expect(screen.getByTestId('sync-showing-first').textContent).toBe(`Showing the first 50 of ${orders.length} orders sent.`);
    const firstRow = document.querySelector<HTMLElement>(`[data-testid="sync-order"][data-order-id="${expectedIds[0]}"]`)!;
    expect(within(firstRow).getByText(`#${expectedIds[0]}`).closest('a')?.getAttribute('href')).toBe(`/operations/order/${expectedIds[0]}`);
    expect(['New deal', 'Deal updated']).toContain(within(firstRow).getByTestId('sync-order-action').textContent);
    const headers = [...document.querySelectorAll('[data-testid="sync-orders"] thead th')];
    expect(headers.map((th) => th.textContent)).toEqual(['Order', 'Customer e-mail', 'Total', 'Status', 'In the CRM']);
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
  });

  it('a second run sends only the orders changed since the first, and the first moves to the history', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/synchronization');
    await screenShown();
    const first = await synchronizeNow(user);
    expect(first.since).toBe(0);

    // The server compares whole seconds ("changed after t"): the change must come a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await pickUpAPendingOrder();
    const second = await synchronizeNow(user);

    expect(second.since).toBe(first.synced_at);
    const changedSince = serverOrders().filter((o) => o.audit_update_date > first.synced_at);
    expect(changedSince.map((o) => o.id)).toEqual([changed]);
    expect(second.sent).toBe(1);
    expect(figure('sent')).toBe('1');
    expect(figure('created')).toBe('0');
    expect(figure('updated')).toBe('1');
    expect(screen.getByTestId('sync-window').textContent).toBe(`Orders changed since ${formatDateTime(first.synced_at * 1000)}`);
    expect(listedOrderIds()).toEqual([changed]);
    const row = document.querySelector<HTMLElement>(`[data-testid="sync-order"][data-order-id="${changed}"]`)!;
    expect(within(row).getByTestId('sync-order-action').textContent).toBe('Deal updated');
    expect(within(row).getByText('PICKED UP')).toBeTruthy();
    expect(screen.queryByTestId('sync-showing-first')).toBeNull();

    // This session's earlier run, newest first below the latest.
    const history = [...document.querySelectorAll<HTMLElement>('[data-testid="sync-history-run"]')];
    expect(history).toHaveLength(1);
    expect(history[0].textContent).toContain(formatDateTime(first.synced_at * 1000));
    expect(history[0].textContent).toContain('All orders');

    // A third run right away: nothing changed since, nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const third = await synchronizeNow(user);
    expect(third).toMatchObject({ since: second.synced_at, sent: 0 });
    expect(screen.getByTestId('sync-nothing-sent').textContent).toBe('No order changed since the last run: nothing was sent.');
    expect(document.querySelectorAll('[data-testid="sync-history-run"]')).toHaveLength(2);
  });

  it('"Full resync" asks first: Cancel sends nothing, confirming re-sends every order', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/synchronization');
    await screenShown();
    await synchronizeNow(user);
    const runsBefore = serverRuns().length;

    // By keyboard: Enter on the button opens the question with Cancel focused; Escape backs out.
    button('Full resync').focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Re-send every order?')).toBeTruthy();
    expect(within(dialog).getByText(/sends every order of the store to the CRM again/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(serverRuns()).toHaveLength(runsBefore);

    await user.click(button('Full resync'));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByText('Cancel', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(serverRuns()).toHaveLength(runsBefore);

    await user.click(button('Full resync'));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Re-send every order', { selector: 'button' }));
    await waitFor(() => expect(serverRuns()).toHaveLength(runsBefore + 1));
    const full = latestServerRun();
    expect(full.since).toBe(0);
    expect(full.sent).toBe(serverOrders().length);
    await waitFor(() => expect(screen.getByTestId('sync-window').textContent).toBe('All orders'));
    expect(figure('sent')).toBe(String(serverOrders().length));
    expect(document.querySelectorAll('[data-testid="sync-history-run"]')).toHaveLength(1);
  });

  it('a server failure says what the server answered; the last run stays, and Retry sends it again', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderConsoleAt('/synchronization');
    await screenShown();
    const first = await synchronizeNow(user);
    const runsBefore = serverRuns().length;

    backend.current.devkit.fail(SYNC_CALL, 500, { times: 1 });
    await user.click(button('Synchronize now'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`The server answered HTTP 500: Injected fault: ${SYNC_CALL} answers 500`);
    expect(serverRuns()).toHaveLength(runsBefore);
    expect(info).toHaveBeenCalledWith('Orders did not synchronise with the CRM', expect.objectContaining({ kind: 'http', status: 500 }));
    // Nothing else lost: the last run is still on screen, the buttons work.
    expect(screen.getByTestId('sync-last-run').textContent).toContain(formatDateTime(first.synced_at * 1000));
    expect(figure('sent')).toBe(String(first.sent));
    expect(button('Synchronize now').disabled).toBe(false);

    await user.click(within(alert).getByText('Retry', { selector: 'button' }));
    await waitFor(() => expect(serverRuns()).toHaveLength(runsBefore + 1));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // The retry asked for the same window: the changes since the first run.
    expect(latestServerRun().since).toBe(first.synced_at);
    await waitFor(() => expect(screen.getByTestId('sync-window').textContent).toBe(`Orders changed since ${formatDateTime(first.synced_at * 1000)}`));
  });

  it('without a connection it says so, in plain words', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    renderConsoleAt('/synchronization');
    await screenShown();
    backend.current.devkit.fail(SYNC_CALL, 'offline', { times: 1 });
    await user.click(button('Synchronize now'));
    expect((await screen.findByRole('alert')).textContent).toContain('No connection: the orders were not sent to the CRM.');
    expect(screen.getByTestId('sync-not-yet')).toBeTruthy();
  });
});
