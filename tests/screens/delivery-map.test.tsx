import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryWire } from '../../src/api/logistics';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The delivery map (/delivery-map) against the real mock handlers: today's deliveries as markers
 * coloured by status, each truck's route from the store, the legend, the list beside the map and
 * the card of the selected delivery. The map itself is a stand-in that lists what it was given.
 */
vi.mock('../../src/screens/maps/routes-map', () => import('../support/routes-map-stand-in'));

const backend = setupTestBackend();

/** The colours a status shows in (the tag's Joy 500 shade), written out here on purpose. */
const STATUS_HEX = { pending: '#636B74', assigned: '#9A5B13', delivered: '#1F7A1F', rejected: '#C41C1C' } as const;
const STATUS_NAME = { pending: 'Pending', assigned: 'Assigned', delivered: 'Delivered', rejected: 'Rejected' } as const;

function session(): { token: string; store: { id: number; name: string; lat: number; lon: number } } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const { store } = JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number; name: string; lat: number; lon: number } };
  return { token, store };
}

/** Today's deliveries as the server has them, in time order. */
async function todayOnServer(): Promise<DeliveryWire[]> {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  const response = await fetch(`${API}/stores/delivery/search?limit=200&offset=0`, {
    method: 'POST',
    headers: { 'X-Access-Token': session().token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ date_from: start.getTime() / 1000, date_to: end.getTime() / 1000 - 1 }),
  });
  const page = (await response.json()) as { data: DeliveryWire[] };
  return page.data.toSorted((a, b) => a.delivery_date - b.delivery_date || a.id - b.id);
}

/** The store's position as the store profile gives it (address_lat/address_lon first). */
async function storePosition(): Promise<{ lat: number; lon: number }> {
  const { token, store } = session();
  const response = await fetch(`${API}/stores/profile/${store.id}`, { headers: { 'X-Access-Token': token } });
  const profile = (await response.json()) as { lat: number; lon: number; address_lat?: number | null; address_lon?: number | null };
  return { lat: profile.address_lat ?? profile.lat, lon: profile.address_lon ?? profile.lon };
}

const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const markers = () => [...screen.getByTestId('map-markers').querySelectorAll<HTMLElement>('li')];
const routes = () => [...screen.getByTestId('map-routes').querySelectorAll<HTMLElement>('li')];
const listButtons = () => [...screen.getByTestId('today-list').querySelectorAll<HTMLButtonElement>('button')];
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));

beforeEach(async () => {
  await backend.current.devkit.reset();
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
});
afterEach(() => cleanup());

describe('delivery map', () => {
  it('puts today’s deliveries on the map, coloured by status, with the store; the legend counts them', async () => {
    renderConsoleAt('/delivery-map');
    await screen.findByTestId('routes-map', {}, { timeout: 5000 });
    const today = await todayOnServer();
    expect(today.length).toBeGreaterThan(2);
    expect(document.title).toMatch(/^Delivery Map/);
    expect(screen.getByTestId('routes-map').getAttribute('aria-label')).toBe('Map of today’s deliveries and the trucks’ routes');

    const [store, ...stops] = markers();
    expect(store.dataset.id).toBe('store');
    expect(store.textContent).toBe(`Store: ${session().store.name}`);
    expect(stops.map((m) => Number(m.dataset.id))).toEqual(today.map((d) => d.id));
    today.forEach((delivery, index) => {
      expect(stops[index].dataset.color).toBe(STATUS_HEX[delivery.delivery_status]);
      expect(stops[index].textContent).toBe(`${timeOf(delivery.delivery_date)}, ${delivery.order_address}: ${STATUS_NAME[delivery.delivery_status]}`);
      expect([Number(stops[index].dataset.lat), Number(stops[index].dataset.lon)]).toEqual([delivery.lat, delivery.lon]);
    });

    const legend = [...screen.getByTestId('status-legend').querySelectorAll('li')].map((li) => li.textContent);
    const count = (status: keyof typeof STATUS_NAME) => today.filter((d) => d.delivery_status === status).length;
    expect(legend).toEqual(['assigned', 'delivered', 'pending', 'rejected'].map((s) => `${STATUS_NAME[s as keyof typeof STATUS_NAME]}: ${count(s as keyof typeof STATUS_NAME)}`));
    expect(screen.getByTestId('refreshed-at').textContent).toMatch(/^Last refreshed at \d{2}:\d{2}:\d{2}$/);
  });

  it('draws each truck’s route: from the store to its deliveries of today in time order, one colour per truck', async () => {
    renderConsoleAt('/delivery-map');
    await screen.findByTestId('routes-map', {}, { timeout: 5000 });
    const today = await todayOnServer();
    const store = await storePosition();
    const trucks = [...new Set(today.map((d) => d.delivery_truck).filter((t) => t !== ''))].sort();
    expect(trucks.length).toBeGreaterThan(0);
    expect(routes().map((r) => r.dataset.id)).toEqual(trucks.map((t) => `truck-${t}`));
    for (const [index, truck] of trucks.entries()) {
      const stops = today.filter((d) => d.delivery_truck === truck);
      expect(JSON.parse(routes()[index].textContent!)).toEqual([store, ...stops.map(({ lat, lon }) => ({ lat, lon }))]);
    }
    expect(new Set(routes().map((r) => r.dataset.color)).size).toBe(trucks.length);
    const truckLegend = [...screen.getByTestId('truck-legend').querySelectorAll('li')].map((li) => li.textContent);
    expect(truckLegend).toEqual(trucks.map((t) => `${t}: ${today.filter((d) => d.delivery_truck === t).length} stops`));
  });

  it('clicking a marker shows that delivery’s card and marks it on the map; the choice is in the URL', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/delivery-map');
    await screen.findByTestId('routes-map', {}, { timeout: 5000 });
    const today = await todayOnServer();
    const chosen = today[1];
    await user.click(within(markers().find((m) => m.dataset.id === String(chosen.id))!).getByRole('button'));
    await waitFor(() => expect(query()).toEqual({ delivery: String(chosen.id) }));
    const card = await waitFor(() => document.querySelector<HTMLElement>(`article[data-delivery-id="${chosen.id}"]`)!);
    expect(card.querySelector('h3')!.textContent).toBe(chosen.order_address);
    expect(within(card).getByText('MORE INFORMATION').getAttribute('href')).toBe(`/delivery-order/${chosen.id}/summary`);
    expect(screen.getByTestId('routes-map').dataset.selected).toBe(String(chosen.id));
    // Clicking the store selects nothing else.
    await user.click(within(markers()[0]).getByRole('button'));
    expect(query()).toEqual({ delivery: String(chosen.id) });
  });

  it('the list beside the map reaches every delivery by keyboard, in time order, and selects it', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/delivery-map');
    await screen.findByTestId('routes-map', {}, { timeout: 5000 });
    const today = await todayOnServer();
    expect(listButtons().map((b) => Number(b.dataset.deliveryId))).toEqual(today.map((d) => d.id));
    expect(listButtons()[0].textContent).toContain(timeOf(today[0].delivery_date));
    const last = listButtons().at(-1)!;
    last.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(last.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('routes-map').dataset.selected).toBe(String(today.at(-1)!.id));
    expect(document.querySelector(`article[data-delivery-id="${today.at(-1)!.id}"]`)).not.toBeNull();
  });

  it('a reload keeps the selected delivery', async () => {
    const today = await todayOnServer();
    renderConsoleAt(`/delivery-map?delivery=${today[0].id}`);
    await screen.findByTestId('routes-map', {}, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector(`article[data-delivery-id="${today[0].id}"]`)).not.toBeNull());
  });

  it('a failed first load offers Retry, which shows the map', async () => {
    backend.current.faults.fail('POST /stores/delivery/search', 500, { times: 1 });
    renderConsoleAt('/delivery-map');
    expect(await screen.findByText('We could not load today’s deliveries. Please retry in a moment.')).toBeTruthy();
    fireEvent.click(screen.getByText('Retry', { selector: 'button' }));
    expect(await screen.findByTestId('routes-map')).toBeTruthy();
  });
});
