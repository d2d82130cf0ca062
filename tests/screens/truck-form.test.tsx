import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The truck form (/truck/create, /truck/edit/{id}) against the real mock handlers: what the operator sees and what the server holds. */
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

const SAVE_FAILED = 'The truck could not be saved. Your changes are kept; please try again.';
const PLATE_TAKEN = 'Another truck of the store already has this plate';

function storeId(): number {
  return (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
}
const serverTrucks = () => (backend.current.devkit.records('trucks') as WireTruck[]).filter((t) => t.store_id === storeId());
const serverTruckNamed = (name: string) => serverTrucks().find((t) => t.name === name);

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const saveButton = () => screen.getByText(/^(Save|Retry)$/, { selector: 'button' });
/** The message under a field (Joy ties it to the input with aria-describedby). */
const messageOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};
const checkedStatus = () => document.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;

async function formShown() {
  await screen.findByTestId('truck-form', {}, { timeout: 5000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

const NEW_TRUCK = { Name: 'Van 9 (Port)', 'Number plate': '9012 xyz', 'Capacity (packages)': '24', 'Driver name': 'Marta Vidal', 'Driver phone': '+34 600 111 222' };

describe('truck form', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('creates a truck (the plate in capitals as typed) and goes back to the tab of its status with "Successfully saved"', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverTrucks().length;
    renderConsoleAt('/truck/create');
    await formShown();
    expect(document.title).toBe('New truck · Store Console');
    expect(checkedStatus()).toBe('active');
    await fill(user, NEW_TRUCK);
    expect(field('Number plate').value).toBe('9012 XYZ');
    await user.click(screen.getByLabelText('In maintenance'));
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/maintenance'), { timeout: 5000 });
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverTrucks()).toHaveLength(before + 1);
    expect(serverTruckNamed('Van 9 (Port)')).toMatchObject({
      plate: '9012 XYZ',
      capacity: 24,
      driver_name: 'Marta Vidal',
      driver_phone: '+34 600 111 222',
      status: 'maintenance',
    });
    // The list shows it under its tab.
    await waitFor(() => expect(screen.getByText('Van 9 (Port)')).toBeTruthy(), { timeout: 5000 });
  });

  it('edit shows the truck’s values; saving changes the server’s record and shows the tab of its new status', async () => {
    const user = userEvent.setup({ delay: null });
    const truck = serverTrucks().find((t) => t.status === 'active')!;
    renderConsoleAt(`/truck/edit/${truck.id}`);
    await formShown();
    expect(document.title).toBe('Edit truck · Store Console');
    expect(field('Name').value).toBe(truck.name);
    expect(field('Number plate').value).toBe(truck.plate);
    expect(field('Capacity (packages)').value).toBe(String(truck.capacity));
    expect(field('Driver name').value).toBe(truck.driver_name);
    expect(field('Driver phone').value).toBe(truck.driver_phone);
    expect(checkedStatus()).toBe('active');

    await fill(user, { 'Capacity (packages)': String(truck.capacity + 5), 'Driver name': 'Nuria Ferrer' });
    await user.click(screen.getByLabelText('Inactive'));
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/inactive'), { timeout: 5000 });
    expect(serverTrucks().find((t) => t.id === truck.id)).toMatchObject({ ...truck, capacity: truck.capacity + 5, driver_name: 'Nuria Ferrer', status: 'inactive' });
  });

  it('says what is wrong with each field and sends nothing until it is right', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverTrucks().length;
    renderConsoleAt('/truck/create');
    await formShown();
    await user.click(saveButton());
    expect(await screen.findByText('Enter the truck’s name')).toBeTruthy();
    expect(messageOf('Number plate')).toBe('Enter the number plate');
    expect(messageOf('Capacity (packages)')).toBe('Enter how many packages it carries');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');

    await fill(user, { Name: 'Van 10', 'Number plate': '-x', 'Capacity (packages)': '0', 'Driver phone': 'call me' });
    await waitFor(() => expect(messageOf('Number plate')).toBe('Use 2 to 12 letters, digits, spaces or hyphens, starting with a letter or a digit'));
    await waitFor(() => expect(messageOf('Capacity (packages)')).toBe('Between 1 and 999 packages'));
    await waitFor(() => expect(messageOf('Driver phone')).toBe('Enter a valid phone number, e.g. +34 600 000 000'));
    await fill(user, { 'Capacity (packages)': '2.5' });
    await waitFor(() => expect(messageOf('Capacity (packages)')).toBe('Use a whole number of packages'));
    await user.click(saveButton());
    expect(window.location.pathname).toBe('/truck/create');
    expect(serverTrucks()).toHaveLength(before);

    await fill(user, { 'Number plate': 'V-10', 'Capacity (packages)': '10', 'Driver phone': '' });
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'), { timeout: 5000 });
    expect(serverTruckNamed('Van 10')).toMatchObject({ plate: 'V-10', capacity: 10, driver_phone: '' });
  });

  it('a plate another truck has (409) is said beside the plate; every field stays, and a new plate saves', async () => {
    const user = userEvent.setup({ delay: null });
    const taken = serverTrucks()[0];
    const before = serverTrucks().length;
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, { ...NEW_TRUCK, Name: 'Van 11', 'Number plate': taken.plate.toLowerCase() });
    await user.click(saveButton());
    expect((await screen.findByTestId('truck-save-error', {}, { timeout: 5000 })).textContent).toBe(PLATE_TAKEN);
    await waitFor(() => expect(messageOf('Number plate')).toBe(PLATE_TAKEN));
    expect(field('Number plate').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Number plate')));
    expect([field('Name').value, field('Capacity (packages)').value, field('Driver name').value, field('Driver phone').value]).toEqual([
      'Van 11',
      '24',
      'Marta Vidal',
      '+34 600 111 222',
    ]);
    expect(serverTrucks()).toHaveLength(before);

    await fill(user, { 'Number plate': '1111 AAA' });
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'), { timeout: 5000 });
    expect(serverTruckNamed('Van 11')).toMatchObject({ plate: '1111 AAA', capacity: 24 });
  });

  it('a 500 on save keeps every field and says so; Retry saves the same truck', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/trucks', 500, { times: 1 });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, { ...NEW_TRUCK, Name: 'Van 12', 'Number plate': '1212 BBB' });
    await user.click(screen.getByLabelText('Inactive'));
    await user.click(saveButton());
    expect((await screen.findByTestId('truck-save-error', {}, { timeout: 5000 })).textContent).toBe(SAVE_FAILED);
    expect(window.location.pathname).toBe('/truck/create');
    expect([field('Name').value, field('Number plate').value, field('Capacity (packages)').value, field('Driver name').value, field('Driver phone').value]).toEqual([
      'Van 12',
      '1212 BBB',
      '24',
      'Marta Vidal',
      '+34 600 111 222',
    ]);
    expect(checkedStatus()).toBe('inactive');
    expect(serverTruckNamed('Van 12')).toBeUndefined();
    expect(saveButton().textContent).toBe('Retry');

    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/inactive'), { timeout: 5000 });
    expect(serverTruckNamed('Van 12')).toMatchObject({ plate: '1212 BBB', status: 'inactive' });
  });

  it('leaving with changes asks first: Keep editing stays with everything typed, Leave goes', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, { Name: 'Half typed' });
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('Your changes to this truck are not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    expect(window.location.pathname).toBe('/truck/create');
    expect(field('Name').value).toBe('Half typed');

    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    await user.click(await screen.findByText('Leave', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'));
    expect(serverTruckNamed('Half typed')).toBeUndefined();
  });

  it('what was typed survives a reload, said to be restored; Cancel and Leave drop it', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, { Name: 'Typed before the reload', 'Capacity (packages)': '' });
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));

    cleanup();
    renderConsoleAt('/truck/create');
    await formShown();
    expect(field('Name').value).toBe('Typed before the reload');
    expect(screen.getByText('Your unsaved changes were restored.')).toBeTruthy();

    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    await user.click(await screen.findByText('Leave', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'));
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('console.draft.'))).toEqual([]);
    cleanup();
    renderConsoleAt('/truck/create');
    await formShown();
    expect(field('Name').value).toBe('');
    expect(screen.queryByText('Your unsaved changes were restored.')).toBeNull();
  });

  it('nothing typed: Cancel leaves without asking', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/truck/create');
    await formShown();
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('a truck that does not load says so and Retry loads it', async () => {
    const user = userEvent.setup({ delay: null });
    const truck = serverTrucks()[0];
    backend.current.devkit.fail('GET /stores/trucks/{id}', 503, { times: 1 });
    renderConsoleAt(`/truck/edit/${truck.id}`);
    expect(await screen.findByText('We have problems, please retry in a moment', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await formShown();
    expect(field('Name').value).toBe(truck.name);
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = renderConsoleAt('/truck/create');
    await formShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() => expect(field('Matrícula')).toBeTruthy());
    for (const label of ['Nombre', 'Capacidad (paquetes)', 'Nombre del conductor', 'Teléfono del conductor', 'Activo', 'En mantenimiento', 'Inactivo']) expect(field(label)).toBeTruthy();
    await user.click(screen.getByText('Guardar', { selector: 'button' }));
    expect(await screen.findByText('Introduce el nombre del camión')).toBeTruthy();
    expect(messageOf('Matrícula')).toBe('Introduce la matrícula');
  });
});

describe('truck form: a create whose answer is lost (issue 23)', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  let n = 0;
  let LOST = { ...NEW_TRUCK };
  // The backend lives for the whole file: each test creates a truck of its own.
  beforeEach(() => {
    n += 1;
    LOST = { ...NEW_TRUCK, Name: `Van 1${n} (lost answer)`, 'Number plate': `111${n} LAS` };
  });

  it('stored but the answer lost: the form finds the truck, says it was saved, and the server holds exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/trucks', 'lost-response', { times: 1 });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, LOST);
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'), { timeout: 5000 });
    expect(await screen.findByText('It was saved; the answer had been lost on the way')).toBeTruthy();
    expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(1);
  });

  it('not stored (offline): says it was not saved, keeps every field, and Retry creates exactly one', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/trucks', 'offline', { times: 1 });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, LOST);
    await user.click(saveButton());
    expect((await screen.findByTestId('truck-save-error', {}, { timeout: 5000 })).textContent).toBe(
      'It was not saved: the connection failed before the server stored it. Everything you typed is kept; Retry saves it.',
    );
    expect(field('Name').value).toBe(LOST.Name);
    expect(field('Number plate').value).toBe(LOST['Number plate']);
    expect(field('Driver phone').value).toBe(LOST['Driver phone']);
    expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(0);
    await user.click(saveButton());
    await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'), { timeout: 5000 });
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(1);
  });

  it('when the check cannot be made either, Retry checks again first and never creates a second truck', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('PUT /stores/trucks', 'lost-response', { times: 1 });
    backend.current.devkit.fail('GET /stores/trucks/{status}', 'offline', { times: 1 });
    renderConsoleAt('/truck/create');
    await formShown();
    await fill(user, LOST);
    await user.click(saveButton());
    // The look-up before the create failed: nothing was sent.
    expect((await screen.findByTestId('truck-save-error', {}, { timeout: 5000 })).textContent).toBe(SAVE_FAILED);
    expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(0);
    // Now the look-up before the create answers, the create's answer is lost, and so is the check's.
    let lookups = 0;
    backend.current.server.use(
      http.get(`${backend.current.ctx.apiBaseUrl}/stores/trucks/:status`, ({ request }) => {
        // Only the form's look-ups (by the typed name), not the list the saved form goes back to.
        if (!new URL(request.url).searchParams.has('search')) return undefined;
        lookups += 1;
        return lookups === 2 ? HttpResponse.error() : undefined;
      }),
    );
    try {
      await user.click(saveButton());
      // The earlier failure's message may still be on screen as the save starts: wait for the new one.
      await waitFor(
        () =>
          expect(screen.getByTestId('truck-save-error').textContent).toBe(
            'The answer was lost and we could not check whether it was saved. Retry checks first and saves only if it was not.',
          ),
        { timeout: 5000 },
      );
      expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(1);
      await user.click(saveButton());
      await waitFor(() => expect(window.location.pathname).toBe('/trucks/active'), { timeout: 5000 });
      expect(await screen.findByText('It was saved; the answer had been lost on the way')).toBeTruthy();
      expect(lookups).toBe(3);
      expect(serverTrucks().filter((t) => t.name === LOST.Name)).toHaveLength(1);
    } finally {
      backend.current.server.resetHandlers();
    }
  });
});
