import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeQr, qrPathData } from '../../src/lib/qr-code';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/**
 * Settings → Devices against the real mock handlers: the API key masked until revealed, its QR
 * code, Copy, Renew (with its confirmation, its success and its failure), the allowance and
 * Unregister — what the operator sees and what the server ends up holding. And the key's
 * confinement: never in the journal, the console, analytics or the URL.
 */
const backend = setupTestBackend();

interface WireStore {
  id: number;
  apiKey: string;
  devicesAllowed: number;
  devices: Array<{ id: number; name: string; model: string; registered_at: number }>;
}

const currentStoreId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
const serverStore = () => (backend.current.devkit.records('stores') as WireStore[]).find((s) => s.id === currentStoreId())!;

const QR_LABEL = 'QR code of the API key';
const button = (name: string | RegExp, container: HTMLElement = document.body) => within(container).getByText(name, { selector: 'button' }) as HTMLButtonElement;
const shownKey = () => screen.getByTestId('api-key').textContent;
const qrCode = () => screen.queryByRole('img', { name: QR_LABEL });
/** The snackbar shows one message at a time: the next one waits until this one is closed. */
const closeSnackbar = () => document.querySelector<HTMLElement>('button[aria-label="Close message"]')!;

const consoleText = (args: unknown[]) => args.map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg)))).join(' ');

/** Everything written to the console during a test, as text (console.error/warn still reach the setup's check). */
function recordConsole(): string[] {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'debug', 'warn', 'error'] as const) {
    const original = console[level];
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(consoleText(args));
      if (level === 'error' || level === 'warn') original(...args);
    });
  }
  return lines;
}

const allowanceField = () => screen.getByLabelText('Number of devices allowed', { selector: 'input' }) as HTMLInputElement;

async function tabShown() {
  await screen.findByTestId('devices-tab', {}, { timeout: 5000 });
}

async function renew(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Renew API key'));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('Renew the API key?')).toBeTruthy();
  await user.click(button('Renew', dialog));
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settings: devices and the API key', () => {
  it('shows the key masked (•••• and its last four) and no QR code until Reveal; Hide masks it again', async () => {
    const user = userEvent.setup({ delay: null });
    const { apiKey } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    expect(shownKey()).toBe(`••••${apiKey.slice(-4)}`);
    expect(document.body.textContent).not.toContain(apiKey);
    expect(screen.getByText(`API key, hidden, ending in ${apiKey.slice(-4)}`)).toBeTruthy();
    expect(qrCode()).toBeNull();
    expect(screen.getByText('Reveal the key to show its QR code.')).toBeTruthy();

    await user.click(button('Reveal'));
    expect(shownKey()).toBe(apiKey);
    const qr = qrCode()!;
    // Named for what it is, never by the key; and it is the key's QR code.
    expect(qr.getAttribute('aria-label')).toBe(QR_LABEL);
    expect(qr.outerHTML.replace(/d="[^"]*"/, '')).not.toContain(apiKey);
    expect(qr.querySelector('path')!.getAttribute('d')).toBe(qrPathData(encodeQr(apiKey).modules));

    await user.click(button('Hide'));
    expect(shownKey()).toBe(`••••${apiKey.slice(-4)}`);
    expect(qrCode()).toBeNull();
  });

  it('Copy puts the whole key on the clipboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { apiKey } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    await user.click(button('Copy'));
    expect(await screen.findByText('API key copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(apiKey);
  });

  it('renews after a confirmation: "QR Regenerated successfully", a new key from the server, shown with its QR code', async () => {
    const user = userEvent.setup({ delay: null });
    const old = serverStore().apiKey;
    renderConsoleAt('/settings/devices');
    await tabShown();
    await user.click(button('Renew API key'));
    // Cancel renews nothing.
    await user.click(button('Cancel', await screen.findByRole('alertdialog')));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(serverStore().apiKey).toBe(old);

    await renew(user);
    expect(await screen.findByText('QR Regenerated successfully')).toBeTruthy();
    const renewed = serverStore().apiKey;
    expect(renewed).not.toBe(old);
    expect(shownKey()).toBe(renewed);
    expect(qrCode()!.querySelector('path')!.getAttribute('d')).toBe(qrPathData(encodeQr(renewed).modules));
  });

  it('a failed renewal says "Error ReNew ApiKey" and keeps the old key, on screen and on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const old = serverStore().apiKey;
    backend.current.devkit.fail('POST /stores/profile/devices/apikey', 500, { times: 1 });
    renderConsoleAt('/settings/devices');
    await tabShown();
    await user.click(button('Reveal'));
    await renew(user);
    expect(await screen.findByText('Error ReNew ApiKey')).toBeTruthy();
    expect(serverStore().apiKey).toBe(old);
    expect(shownKey()).toBe(old);
    expect(qrCode()!.querySelector('path')!.getAttribute('d')).toBe(qrPathData(encodeQr(old).modules));
    expect(button('Renew API key').disabled).toBe(false);
  });

  it('the key never reaches the journal, the console, analytics or the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const lines = recordConsole();
    const views: unknown[] = [];
    const old = serverStore().apiKey;
    backend.current.devkit.fail('POST /stores/profile/devices/apikey', 500, { times: 1 });
    const { services } = renderConsoleAt('/settings/devices', { analytics: { pageViewed: (view) => views.push(view) } });
    await tabShown();
    await user.click(button('Reveal'));
    await user.click(button('Copy'));
    await screen.findByText('API key copied');
    await user.click(closeSnackbar());
    await renew(user);
    await screen.findByText('Error ReNew ApiKey');
    await user.click(closeSnackbar());
    await renew(user);
    await screen.findByText('QR Regenerated successfully');
    const renewed = serverStore().apiKey;
    expect(shownKey()).toBe(renewed);

    const exported = JSON.stringify(services.journal.export());
    const printed = lines.join('\n');
    for (const key of [old, renewed]) {
      expect(exported).not.toContain(key);
      expect(exported).not.toContain(key.slice(8));
      expect(printed).not.toContain(key.slice(8));
      expect(JSON.stringify(views)).not.toContain(key.slice(8));
      expect(window.location.href).not.toContain(key.slice(8));
    }
    // The journal did record the store's profile (the shell loaded it): only without its key.
    expect(exported).toContain('store.profileLoaded');
    expect(views.length).toBeGreaterThan(0);
  });

  it('unregisters a device after a confirmation naming it; the server no longer has it', async () => {
    const user = userEvent.setup({ delay: null });
    const [first, ...others] = serverStore().devices;
    renderConsoleAt('/settings/devices');
    await tabShown();
    const row = screen.getByTestId(`device-${first.id}`);
    expect(within(row).getByText(first.name)).toBeTruthy();
    // The model shows in its column, and under the name on narrow screens.
    expect(within(row).getAllByText(first.model).length).toBeGreaterThan(0);
    await user.click(within(row).getByText('Unregister', { selector: 'button' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Unregister ${first.name}?`)).toBeTruthy();
    await user.click(button('Unregister', dialog));
    expect(await screen.findByText(`${first.name} was unregistered`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`device-${first.id}`)).toBeNull());
    expect(serverStore().devices.map((d) => d.id)).toEqual(others.map((d) => d.id));
  });

  it('saves the devices allowed; refuses fewer than the registered devices without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { devices, devicesAllowed } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    const field = screen.getByLabelText('Number of devices allowed', { selector: 'input' }) as HTMLInputElement;
    expect(field.value).toBe(String(devicesAllowed));
    expect(screen.getByText(`How many devices may register with the store’s API key. Registered now: ${devices.length}.`)).toBeTruthy();

    await user.clear(field);
    await user.type(field, String(devices.length - 1));
    await user.click(button('Save'));
    expect(await screen.findByText(`${devices.length} devices are registered: allow at least ${devices.length}, or unregister some first.`)).toBeTruthy();
    expect(serverStore().devicesAllowed).toBe(devicesAllowed);

    await user.clear(field);
    await user.type(field, String(devicesAllowed + 2));
    await user.click(button('Save'));
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore().devicesAllowed).toBe(devicesAllowed + 2);
  });

  it('a failed allowance save says "Error on store data save" and keeps the typed number for a retry', async () => {
    const user = userEvent.setup({ delay: null });
    const { devicesAllowed } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    // The tab loads with the same call: the fault is set once it shows.
    backend.current.devkit.fail('POST /stores/profile/devices', 500, { times: 1 });
    const field = screen.getByLabelText('Number of devices allowed', { selector: 'input' }) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, String(devicesAllowed + 3));
    await user.click(button('Save'));
    expect(await screen.findByText('Error on store data save')).toBeTruthy();
    expect(field.value).toBe(String(devicesAllowed + 3));
    expect(serverStore().devicesAllowed).toBe(devicesAllowed);

    await user.click(closeSnackbar());
    await user.click(button('Save'));
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore().devicesAllowed).toBe(devicesAllowed + 3);
  });

  it('a typed allowance survives a reload, said to be restored, until it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    const { devicesAllowed } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    const typed = String(devicesAllowed + 2);
    await user.clear(allowanceField());
    await user.type(allowanceField(), typed);
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));

    cleanup();
    renderConsoleAt('/settings/devices');
    await tabShown();
    expect(allowanceField().value).toBe(typed);
    expect(screen.getByText('Your unsaved changes were restored.')).toBeTruthy();

    await user.click(button('Save'));
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore().devicesAllowed).toBe(devicesAllowed + 2);
    await waitFor(() => expect(Object.keys(sessionStorage).filter((key) => key.startsWith('console.draft.'))).toEqual([]));
    expect(screen.queryByText('Your unsaved changes were restored.')).toBeNull();
  });

  it('a failed unregister says "Error on delete" and keeps the device, on screen and on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const [first] = serverStore().devices;
    renderConsoleAt('/settings/devices');
    await tabShown();
    backend.current.devkit.fail('POST /stores/profile/devices', 500, { times: 1 });
    await user.click(within(screen.getByTestId(`device-${first.id}`)).getByText('Unregister', { selector: 'button' }));
    await user.click(button('Unregister', await screen.findByRole('alertdialog')));
    expect(await screen.findByText('Error on delete')).toBeTruthy();
    expect(screen.getByTestId(`device-${first.id}`)).toBeTruthy();
    expect(serverStore().devices.map((d) => d.id)).toContain(first.id);
  });

  it('leaving with a new allowance not saved asks first and Keep editing keeps it; once saved, the tab is left without a question', async () => {
    const user = userEvent.setup({ delay: null });
    const { devicesAllowed } = serverStore();
    renderConsoleAt('/settings/devices');
    await tabShown();
    const field = screen.getByLabelText('Number of devices allowed', { selector: 'input' }) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, String(devicesAllowed + 1));
    await user.click(tabNamed('Billing'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('The new number of devices allowed is not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(window.location.pathname).toBe('/settings/devices');
    expect(field.value).toBe(String(devicesAllowed + 1));

    // Saved, it is no longer a change: the tab can be left without a question.
    await user.click(button('Save'));
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    await user.click(tabNamed('Billing'));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('a failed load says so with Retry, which loads the tab', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('POST /stores/profile/devices', 500, { times: 1 });
    renderConsoleAt('/settings/devices');
    expect(await screen.findByText('We have problems, please retry in a moment', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(button('Retry'));
    await tabShown();
    expect(shownKey()).toBe(`••••${serverStore().apiKey.slice(-4)}`);
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = renderConsoleAt('/settings/devices');
    await tabShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await screen.findByText('Clave API')).toBeTruthy();
    await user.click(button('Mostrar'));
    expect(screen.getByRole('img', { name: 'Código QR de la clave API' })).toBeTruthy();
    expect(button('Renovar la clave API')).toBeTruthy();
  });
});
