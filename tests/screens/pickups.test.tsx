import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend, storeCall } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The pickup locations list (/pickups) against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

interface WirePickup {
  id: number;
  store_id: number;
  name: string;
  address: string;
  country: string;
  lat: number;
  lon: number;
  opening_hours: string;
  contact_name: string;
  contact_phone: string;
}

const LIST_FAILED = 'We have problems, please retry in a moment';
const DELETE_FAILED = 'We have problems, to delete';

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

/** The store's pickup locations in the server's order (by name). */
const serverPickups = () =>
  (backend.current.devkit.records('pickupLocations') as WirePickup[])
    .filter((p) => p.store_id === session().storeId)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
const serverPickup = (id: number) => serverPickups().find((p) => p.id === id);

async function createPickup(name: string): Promise<void> {
  const body = { name, address: `Carrer de la Pau ${name.length}, València`, country: 'ES', lat: 39.47, lon: -0.37, opening_hours: '', contact_name: '', contact_phone: '' };
  const response = await storeCall('/stores/pickuplocation', session().token, { method: 'PUT', body: JSON.stringify(body) });
  expect(response.status).toBe(201);
}

// By selector and label, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="pickup-row"]')];
const listedIds = () => rows().map((row) => Number(row.dataset.pickupId));
const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="pickup-row"][data-pickup-id="${id}"]`)!;
const cell = (id: number, testId: string) => within(rowOf(id)).getByTestId(testId).textContent;
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search pickup locations by name, address or contact"]')!;
const range = () => screen.getByTestId('pickups-table-range').textContent;

async function listShown() {
  await screen.findByTestId('pickups-table-range', {}, { timeout: 5000 });
}

describe('pickup locations screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the store’s pickup locations by name, with address, country, opening hours and contact', async () => {
    backend.current.devkit.latency(100);
    renderConsoleAt('/pickups');
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0), { timeout: 5000 });
    await listShown();
    const pickups = serverPickups();
    expect(pickups.length).toBeGreaterThan(1);
    expect(listedIds()).toEqual(pickups.map((p) => p.id));
    for (const pickup of pickups) {
      expect(cell(pickup.id, 'pickup-name')).toBe(pickup.name);
      expect(cell(pickup.id, 'pickup-address')).toBe(pickup.address);
      expect(cell(pickup.id, 'pickup-country')).toBe('Spain');
      expect(cell(pickup.id, 'pickup-hours')).toBe(pickup.opening_hours);
      expect(cell(pickup.id, 'pickup-contact')).toBe(`${pickup.contact_name}${pickup.contact_phone}`);
      expect(within(rowOf(pickup.id)).getByLabelText(`Edit pickup location ${pickup.name}`).getAttribute('href')).toBe(`/pickup/edit/${pickup.id}`);
    }
    expect(range()).toBe(`1–${pickups.length} of ${pickups.length}`);
    expect(document.title).toBe('Pickup locations · Store Console');
    expect(screen.getByText('New pickup location').closest('a')?.getAttribute('href')).toBe('/pickup/create');
  });

  it('the search narrows the list (name, address or contact), keeps ?q= and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/pickups');
    await listShown();
    const target = serverPickups()[1];
    const contact = target.contact_name.split(' ')[0];
    await user.type(searchBox(), contact);
    await waitFor(() => expect(window.location.search).toBe(`?q=${encodeURIComponent(contact)}`));
    await waitFor(() => expect(listedIds()).toEqual([target.id]));

    await user.clear(searchBox());
    await user.type(searchBox(), 'zzzz');
    expect(await screen.findByText('No pickup location matches “zzzz”', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Add a pickup location').closest('a')?.getAttribute('href')).toBe('/pickup/create');
    cleanup();

    renderConsoleAt(`/pickups?q=${encodeURIComponent(contact)}`);
    await listShown();
    expect(listedIds()).toEqual([target.id]);
    expect(searchBox().value).toBe(contact);
  });

  it('shows "We have problems, please retry in a moment" when the list fails, and Retry loads it', async () => {
    backend.current.devkit.fail('GET /stores/pickuplocation', 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/pickups');
    expect(await screen.findByText(LIST_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await listShown();
    expect(listedIds()).toEqual(serverPickups().map((p) => p.id));
  });

  it('a refused delete says "We have problems, to delete"; the location stays in the list and on the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/pickups');
    await listShown();
    const before = listedIds();
    const [pickup] = serverPickups();
    backend.current.devkit.fail('DELETE /stores/pickuplocation/{id}', 503, { times: 1 });
    await user.click(screen.getByLabelText(`Delete pickup location ${pickup.name}`));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Delete pickup location ${pickup.name}?`)).toBeTruthy();
    await user.click(within(dialog).getByText('Delete'));
    expect(await screen.findByText(DELETE_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(serverPickup(pickup.id)).toBeDefined();
  });

  it('pages the list locally, 10 a page, with the page in the URL', async () => {
    const user = userEvent.setup();
    for (let i = 1; i <= 9; i++) await createPickup(`Locker ${String(i).padStart(2, '0')}`);
    const pickups = serverPickups();
    expect(pickups.length).toBeGreaterThan(10);
    renderConsoleAt('/pickups');
    await listShown();
    expect(listedIds()).toEqual(pickups.slice(0, 10).map((p) => p.id));
    expect(range()).toBe(`1–10 of ${pickups.length}`);
    // A location without hours or contact says so.
    const bare = pickups.slice(0, 10).find((p) => p.opening_hours === '' && p.contact_name === '')!;
    expect(cell(bare.id, 'pickup-hours')).toBe('Not set');
    expect(cell(bare.id, 'pickup-contact')).toBe('Not set');
    await user.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(listedIds()).toEqual(pickups.slice(10).map((p) => p.id));
    expect(range()).toBe(`11–${pickups.length} of ${pickups.length}`);
  });

  // Runs after the paging test: the location deleted is the last of page 2.
  it('deletes a location after the confirmation: it leaves the list at once and the server holds it no more', async () => {
    const user = userEvent.setup();
    const pickups = serverPickups();
    const lastPage = Math.ceil(pickups.length / 10);
    renderConsoleAt(`/pickups?page=${lastPage}`);
    await listShown();
    const shown = listedIds();
    const last = pickups.at(-1)!;
    expect(shown).toContain(last.id);
    await user.click(screen.getByLabelText(`Delete pickup location ${last.name}`));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    await waitFor(() => expect(listedIds()).not.toContain(last.id));
    expect(serverPickup(last.id)).toBeUndefined();
    expect(screen.queryByText(DELETE_FAILED)).toBeNull();
    expect(range()).toBe(`${(lastPage - 1) * 10 + 1}–${pickups.length - 1} of ${pickups.length - 1}`);
  });
});
