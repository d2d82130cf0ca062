import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend, storeCall } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The trucks list (/trucks/{status}) against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

interface WireTruck {
  id: number;
  store_id: number;
  name: string;
  plate: string;
  capacity: number;
  driver_name: string;
  driver_phone: string;
  status: 'active' | 'maintenance' | 'inactive';
}

const LIST_FAILED = 'We have problems, please retry in a moment';
const DELETE_FAILED = 'We have problems, to delete';

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

const serverTrucks = () => (backend.current.devkit.records('trucks') as WireTruck[]).filter((t) => t.store_id === session().storeId);
const serverTruck = (id: number) => serverTrucks().find((t) => t.id === id);
/** The store's trucks of a status in the server's order (by name). */
const trucksOf = (status: WireTruck['status']) =>
  serverTrucks()
    .filter((t) => t.status === status)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);

async function createTruck(truck: Omit<WireTruck, 'id' | 'store_id'>): Promise<WireTruck> {
  const response = await storeCall('/stores/trucks', session().token, { method: 'PUT', body: JSON.stringify(truck) });
  expect(response.status).toBe(201);
  return (await response.json()) as WireTruck;
}

// By selector and label, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="truck-row"]')];
const listedIds = () => rows().map((row) => Number(row.dataset.truckId));
const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="truck-row"][data-truck-id="${id}"]`)!;
const cell = (id: number, testId: string) => within(rowOf(id)).getByTestId(testId).textContent;
const deleteButtonOf = (name: string) => screen.getByLabelText(`Delete truck ${name}`);
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search trucks by name, plate or driver"]')!;
const tabNamed = (text: string) => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === text)!;
const selectedTab = () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
const range = () => screen.getByTestId('trucks-table-range').textContent;

async function listShown() {
  await screen.findByTestId('trucks-table-range', {}, { timeout: 5000 });
}

describe('trucks screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the store’s active trucks by name, with plate, capacity, driver, phone and status, after a loading state', async () => {
    backend.current.devkit.latency(100);
    renderConsoleAt('/trucks/active');
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0), { timeout: 5000 });
    await listShown();
    const active = trucksOf('active');
    expect(active.length).toBeGreaterThan(1);
    expect(listedIds()).toEqual(active.map((t) => t.id));
    for (const truck of active) {
      expect(cell(truck.id, 'truck-name')).toBe(truck.name);
      expect(cell(truck.id, 'truck-plate')).toBe(truck.plate);
      expect(cell(truck.id, 'truck-capacity')).toBe(`${truck.capacity} packages`);
      expect(cell(truck.id, 'truck-driver')).toBe(truck.driver_name);
      expect(cell(truck.id, 'truck-phone')).toBe(truck.driver_phone);
      expect(cell(truck.id, 'truck-status')).toBe('Active');
      expect(within(rowOf(truck.id)).getByLabelText(`Edit truck ${truck.name}`).getAttribute('href')).toBe(`/truck/edit/${truck.id}`);
      expect(within(rowOf(truck.id)).getByTestId('truck-name').getAttribute('href')).toBe(`/truck/edit/${truck.id}`);
    }
    expect(range()).toBe(`1–${active.length} of ${active.length}`);
    expect(selectedTab()).toBe('Active');
    expect(document.title).toBe('Trucks · Store Console');
    expect(screen.getByText('New truck').closest('a')?.getAttribute('href')).toBe('/truck/create');
  });

  it('/trucks goes to the Active tab; each status is a tab whose URL survives a reload', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/trucks');
    await listShown();
    expect(window.location.pathname).toBe('/trucks/active');
    await user.click(tabNamed('In maintenance'));
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/maintenance'));
    const maintenance = trucksOf('maintenance');
    expect(maintenance.length).toBeGreaterThan(0);
    await waitFor(() => expect(listedIds()).toEqual(maintenance.map((t) => t.id)));
    for (const truck of maintenance) expect(cell(truck.id, 'truck-status')).toBe('In maintenance');
    cleanup();

    // A reload on the tab opens it.
    renderConsoleAt('/trucks/maintenance');
    await listShown();
    expect(selectedTab()).toBe('In maintenance');
    expect(listedIds()).toEqual(maintenance.map((t) => t.id));
  });

  it('a tab with no trucks says so and offers to add one', async () => {
    expect(trucksOf('inactive')).toEqual([]);
    renderConsoleAt('/trucks/inactive');
    expect(await screen.findByText('No inactive trucks', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Add a truck').closest('a')?.getAttribute('href')).toBe('/truck/create');
    expect(rows()).toEqual([]);
  });

  it('any other tab is the 404 page', async () => {
    renderConsoleAt('/trucks/parked');
    await waitFor(() => expect(window.location.pathname).toBe('/errors/error-404'), { timeout: 5000 });
  });

  it('the search narrows the list once typing pauses, keeps ?q= in the URL and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/trucks/active');
    await listShown();
    const [, second] = trucksOf('active');
    const driverFirstName = second.driver_name.split(' ')[0];
    await user.type(searchBox(), driverFirstName.toLowerCase());
    await waitFor(() => expect(window.location.search).toBe(`?q=${encodeURIComponent(driverFirstName.toLowerCase())}`));
    await waitFor(() => expect(listedIds()).toEqual([second.id]));

    await user.clear(searchBox());
    await user.type(searchBox(), 'zzzz');
    expect(await screen.findByText('No truck matches “zzzz”', {}, { timeout: 5000 })).toBeTruthy();
    expect(rows()).toEqual([]);
    cleanup();

    // The search survives a reload, in the box and in the list.
    renderConsoleAt(`/trucks/active?q=${encodeURIComponent(second.plate)}`);
    await listShown();
    expect(listedIds()).toEqual([second.id]);
    expect(searchBox().value).toBe(second.plate);
  });

  it('shows "We have problems, please retry in a moment" when the list fails, and Retry loads it', async () => {
    backend.current.devkit.fail('GET /stores/trucks/{status}', 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/trucks/active');
    expect(await screen.findByText(LIST_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    expect(rows()).toEqual([]);
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await listShown();
    expect(listedIds()).toEqual(trucksOf('active').map((t) => t.id));
    expect(screen.queryByText(LIST_FAILED)).toBeNull();
  });

  it('Cancel in the confirmation keeps the truck', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/trucks/active');
    await listShown();
    const [truck] = trucksOf('active');
    await user.click(deleteButtonOf(truck.name));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Delete truck ${truck.name}?`)).toBeTruthy();
    await user.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(listedIds()).toContain(truck.id);
    expect(serverTruck(truck.id)).toBeDefined();
  });

  it('a refused delete says "We have problems, to delete" and the truck stays in the list and on the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/trucks/active');
    await listShown();
    const before = listedIds();
    const [truck] = trucksOf('active');
    backend.current.devkit.fail('DELETE /stores/trucks/{id}', 500, { times: 1 });
    backend.current.devkit.latency(300);
    await user.click(deleteButtonOf(truck.name));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    // While the server answers, the row stays (busy).
    await waitFor(() => expect(rowOf(truck.id).getAttribute('aria-busy')).toBe('true'));
    expect(await screen.findByText(DELETE_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(rowOf(truck.id).getAttribute('aria-busy')).toBeNull();
    expect(serverTruck(truck.id)).toBeDefined();
  });

  it('pages the list locally, 10 a page, with the page in the URL', async () => {
    const user = userEvent.setup();
    for (let i = 1; i <= 10; i++) {
      await createTruck({ name: `Fleet van ${String(i).padStart(2, '0')}`, plate: `PG ${1000 + i}`, capacity: 20, driver_name: '', driver_phone: '', status: 'active' });
    }
    const active = trucksOf('active');
    expect(active.length).toBeGreaterThan(10);
    renderConsoleAt('/trucks/active');
    await listShown();
    expect(listedIds()).toEqual(active.slice(0, 10).map((t) => t.id));
    expect(range()).toBe(`1–10 of ${active.length}`);
    // A truck without a driver says so.
    const driverless = active.slice(0, 10).find((t) => t.driver_name === '')!;
    expect(cell(driverless.id, 'truck-driver')).toBe('Not set');

    await user.click(screen.getByLabelText('Page 2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(listedIds()).toEqual(active.slice(10).map((t) => t.id));
    expect(range()).toBe(`11–${active.length} of ${active.length}`);
    cleanup();

    renderConsoleAt('/trucks/active?page=2');
    await listShown();
    expect(listedIds()).toEqual(active.slice(10).map((t) => t.id));
    cleanup();

    // A page past the end shows the last one.
    renderConsoleAt('/trucks/active?page=9');
    await listShown();
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(listedIds()).toEqual(active.slice(10).map((t) => t.id));
  });

  it('deletes a truck after the confirmation: it leaves the list at once and the server holds it no more', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/trucks/maintenance');
    await listShown();
    // The seeded store has one truck in maintenance: deleting it empties the tab.
    const [truck] = trucksOf('maintenance');
    expect(listedIds()).toEqual([truck.id]);
    await user.click(deleteButtonOf(truck.name));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByText('Delete'));
    expect(await screen.findByText('No trucks in maintenance')).toBeTruthy();
    expect(listedIds()).toEqual([]);
    expect(serverTruck(truck.id)).toBeUndefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(DELETE_FAILED)).toBeNull();
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const { services } = renderConsoleAt('/trucks/active');
    await listShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() => expect(selectedTab()).toBe('Activos'));
    const [truck] = trucksOf('active');
    expect(cell(truck.id, 'truck-status')).toBe('Activo');
    expect(cell(truck.id, 'truck-capacity')).toBe(`${truck.capacity} paquetes`);
    expect(screen.getByLabelText(`Eliminar el camión ${truck.name}`)).toBeTruthy();
    expect(screen.getByText('Nuevo camión')).toBeTruthy();
  });
});
