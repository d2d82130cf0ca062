import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/api/accounts';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * User/Devices (/accounts) against the real mock handlers: the store's operator and device
 * accounts, paged, searched and narrowed by kind, all in the URL.
 */
const backend = setupTestBackend();

function storeId(): number {
  return (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
}
const serverAccounts = () => (backend.current.devkit.records('accounts') as Account[]).filter((a) => a.store_id === storeId());

// By selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('table tbody tr')];
const holders = () => rows().map((row) => row.querySelector('th')!.textContent);
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search by holder or store"]')!;
const radio = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input[type="radio"]' });

async function tableShown() {
  await screen.findByTestId('accounts-range', {}, { timeout: 5000 });
}

beforeEach(async () => {
  await backend.current.devkit.reset();
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
});
afterEach(() => cleanup());

describe('User/Devices', () => {
  it('lists the store’s operator and device accounts with their kind, holder and store', async () => {
    renderConsoleAt('/accounts');
    await tableShown();
    const accounts = serverAccounts();
    expect(accounts.some((a) => a.kind === 'device')).toBe(true);
    expect(accounts.some((a) => a.kind === 'operator')).toBe(true);
    expect(document.title).toMatch(/^User\/Devices/);
    expect(rows()).toHaveLength(Math.min(10, accounts.length));
    for (const row of rows()) {
      const account = accounts.find((a) => a.holder === row.querySelector('th')!.textContent)!;
      expect(account).toBeDefined();
      expect(row.dataset.kind).toBe(account.kind);
      expect(row.querySelectorAll('td')[0].textContent).toBe(account.kind === 'device' ? 'Device' : 'Operator');
      expect(row.querySelectorAll('td')[1].textContent).toBe(account.store_name);
      expect(row.querySelector('svg')).not.toBeNull();
    }
  });

  it('narrows to one kind, in the URL, and back to all', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/accounts');
    await tableShown();
    await user.click(radio('Devices'));
    await waitFor(() => expect(query()).toEqual({ kind: 'device' }));
    const devices = serverAccounts().filter((a) => a.kind === 'device');
    await waitFor(() => expect(holders().sort()).toEqual(devices.map((a) => a.holder).sort()));
    expect(radio('Devices').checked).toBe(true);

    await user.click(radio('All'));
    await waitFor(() => expect(query()).toEqual({}));
    await waitFor(() => expect(rows()).toHaveLength(Math.min(10, serverAccounts().length)));
  });

  it('searches by holder (typing pauses, then the URL and the table follow)', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/accounts');
    await tableShown();
    const target = serverAccounts().find((a) => a.kind === 'operator' && a.holder !== 'demo@store.test')!;
    await user.type(searchBox(), target.holder.slice(0, 6));
    await waitFor(() => expect(query()).toEqual({ q: target.holder.slice(0, 6) }));
    await waitFor(() => expect(holders()).toContain(target.holder));
    expect(holders().every((h) => h!.toLowerCase().includes(target.holder.slice(0, 6).toLowerCase()))).toBe(true);
  });

  it('a search nobody matches says so', async () => {
    renderConsoleAt('/accounts?q=zzzz-nobody');
    expect(await screen.findByText('No accounts match this search')).toBeTruthy();
  });

  it('restores kind, search and page from the URL on reload', async () => {
    renderConsoleAt('/accounts?kind=operator&q=demo');
    await tableShown();
    expect(holders()).toEqual(['demo@store.test']);
    expect(radio('Operators').checked).toBe(true);
    expect(searchBox().value).toBe('demo');
  });

  it('pages with the shared pagination when the store has more than ten accounts', async () => {
    const existing = serverAccounts();
    const store = existing[0];
    for (let i = 0; i < 12; i++) {
      await backend.current.ctx.db.accounts.create({ id: 9000 + i, store_id: store.store_id, store_name: store.store_name, kind: 'device', holder: `Scanner ${String(i).padStart(2, '0')}` });
    }
    const user = userEvent.setup();
    renderConsoleAt('/accounts');
    await tableShown();
    const total = existing.length + 12;
    expect(screen.getByTestId('accounts-range').textContent).toBe(`Accounts 1–10 of ${total}`);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(query()).toEqual({ page: '2' }));
    await waitFor(() => expect(screen.getByTestId('accounts-range').textContent).toBe(`Accounts 11–${Math.min(20, total)} of ${total}`));
  });

  it('a failed load offers Retry, which loads the accounts', async () => {
    backend.current.faults.fail('GET /stores/accounts', 500, { times: 1 });
    renderConsoleAt('/accounts');
    expect(await screen.findByText('We have problems, please retry in a moment')).toBeTruthy();
    fireEvent.click(screen.getByText('Retry', { selector: 'button' }));
    await tableShown();
    expect(rows().length).toBeGreaterThan(0);
  });
});
