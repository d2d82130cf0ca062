import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryDetailWireSchema, DeliveryWire } from '../../src/api/logistics';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';
import type * as z from 'zod';

/**
 * The delivery orders screens against the real mock handlers: the list of cards (its URL, the
 * filter drawer, paging), the card exactly as the spec describes it, and a delivery's page with
 * its summary and route tabs. The route map itself belongs to the maps module: a stand-in here
 * lists what it was given (markers and routes), which is this screen's part of the contract.
 */
vi.mock('../../src/screens/maps/routes-map', () => import('../support/routes-map-stand-in'));

const backend = setupTestBackend();

type DetailWire = z.infer<typeof DeliveryDetailWireSchema>;
interface SearchBody {
  status?: string;
  date_from?: number;
  date_to?: number;
  truck?: string;
  text?: string;
}

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

/** One page of the store's deliveries as the server answers a search, in the server's order. */
async function searchOnServer(body: SearchBody, page = 0): Promise<{ data: DeliveryWire[]; total: number }> {
  const response = await fetch(`${API}/stores/delivery/search?limit=12&offset=${page * 12}`, {
    method: 'POST',
    headers: { 'X-Access-Token': session().token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the search answered ${response.status}`);
  return (await response.json()) as { data: DeliveryWire[]; total: number };
}

async function detailOnServer(id: number): Promise<DetailWire> {
  const response = await fetch(`${API}/stores/delivery/${id}`, { headers: { 'X-Access-Token': session().token } });
  return (await response.json()) as DetailWire;
}

/** The bodies the screen sent to POST /stores/delivery/search, in order. */
const searchBodies: SearchBody[] = [];
function listenToSearches() {
  searchBodies.length = 0;
  const listener = async ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/stores/delivery/search')) searchBodies.push((await request.clone().json()) as SearchBody);
  };
  backend.current.server.events.on('request:start', listener);
  return () => backend.current.server.events.removeListener('request:start', listener);
}

// By selector and text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const cards = () => [...document.querySelectorAll<HTMLElement>('article[data-delivery-id]')];
const cardIds = () => cards().map((card) => Number(card.dataset.deliveryId));
const field = (card: HTMLElement, key: string) => card.querySelector(`[data-field="${key}"] dd`)!.textContent;
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const chips = () => [...document.querySelectorAll('ul[aria-label="Active filters"] li')].map((li) => li.textContent);
const rangeText = () => screen.getByTestId('deliveries-range').textContent;
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search by code, address, recipient, e-mail or phone"]')!;
const button = (text: string) => screen.getByText(text, { selector: 'button' });
const pad = (n: number) => String(n).padStart(2, '0');

/** The card's date, written here from the parts (not with the app's helper): YYYY/MM/DD | hh:mm, 24-hour. */
function cardDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} | ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const initials = (code: string) =>
  code
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
const localDay = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const dayBounds = (from: string, to: string) => ({
  date_from: Math.floor(new Date(`${from}T00:00:00`).getTime() / 1000),
  date_to: Math.floor(new Date(`${to}T23:59:59`).getTime() / 1000),
});

async function listShown() {
  await screen.findByTestId('deliveries-range', {}, { timeout: 5000 });
}

const drawer = {
  open: async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(button('Filters'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeNull());
  },
  status: (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input[type="radio"]' }),
  from: () => screen.getByLabelText<HTMLInputElement>('Delivery from'),
  to: () => screen.getByLabelText<HTMLInputElement>('Delivery until'),
  truckButton: () => {
    const label = screen.getByText('Truck', { selector: 'label' });
    return document.querySelector<HTMLElement>(`[aria-labelledby="${label.id}"]`)!;
  },
};

/** Chooses a truck in the drawer's select; answers every option it offered. */
async function chooseTruck(user: ReturnType<typeof userEvent.setup>, name: string): Promise<Array<string | null>> {
  await user.click(drawer.truckButton());
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name);
    expect(found).toBeDefined();
    return found!;
  });
  const offered = [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
  await user.click(option);
  await waitFor(() => expect(drawer.truckButton().textContent).toBe(name));
  return offered;
}

let stopListening: () => void = () => undefined;
beforeEach(async () => {
  await backend.current.devkit.reset();
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
  stopListening = listenToSearches();
});
afterEach(() => {
  stopListening();
  cleanup();
});

describe('delivery orders list', () => {
  it('shows the store’s deliveries as cards in the server’s order, twelve a page, each card exactly as the spec says', async () => {
    renderConsoleAt('/delivery-orders');
    await listShown();
    const server = await searchOnServer({});
    expect(server.total).toBeGreaterThan(12);
    expect(cardIds()).toEqual(server.data.map((d) => d.id));
    expect(rangeText()).toBe(`Delivery orders 1–12 of ${server.total}`);
    expect(document.title).toMatch(/^Delivery orders/);

    for (const delivery of server.data) {
      const card = cards().find((c) => Number(c.dataset.deliveryId) === delivery.id)!;
      expect(card.querySelector('[data-testid="pickup-initials"]')!.textContent).toBe(initials(delivery.pickup_code));
      expect(card.querySelector('h2')!.textContent).toBe(delivery.order_address);
      expect(field(card, 'recipient')).toBe(delivery.order_delivery_to);
      expect(field(card, 'email')).toBe(delivery.order_delivery_to_mail);
      expect(field(card, 'phone')).toBe(delivery.phone);
      expect(field(card, 'driverNotes')).toBe(delivery.delivery_driver_notes || 'None');
      expect(field(card, 'notes')).toBe(delivery.delivery_notes || 'None');
      expect(field(card, 'date')).toBe(cardDate(delivery.delivery_date));
      expect(field(card, 'packages')).toBe(String(delivery.delivery_packages));
      expect(field(card, 'truck')).toBe(delivery.delivery_truck || 'Not assigned yet');
      const tag = card.querySelector<HTMLElement>('[data-status]')!;
      expect(tag.dataset.status).toBe(delivery.delivery_status);
      expect(tag.textContent).toBe({ assigned: 'Assigned', delivered: 'Delivered', pending: 'Pending', rejected: 'Rejected' }[delivery.delivery_status]);
      const link = within(card).getByText('MORE INFORMATION');
      expect(link.getAttribute('href')).toBe(`/delivery-order/${delivery.id}/summary`);
      // The link's purpose in a list of cards: described by the card's heading.
      expect(document.getElementById(link.getAttribute('aria-describedby')!)!.textContent).toBe(delivery.order_address);
    }
    // The seed has every kind of card: a truck and none, several statuses.
    expect(new Set(server.data.map((d) => d.delivery_status)).size).toBeGreaterThan(1);
  });

  it('pages with the shared pagination; the page is in the URL and survives a reload', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/delivery-orders');
    await listShown();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(query()).toEqual({ page: '2' }));
    const second = await searchOnServer({}, 1);
    await waitFor(() => expect(cardIds()).toEqual(second.data.map((d) => d.id)));
    expect(rangeText()).toBe(`Delivery orders 13–${12 + second.data.length} of ${second.total}`);

    cleanup();
    renderConsoleAt('/delivery-orders?page=2');
    await listShown();
    expect(cardIds()).toEqual(second.data.map((d) => d.id));
  });

  it('each drawer filter reaches the search body and the cards; chips remove them one by one', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderConsoleAt('/delivery-orders');
    await listShown();
    const all = await searchOnServer({});
    const day = localDay(all.data[0].delivery_date);

    await drawer.open(user);
    await user.click(drawer.status('Delivered'));
    fireEvent.change(drawer.from(), { target: { value: day } });
    fireEvent.change(drawer.to(), { target: { value: day } });
    const offered = await chooseTruck(user, 'Van 1 (Centre)');
    // Every truck of the store is offered, whatever its status (Van 3 is in maintenance).
    expect(offered).toEqual(['All trucks', 'Van 1 (Centre)', 'Van 2 (Ruzafa)', 'Van 3']);
    await user.click(button('Apply'));

    const expected = { status: 'delivered', ...dayBounds(day, day), truck: 'Van 1 (Centre)' };
    await waitFor(() => expect(searchBodies.at(-1)).toEqual(expected));
    expect(query()).toEqual({ status: 'delivered', from: day, to: day, truck: 'Van 1 (Centre)' });
    const narrowed = await searchOnServer(expected);
    await waitFor(() => expect(cardIds()).toEqual(narrowed.data.map((d) => d.id)));
    for (const card of cards()) {
      expect(card.querySelector<HTMLElement>('[data-status]')!.dataset.status).toBe('delivered');
      expect(field(card, 'truck')).toBe('Van 1 (Centre)');
    }

    // The chips follow the URL, which the router updates in a transition after the rows (Apply runs after the drawer's frame).
    await waitFor(() => expect(chips()).toEqual(['Delivered', `Days ${day} – ${day}`, 'Truck: Van 1 (Centre)', 'Clear filters']));
    await user.click(screen.getByLabelText('Remove filter Delivered'));
    await waitFor(() => expect(searchBodies.at(-1)).toEqual({ ...dayBounds(day, day), truck: 'Van 1 (Centre)' }));
    await user.click(button('Clear filters'));
    await waitFor(() => expect(searchBodies.at(-1)).toEqual({}));
    expect(query()).toEqual({});
  });

  it('the search bar searches the text (in the body and the URL); a search nobody matches says so', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/delivery-orders');
    await listShown();
    const first = (await searchOnServer({})).data[0];
    const text = first.order_delivery_to.split(' ')[0];
    await user.type(searchBox(), text);
    await waitFor(() => expect(searchBodies.at(-1)).toEqual({ text }));
    expect(query()).toEqual({ q: text });
    const found = await searchOnServer({ text });
    await waitFor(() => expect(cardIds()).toEqual(found.data.map((d) => d.id)));

    await user.clear(searchBox());
    await user.type(searchBox(), 'zzzz-nobody');
    expect(await screen.findByText('No delivery orders match these filters')).toBeTruthy();
  });

  it('restores every filter from the URL on reload, and an unreadable value is ignored', async () => {
    renderConsoleAt('/delivery-orders?status=assigned&truck=Van%202%20(Ruzafa)&q=Carrer&from=2020-02-30&page=x');
    await waitFor(() => expect(searchBodies.at(-1)).toEqual({ status: 'assigned', truck: 'Van 2 (Ruzafa)', text: 'Carrer' }));
    expect(searchBox().value).toBe('Carrer');
  });

  it('a failed load offers Retry, which loads the cards', async () => {
    backend.current.faults.fail('POST /stores/delivery/search', 500, { times: 1 });
    renderConsoleAt('/delivery-orders');
    expect(await screen.findByText('We have problems, please retry in a moment')).toBeTruthy();
    fireEvent.click(button('Retry'));
    await listShown();
    expect(cards()).toHaveLength(12);
  });

  it('the trucks that could not be loaded are said in the drawer, and Retry loads them', async () => {
    backend.current.faults.fail('GET /stores/trucks/{status}', 503, { times: 1 });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderConsoleAt('/delivery-orders');
    await listShown();
    await drawer.open(user);
    expect(await screen.findByText('The trucks could not be loaded.')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByText('Retry', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('The trucks could not be loaded.')).toBeNull());
    await chooseTruck(user, 'Van 3');
  });
});

describe('a delivery’s page', () => {
  it('MORE INFORMATION opens the summary: every field of the card and the places of the route', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/delivery-orders');
    await listShown();
    const first = cards()[0];
    const id = Number(first.dataset.deliveryId);
    await user.click(within(first).getByText('MORE INFORMATION'));
    await waitFor(() => expect(window.location.pathname).toBe(`/delivery-order/${id}/summary`));
    const detail = await detailOnServer(id);
    await screen.findByTestId('delivery-places');
    const card = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`article[data-delivery-id="${id}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    expect(document.title).toMatch(new RegExp(`^Delivery order #${id}`));
    expect(field(card, 'date')).toBe(cardDate(detail.delivery_date));
    expect(field(card, 'recipient')).toBe(detail.order_delivery_to);
    expect(within(card).queryByText('MORE INFORMATION')).toBeNull();
    const places = [...screen.getByTestId('delivery-places').querySelectorAll('li')].map((li) => li.textContent);
    expect(places).toHaveLength(detail.places.length);
    detail.places.forEach((place, index) => {
      expect(places[index]).toContain(`Stop ${index + 1}:`);
      expect(places[index]).toContain(place.name);
      expect(places[index]).toContain(place.address);
    });
    expect(document.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Summary');
  });

  it('the route tab passes the map a marker per place and one route through them in order; the tab survives a reload', async () => {
    const id = (await searchOnServer({})).data[0].id;
    const detail = await detailOnServer(id);
    renderConsoleAt(`/delivery-order/${id}/summary`);
    const user = userEvent.setup();
    await screen.findByTestId('delivery-places');
    await user.click([...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'Route')!);
    await waitFor(() => expect(window.location.pathname).toBe(`/delivery-order/${id}/route`));

    const map = await screen.findByTestId('routes-map');
    expect(map.getAttribute('aria-label')).toBe(`Route map of delivery order #${id}`);
    const markers = [...within(map).getByTestId('map-markers').querySelectorAll('li')];
    expect(markers.map((m) => [Number(m.dataset.lat), Number(m.dataset.lon)])).toEqual(detail.places.map((p) => [p.lat, p.lon]));
    const kindName = { store: 'Store', pickup: 'Pickup point', recipient: 'Recipient' } as const;
    const glyph = { store: 'S', pickup: 'P', recipient: 'R' } as const;
    detail.places.forEach((place, index) => {
      expect(markers[index].textContent).toBe(`${kindName[place.kind]}: ${place.name}, ${place.address}`);
      expect(markers[index].dataset.glyph).toBe(glyph[place.kind]);
    });
    // One colour per kind.
    expect(new Set(markers.map((m) => m.dataset.color)).size).toBe(new Set(detail.places.map((p) => p.kind)).size);
    const routes = [...within(map).getByTestId('map-routes').querySelectorAll('li')];
    expect(routes).toHaveLength(1);
    expect(JSON.parse(routes[0].textContent!)).toEqual(detail.places.map(({ lat, lon }) => ({ lat, lon })));

    cleanup();
    renderConsoleAt(`/delivery-order/${id}/route`);
    expect(await screen.findByTestId('routes-map')).toBeTruthy();
    expect(document.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Route');
  });

  it('an unknown tab goes to the summary; an id that is not one goes to the 404 page', async () => {
    const id = (await searchOnServer({})).data[0].id;
    renderConsoleAt(`/delivery-order/${id}/nonsense`);
    await waitFor(() => expect(window.location.pathname).toBe(`/delivery-order/${id}/summary`));
    cleanup();
    renderConsoleAt(`/delivery-order/${id}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/delivery-order/${id}/summary`));
    cleanup();
    renderConsoleAt('/delivery-order/abc/summary');
    await waitFor(() => expect(window.location.pathname).toBe('/errors/error-404'));
  });

  it('a failed load offers Retry, which loads the delivery', async () => {
    const id = (await searchOnServer({})).data[0].id;
    backend.current.faults.fail('GET /stores/delivery/{id}', 503, { times: 1 });
    renderConsoleAt(`/delivery-order/${id}/summary`);
    expect(await screen.findByText('We could not load this delivery order. Please retry in a moment.')).toBeTruthy();
    fireEvent.click(button('Retry'));
    expect(await screen.findByTestId('delivery-places')).toBeTruthy();
  });
});
