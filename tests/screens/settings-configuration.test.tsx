import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accentPalette, contrastRatio, readableOnLightSurfaces } from '../../src/lib/accent-palette';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * Settings → Configuration against the real mock handlers: the SMS switch and text (with its
 * live count and the one-SMS limit), the store's colour (picker, hex code, preview), saving and
 * a failed save, the unsaved-changes prompt, and the console's accent following the saved colour.
 */
const backend = setupTestBackend();

interface WireStore {
  id: number;
  sms_send: boolean;
  sms_text: string;
  color: string;
}

const currentStoreId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
const serverStore = () => (backend.current.devkit.records('stores') as WireStore[]).find((s) => s.id === currentStoreId())!;

const field = <T extends HTMLElement = HTMLInputElement>(label: string, selector = 'input') => screen.getByLabelText(label, { selector }) as unknown as T;
const smsText = () => field<HTMLTextAreaElement>('SMS text', 'textarea');
const smsSwitch = () => field('Send customers an SMS about their order');
const hexField = () => field('Colour code');
const saveButton = () => screen.getByTestId('configuration-save') as HTMLButtonElement;

/** --joy-palette-primary-500 as Joy's CSS variables declare it now (light scheme, the default). */
function accent500(): string | null {
  return getComputedStyle(document.documentElement).getPropertyValue('--joy-palette-primary-500').trim().toLowerCase() || null;
}

async function formShown() {
  await screen.findByTestId('configuration-form', {}, { timeout: 5000 });
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await storeSignedInSession();
});
afterEach(() => cleanup());

describe('settings: configuration', () => {
  it('shows what the server holds, with the text’s count "{n}/160" following every keystroke', async () => {
    const user = userEvent.setup({ delay: null });
    const store = serverStore();
    renderConsoleAt('/settings/configuration');
    await formShown();
    expect(smsSwitch().checked).toBe(store.sms_send);
    expect(smsText().value).toBe(store.sms_text);
    expect(hexField().value).toBe(store.color);
    expect((field('Pick the store colour').value).toLowerCase()).toBe(store.color.toLowerCase());
    expect(screen.getByTestId('sms-count').textContent).toBe(`${store.sms_text.length}/160`);
    expect(screen.getByText(`${store.sms_text.length} of 160 characters`)).toBeTruthy();

    await user.clear(smsText());
    expect(screen.getByTestId('sms-count').textContent).toBe('0/160');
    await user.type(smsText(), 'Your order is ready');
    expect(screen.getByTestId('sms-count').textContent).toBe('19/160');
  });

  it('refuses a text over one SMS with the schema’s message and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    renderConsoleAt('/settings/configuration');
    await formShown();
    await user.clear(smsText());
    await user.click(smsText());
    await user.paste('x'.repeat(161));
    expect(screen.getByTestId('sms-count').textContent).toBe('161/160');
    await user.click(saveButton());
    expect(await screen.findByText('At most 160 characters')).toBeTruthy();
    expect(serverStore()).toEqual(before);

    await user.type(smsText(), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('At most 160 characters')).toBeNull());
    expect(screen.getByTestId('sms-count').textContent).toBe('160/160');
  });

  it('saves: "Successfully saved", the server holds the values, and the accent follows the new colour at once', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    const { services } = renderConsoleAt('/settings/configuration');
    await formShown();
    await waitFor(() => expect(accent500()).not.toBeNull());
    expect(accent500()).not.toBe('#1f6f8b');

    await user.click(smsSwitch());
    await user.clear(smsText());
    await user.type(smsText(), 'Hi! Your surprise bag is ready at the counter.');
    await user.clear(hexField());
    await user.type(hexField(), '#1F6F8B');
    expect(screen.getByTestId('color-swatch').getAttribute('data-color')).toBe('#1f6f8b');
    expect(field('Pick the store colour').value).toBe('#1f6f8b');
    await user.click(saveButton());

    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverStore()).toEqual({ ...before, sms_send: !before.sms_send, sms_text: 'Hi! Your surprise bag is ready at the counter.', color: '#1F6F8B' });
    await waitFor(() => expect(accent500()).toBe('#1f6f8b'));
    const saved = services.journal.export().events.filter((event) => event.type === 'store.profileSaved');
    expect(saved).toHaveLength(1);
    expect(JSON.stringify(saved)).not.toContain('apiKey');
  });

  it('a colour too light for text on white gives a darker accent that still reads', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/configuration');
    await formShown();
    await user.clear(hexField());
    await user.type(hexField(), '#FFD54F');
    // The preview shows the accent the colour gives before it is saved.
    expect(screen.getByTestId('accent-sample').textContent).toBe('Sample button');
    await user.click(saveButton());
    await screen.findByText('Successfully saved');
    expect(serverStore().color).toBe('#FFD54F');
    await waitFor(() => expect(accent500()).toBe(readableOnLightSurfaces('#ffd54f')));
    expect(contrastRatio(accent500()!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses a colour that is not # and six hex digits', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    renderConsoleAt('/settings/configuration');
    await formShown();
    await user.clear(hexField());
    await user.type(hexField(), '#12G');
    await user.click(saveButton());
    expect(await screen.findByText('Enter # and six hexadecimal digits, for example #1F6F8B')).toBeTruthy();
    expect(serverStore()).toEqual(before);
  });

  it('a failed save says "Error on store data save" and keeps every value; Retry saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverStore();
    backend.current.devkit.fail('POST /stores/profile/config', 500, { times: 1 });
    renderConsoleAt('/settings/configuration');
    await formShown();
    await user.clear(smsText());
    await user.type(smsText(), 'Kept after a failure');
    await user.clear(hexField());
    await user.type(hexField(), '#3F8F4E');
    await user.click(saveButton());

    expect((await screen.findByTestId('configuration-save-error')).textContent).toBe('Error on store data save');
    expect([smsText().value, hexField().value]).toEqual(['Kept after a failure', '#3F8F4E']);
    expect(serverStore()).toEqual(before);
    expect(saveButton().textContent).toBe('Retry');

    // The snackbar said it too; it shows one message at a time.
    await user.click(document.querySelector<HTMLElement>('button[aria-label="Close message"]')!);
    await user.click(saveButton());
    await screen.findByText('Successfully saved');
    expect(serverStore()).toMatchObject({ sms_text: 'Kept after a failure', color: '#3F8F4E' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/configuration');
    await formShown();
    await user.type(smsText(), ' more');
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    expect(await screen.findByText('Your changes to the configuration are not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    expect(window.location.pathname).toBe('/settings/configuration');
    expect(smsText().value.endsWith(' more')).toBe(true);
  });

  it('speaks Spanish when the operator chose Spanish', async () => {
    const { services } = renderConsoleAt('/settings/configuration');
    await formShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await screen.findByText('SMS a los clientes')).toBeTruthy();
    expect(field<HTMLTextAreaElement>('Texto del SMS', 'textarea')).toBeTruthy();
    expect(field('Código del color')).toBeTruthy();
  });
  it('paints the accent remembered for the store before its profile arrives, and remembers a saved one', async () => {
    const store = serverStore();
    // The store's profile is slow to come: the colour remembered for this store shows meanwhile.
    localStorage.setItem('console.accent', JSON.stringify({ storeId: store.id, color: '#1f6f8b' }));
    backend.current.devkit.latency(300);
    renderConsoleAt('/settings/configuration');
    const remembered = accentPalette('#1f6f8b')[500].toLowerCase();
    await waitFor(() => expect(accent500()).toBe(remembered));
    expect(screen.queryByTestId('configuration-form')).toBeNull();
    await formShown();
    // The profile's own colour then takes over and is what a reload will remember.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('console.accent')!)).toEqual({ storeId: store.id, color: store.color }));
    expect(accent500()).not.toBe(remembered);
  });

  it('ignores an accent remembered for another store', async () => {
    const store = serverStore();
    localStorage.setItem('console.accent', JSON.stringify({ storeId: store.id + 1000, color: '#1f6f8b' }));
    backend.current.devkit.latency(300);
    renderConsoleAt('/settings/configuration');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Joy's default (brand) palette: the remembered colour of another store is not used.
    expect(accent500()).not.toBe(accentPalette('#1f6f8b')[500].toLowerCase());
    await formShown();
  });
});
