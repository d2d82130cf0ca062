import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../mocks/node';
import type { MapViewProps } from '../../src/ui/map';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The pickup location form (/pickup/create, /pickup/edit/{id}) against the real mock handlers.
 * The map (OpenLayers needs a canvas) is a stand-in listing its markers, with a button that
 * clicks the map at MAP_CLICK; the geocoder answers from this file.
 */
const MAP_CLICK = { lat: 39.470123456, lon: -0.376543219 };
vi.mock('../../src/ui/map', () => ({
  baseMapOf: () => ({ kind: 'offline' }),
  LazyMapView: ({ ariaLabel, markers, center, onMapClick }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel} data-testid="map" data-center={center ? `${center.lat},${center.lon}` : ''}>
      <ul>
        {markers.map((marker) => (
          <li key={marker.id} data-testid="map-marker">{`${marker.label} @ ${marker.lat},${marker.lon}`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => onMapClick?.(MAP_CLICK)}>
        Simulate map click
      </button>
    </div>
  ),
}));

const backend = setupTestBackend();

/** The geocoder: "Nowhere" matches nothing, "Broken" fails, anything else is found at FOUND. */
const FOUND = { lat: 39.4697, lon: -0.3774 };
const geocoded: Array<Record<string, string>> = [];
beforeAll(() => {
  backend.current.server.use(
    http.get(`${TEST_CONFIG.maps.geocoderUrl}/search`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      geocoded.push(query);
      if (query.q.includes('Broken')) return HttpResponse.json({ message: 'down' }, { status: 503 });
      if (query.q.includes('Nowhere')) return HttpResponse.json([]);
      return HttpResponse.json([{ lat: String(FOUND.lat), lon: String(FOUND.lon), display_name: query.q }]);
    }),
  );
});

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

const SAVE_FAILED = 'The pickup location could not be saved. Your changes are kept; please try again.';
const POSITION_REQUIRED = 'Set the position: click the map, find it from the address, or type latitude and longitude';

function storeId(): number {
  return (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
}
const serverPickups = () => (backend.current.devkit.records('pickupLocations') as WirePickup[]).filter((p) => p.store_id === storeId());
const serverPickupNamed = (name: string) => serverPickups().find((p) => p.name === name);

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const saveButton = () => screen.getByText(/^(Save|Retry)$/, { selector: 'button' });
const messageOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};
const markers = () => [...document.querySelectorAll('[data-testid="map-marker"]')].map((m) => m.textContent);
const findButton = () => screen.getByTestId('pickup-find') as HTMLButtonElement;
const findOutcome = () => screen.getByTestId('pickup-find-outcome').textContent;
const countryShown = () => screen.getByTestId('pickup-country').textContent;

async function formShown() {
  await screen.findByTestId('pickup-form', {}, { timeout: 5000 });
  // The map chunk (here the stand-in) renders inside Suspense.
  await screen.findByTestId('map');
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByTestId('pickup-country'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name);
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(option);
}

const NEW_PICKUP = {
  Name: 'Benimaclet lockers',
  Address: 'Carrer de Benimaclet 20, 46020 València',
  'Opening hours': 'Mon–Sun 08:00–22:00',
  'Contact name': 'Joan Puig',
  'Contact phone': '+34 611 222 333',
};

describe('pickup location form', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    geocoded.length = 0;
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('creates a location in the store’s country; a click on the map sets its position', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverPickups().length;
    renderConsoleAt('/pickup/create');
    await formShown();
    expect(document.title).toBe('New pickup location · Store Console');
    // The store is in Spain: a new location starts there.
    expect(countryShown()).toBe('Spain');
    expect(markers()).toEqual([]);
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['', '']);

    await fill(user, NEW_PICKUP);
    await user.click(screen.getByText('Simulate map click'));
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['39.470123', '-0.376543']);
    expect(markers()).toEqual(['Benimaclet lockers @ 39.470123,-0.376543']);
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverPickups()).toHaveLength(before + 1);
    expect(serverPickupNamed('Benimaclet lockers')).toMatchObject({
      address: NEW_PICKUP.Address,
      country: 'ES',
      lat: 39.470123,
      lon: -0.376543,
      opening_hours: NEW_PICKUP['Opening hours'],
      contact_name: 'Joan Puig',
      contact_phone: '+34 611 222 333',
    });
  });

  it('"Find from address" moves the marker to what the geocoder found, in the chosen country', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/pickup/create');
    await formShown();
    expect(findButton().disabled).toBe(true);
    expect(findOutcome()).toBe('Type the address to find it on the map.');
    await fill(user, { Name: 'Porto counter', Address: 'Rua de Santa Catarina 10, Porto' });
    await chooseCountry(user, 'Portugal');
    await user.click(findButton());
    await waitFor(() => expect(findOutcome()).toBe('Position found from the address: the marker moved there.'));
    expect(geocoded.at(-1)).toMatchObject({ q: 'Rua de Santa Catarina 10, Porto', countrycodes: 'pt' });
    expect([Number(field('Latitude').value), Number(field('Longitude').value)]).toEqual([FOUND.lat, FOUND.lon]);
    expect(markers()).toEqual([`Porto counter @ ${FOUND.lat},${FOUND.lon}`]);
    // A click on the map afterwards wins, and the look-up's message goes.
    await user.click(screen.getByText('Simulate map click'));
    expect(field('Latitude').value).toBe('39.470123');
    expect(findOutcome()).toBe('');

    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(serverPickupNamed('Porto counter')).toMatchObject({ country: 'PT', lat: 39.470123, lon: -0.376543 });
  });

  it('an address the geocoder does not know says so and leaves the position as it was', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { Address: 'Nowhere street 1' });
    await user.click(findButton());
    await waitFor(() => expect(findOutcome()).toBe('No place matches this address. Check it, or click the map where the location is.'));
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['', '']);
    expect(markers()).toEqual([]);

    // A geocoder that does not answer says that instead; Find again retries.
    await fill(user, { Address: 'Broken road 2' });
    await user.click(findButton());
    await waitFor(() => expect(findOutcome()).toBe('The address could not be looked up right now. Try again, or click the map.'));
    await fill(user, { Address: 'Carrer de Sueca 1' });
    await user.click(findButton());
    await waitFor(() => expect(findOutcome()).toBe('Position found from the address: the marker moved there.'));
  });

  it('the keyboard alone can set the position: latitude and longitude typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { ...NEW_PICKUP, Name: 'Typed position', Latitude: '39.4811', Longitude: '-0.3555' });
    expect(markers()).toEqual(['Typed position @ 39.4811,-0.3555']);
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(serverPickupNamed('Typed position')).toMatchObject({ lat: 39.4811, lon: -0.3555 });
  });

  it('says what is missing or wrong and sends nothing until it is right', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverPickups().length;
    renderConsoleAt('/pickup/create');
    await formShown();
    await user.click(saveButton());
    expect(await screen.findByText('Enter the location’s name')).toBeTruthy();
    expect(messageOf('Address')).toBe('Enter the address');
    expect(messageOf('Latitude')).toBe(POSITION_REQUIRED);
    expect(field('Longitude').getAttribute('aria-invalid')).toBe('true');
    // The position's message is said once.
    expect(screen.getAllByText(POSITION_REQUIRED)).toHaveLength(1);

    await fill(user, { Name: 'Far away', Address: 'Somewhere 1', Latitude: '95', Longitude: '-0.3', 'Contact phone': 'phone me' });
    await waitFor(() => expect(messageOf('Latitude')).toBe('Latitude goes from -90 to 90'));
    await waitFor(() => expect(messageOf('Contact phone')).toBe('Enter a valid phone number, e.g. +34 600 000 000'));
    await user.click(saveButton());
    expect(window.location.pathname).toBe('/pickup/create');
    expect(serverPickups()).toHaveLength(before);
  });

  it('a 500 on save keeps every field, the country and the position, and says so; Retry saves them', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/pickuplocation', 500, { times: 1 });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { ...NEW_PICKUP, Name: 'Retried lockers' });
    await chooseCountry(user, 'France');
    await user.click(screen.getByText('Simulate map click'));
    await user.click(saveButton());
    expect((await screen.findByTestId('pickup-save-error', {}, { timeout: 5000 })).textContent).toBe(SAVE_FAILED);
    expect(window.location.pathname).toBe('/pickup/create');
    expect(Object.keys(NEW_PICKUP).map((label) => field(label).value)).toEqual(['Retried lockers', ...Object.values(NEW_PICKUP).slice(1)]);
    expect(countryShown()).toBe('France');
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['39.470123', '-0.376543']);
    expect(serverPickupNamed('Retried lockers')).toBeUndefined();
    expect(saveButton().textContent).toBe('Retry');

    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(serverPickupNamed('Retried lockers')).toMatchObject({ country: 'FR', lat: 39.470123, lon: -0.376543, contact_name: 'Joan Puig' });
  });

  it('edit shows the location, its marker where it is; saving changes the server’s record', async () => {
    const user = userEvent.setup({ delay: null });
    const pickup = serverPickups()[0];
    renderConsoleAt(`/pickup/edit/${pickup.id}`);
    await formShown();
    expect(document.title).toBe('Edit pickup location · Store Console');
    expect(field('Name').value).toBe(pickup.name);
    expect(field('Address').value).toBe(pickup.address);
    expect(countryShown()).toBe('Spain');
    expect([Number(field('Latitude').value), Number(field('Longitude').value)]).toEqual([pickup.lat, pickup.lon]);
    expect(markers()).toEqual([`${pickup.name} @ ${pickup.lat},${pickup.lon}`]);
    expect(screen.getByTestId('map').dataset.center).toBe(`${pickup.lat},${pickup.lon}`);

    await fill(user, { 'Opening hours': 'Mon–Fri 10:00–14:00' });
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(serverPickups().find((p) => p.id === pickup.id)).toEqual({ ...pickup, opening_hours: 'Mon–Fri 10:00–14:00' });
  });

  it('leaving with changes asks first; a map click alone counts as a change', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/pickup/create');
    await formShown();
    await user.click(screen.getByText('Simulate map click'));
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('Your changes to this pickup location are not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    expect(window.location.pathname).toBe('/pickup/create');
    expect(field('Latitude').value).toBe('39.470123');
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    await user.click(await screen.findByText('Leave', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'));
  });

  it('what was typed and the position set survive a reload, said to be restored', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { Name: 'Typed before the reload' });
    await user.click(screen.getByText('Simulate map click'));
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));
    await waitFor(() => expect(JSON.stringify(Object.values(sessionStorage))).toContain('39.470123'));

    cleanup();
    renderConsoleAt('/pickup/create');
    await formShown();
    expect(field('Name').value).toBe('Typed before the reload');
    expect(field('Latitude').value).toBe('39.470123');
    expect(screen.getByText('Your unsaved changes were restored.')).toBeTruthy();
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = renderConsoleAt('/pickup/create');
    await formShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() => expect(field('Dirección')).toBeTruthy());
    for (const label of ['Nombre', 'Horario de apertura', 'Persona de contacto', 'Teléfono de contacto', 'Latitud', 'Longitud']) expect(field(label)).toBeTruthy();
    expect(countryShown()).toBe('España');
    expect(screen.getByText('Buscar por la dirección')).toBeTruthy();
    await user.click(screen.getByText('Guardar', { selector: 'button' }));
    expect(await screen.findByText('Introduce el nombre del punto')).toBeTruthy();
    expect(messageOf('Latitud')).toBe('Indica la posición: haz clic en el mapa, búscala por la dirección o escribe la latitud y la longitud');
  });
});

/** The server's records of that name. */
const named = (name: string) => serverPickups().filter((p) => p.name === name);

describe('pickup location form: a create whose answer is lost (issue 23)', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('stored but the answer lost: the form finds the location, says it was saved, and the server holds exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/pickuplocation', 'lost-response', { times: 1 });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { ...NEW_PICKUP, Name: 'Lost answer lockers' });
    await user.click(screen.getByText('Simulate map click'));
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(await screen.findByText('It was saved; the answer had been lost on the way')).toBeTruthy();
    expect(named('Lost answer lockers')).toHaveLength(1);
  });

  it('not stored (offline): says it was not saved, keeps every field and the position, and Retry creates exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/pickuplocation', 'offline', { times: 1 });
    renderConsoleAt('/pickup/create');
    await formShown();
    await fill(user, { ...NEW_PICKUP, Name: 'Offline lockers' });
    await user.click(screen.getByText('Simulate map click'));
    await user.click(saveButton());
    expect((await screen.findByTestId('pickup-save-error', {}, { timeout: 5000 })).textContent).toBe(
      'It was not saved: the connection failed before the server stored it. Everything you typed is kept; Retry saves it.',
    );
    expect([field('Name').value, field('Address').value, field('Contact phone').value]).toEqual(['Offline lockers', NEW_PICKUP.Address, NEW_PICKUP['Contact phone']]);
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['39.470123', '-0.376543']);
    expect(named('Offline lockers')).toHaveLength(0);
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/pickups'), { timeout: 5000 });
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(named('Offline lockers')).toHaveLength(1);
  });
});
