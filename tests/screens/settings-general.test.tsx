import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreProfileWire } from '../../src/api/stores';
import { countryName } from '../../src/lib/countries';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/** Settings → Business Info against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

const serverStores = () => backend.current.devkit.records('stores') as StoreProfileWire[];
/** The demo operator's store as the server holds it (the session names it). */
const serverStore = (id: number) => serverStores().find((s) => s.id === id)!;
const signedInStoreId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;

const SAVE_FAILED = 'Error on store data save';
const DRAFT_RESTORED = 'Your unsaved changes were restored.';

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const closeSnackbar = () => document.querySelector<HTMLElement>('button[aria-label="Close message"]')!;
const saveButton = () => screen.getByTestId('business-info-save');
const sideNavNames = () => screen.getAllByTestId('store-name').map((el) => el.textContent);

async function formShown() {
  await screen.findByTestId('business-info-form', {}, { timeout: 5000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByTestId('business-info-country'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name);
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(option);
}

describe('settings: business info', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows what the server holds: the fields, the country by name, the position read-only', async () => {
    const store = serverStore(signedInStoreId());
    renderConsoleAt('/settings/general');
    await formShown();
    expect(field('Store name').value).toBe(store.name);
    expect(field('Description').value).toBe(store.description);
    expect(field('E-mail').value).toBe(store.email);
    expect(field('Phone').value).toBe(store.phone);
    expect(field('Street and number').value).toBe(store.address.address_print);
    expect(field('City').value).toBe(store.address.city);
    expect(field('Postal code').value).toBe(store.address.postal_code);
    expect(screen.getByTestId('business-info-country').textContent).toBe(countryName(store.address.country, 'en'));
    expect(screen.getByTestId('description-count').textContent).toBe(`${store.description.length} of 500 characters`);

    const lat = field('Latitude');
    expect(lat.readOnly).toBe(true);
    expect(Number(lat.value)).toBeCloseTo(store.address_lat ?? store.lat, 4);
    expect(Number(field('Longitude').value)).toBeCloseTo(store.address_lon ?? store.lon, 4);
    expect(screen.queryByTestId('position-source')?.textContent ?? null).toBe(store.address_lat != null ? 'From the address' : null);
  });

  it('saves: "Successfully saved", the side navigation shows the new name at once, the server holds every field', async () => {
    const user = userEvent.setup({ delay: null });
    const id = signedInStoreId();
    renderConsoleAt('/settings/general');
    await formShown();
    await waitFor(() => expect(sideNavNames()).toContain(serverStore(id).name));
    await fill(user, { 'Store name': 'Forn Nou', Description: 'Pa de massa mare', Phone: '+34 611 222 333', City: 'Xàtiva', 'Postal code': '46800' });
    expect(screen.getByTestId('description-count').textContent).toBe('16 of 500 characters');
    await chooseCountry(user, 'Portugal');
    await user.click(saveButton());

    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    await waitFor(() => expect(sideNavNames().every((name) => name === 'Forn Nou')).toBe(true));
    expect(serverStore(id)).toMatchObject({
      name: 'Forn Nou',
      description: 'Pa de massa mare',
      phone: '+34 611 222 333',
      address: { city: 'Xàtiva', postal_code: '46800', country: 'PT' },
    });
    // Saved: nothing left to lose, so another tab opens without asking.
    await user.click(tabNamed('Billing'));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('a 500 on save says "Error on store data save" and keeps everything typed; Retry saves it', async () => {
    const user = userEvent.setup({ delay: null });
    const id = signedInStoreId();
    const before = serverStore(id);
    backend.current.devkit.fail('POST /stores/profile/basic', 500, { times: 1 });
    renderConsoleAt('/settings/general');
    await formShown();
    await fill(user, { 'Store name': 'Forn del Retry', 'Street and number': 'Carrer Nou 3' });
    await user.click(saveButton());

    expect((await screen.findByTestId('business-info-save-error')).textContent).toBe(SAVE_FAILED);
    // The snackbar says it too.
    expect(document.querySelector('[role="alert"][data-severity="error"]')?.textContent).toContain(SAVE_FAILED);
    expect(field('Store name').value).toBe('Forn del Retry');
    expect(field('Street and number').value).toBe('Carrer Nou 3');
    expect(field('E-mail').value).toBe(before.email);
    expect(serverStore(id)).toMatchObject({ name: before.name, address: before.address });
    expect(sideNavNames()).toContain(before.name);
    expect(saveButton().textContent).toBe('Retry');

    // The operator closes the message (the next one waits for it), then retries.
    await user.click(closeSnackbar());
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore(id)).toMatchObject({ name: 'Forn del Retry', address: { ...before.address, address_print: 'Carrer Nou 3' } });
    await waitFor(() => expect(sideNavNames().every((name) => name === 'Forn del Retry')).toBe(true));
    expect(screen.queryByTestId('business-info-save-error')).toBeNull();
  });

  it('what was typed survives a reload after a failed save, says it was restored, and goes once saved', async () => {
    const user = userEvent.setup({ delay: null });
    const id = signedInStoreId();
    const before = serverStore(id);
    backend.current.devkit.fail('POST /stores/profile/basic', 500, { times: 1 });
    renderConsoleAt('/settings/general');
    await formShown();
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
    await fill(user, { 'Store name': 'Forn del Draft', Description: 'Typed before the reload' });
    await user.click(saveButton());
    expect((await screen.findByTestId('business-info-save-error')).textContent).toBe(SAVE_FAILED);
    expect(serverStore(id).name).toBe(before.name);

    // The page reloads: the console starts again from storage.
    cleanup();
    renderConsoleAt('/settings/general');
    await formShown();
    expect(field('Store name').value).toBe('Forn del Draft');
    expect(field('Description').value).toBe('Typed before the reload');
    expect(field('E-mail').value).toBe(before.email);
    expect(screen.getByText(DRAFT_RESTORED)).toBeTruthy();

    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore(id).name).toBe('Forn del Draft');
    await waitFor(() => expect(screen.queryByText(DRAFT_RESTORED)).toBeNull());
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('console.draft.'))).toEqual([]);

    // Saved: a reload shows what the server holds, and no notice.
    cleanup();
    renderConsoleAt('/settings/general');
    await formShown();
    expect(field('Store name').value).toBe('Forn del Draft');
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
  });

  it('Discard changes drops the draft: a reload opens on what the server holds', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore(signedInStoreId());
    renderConsoleAt('/settings/general');
    await formShown();
    await fill(user, { 'Store name': 'Forn to discard' });
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(field('Store name').value).toBe(before.name);

    cleanup();
    renderConsoleAt('/settings/general');
    await formShown();
    expect(field('Store name').value).toBe(before.name);
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
  });

  it('field messages come from the api’s schema, beside each field; nothing is sent until they are fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const id = signedInStoreId();
    const before = serverStore(id);
    renderConsoleAt('/settings/general');
    await formShown();
    await fill(user, { 'Store name': '', 'E-mail': 'not-an-email', Phone: 'call me' });
    await user.click(saveButton());
    expect(await screen.findByText('is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(serverStore(id)).toEqual(before);

    await fill(user, { 'Store name': 'Forn Validat', 'E-mail': 'hola@forn-validat.test', Phone: '+34 963 00 00 00' });
    await waitFor(() => expect(screen.queryByText('is required')).toBeNull());
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore(id)).toMatchObject({ name: 'Forn Validat', email: 'hola@forn-validat.test', phone: '+34 963 00 00 00' });
  });

  it('leaving with edits asks first: Keep editing keeps them, Leave goes; Discard changes puts the server’s values back', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore(signedInStoreId());
    renderConsoleAt('/settings/general');
    await formShown();
    await fill(user, { 'Store name': 'Not saved yet' });
    await user.click(tabNamed('Billing'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('Your changes to the business info are not saved yet.')).toBeTruthy();
    expect(window.location.pathname).toBe('/settings/general');
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(field('Store name').value).toBe('Not saved yet');

    await user.click(screen.getByText('Discard changes', { selector: 'button' }));
    await waitFor(() => expect(field('Store name').value).toBe(before.name));
    await user.click(tabNamed('Billing'));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();

    await user.click(tabNamed('Business Info'));
    await formShown();
    await fill(user, { City: 'Gandia' });
    await user.click(tabNamed('Billing'));
    await user.click(await screen.findByText('Leave', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(serverStore(signedInStoreId()).address.city).toBe(before.address.city);
  });

  it('Save is busy and disabled while the save is in flight', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.latency(400);
    renderConsoleAt('/settings/general');
    await formShown();
    await fill(user, { 'Store name': 'Forn Lent' });
    await user.click(saveButton());
    await waitFor(() => expect(saveButton().getAttribute('aria-busy')).toBe('true'));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(saveButton().textContent).toBe('Saving…');
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(saveButton().getAttribute('aria-busy')).toBe('false');
    expect(serverStore(signedInStoreId()).name).toBe('Forn Lent');
  });
});
