import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/api/accounts';
import type { Operator } from '../../src/api/session';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/** Settings → Operators against the real mock handlers: the signed-in operator's admin profile. */
const backend = setupTestBackend();

const DEMO_EMAIL = 'demo@store.test';
const serverOperator = () => (backend.current.devkit.records('operators') as Operator[]).find((o) => o.email === DEMO_EMAIL)!;
const signedInStoreId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;

const POST_FAILED = 'Error to post admin info';
const UPDATE_FAILED = 'Error in update Admin store';

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const closeSnackbar = () => document.querySelector<HTMLElement>('button[aria-label="Close message"]')!;
const saveButton = () => screen.getByTestId('operator-profile-save');
const saveError = () => screen.findByTestId('operator-profile-save-error');

async function formShown() {
  await screen.findByTestId('operator-profile-form', {}, { timeout: 5000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

async function chooseLanguage(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByTestId('operator-language'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name);
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(option);
}

describe('settings: operators (the admin profile)', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the operator’s profile, the e-mail read-only, and the store’s operators with the signed-in one marked', async () => {
    const operator = serverOperator();
    renderConsoleAt('/settings/security');
    await formShown();
    expect(field('Name').value).toBe(operator.name_op);
    expect(field('Phone').value).toBe(operator.phone);
    const email = field('E-mail');
    expect(email.value).toBe(DEMO_EMAIL);
    expect(email.readOnly).toBe(true);
    expect(screen.getByTestId('operator-language').textContent).toBe('English');

    const storeId = signedInStoreId();
    const accounts = (backend.current.devkit.records('accounts') as Account[]).filter((a) => a.store_id === storeId && a.kind === 'operator');
    const list = screen.getByTestId('store-operators');
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(accounts.length);
    expect(items).toContain(`${DEMO_EMAIL} (you)`);
  });

  it('saves the name and phone: "Successfully saved" and the server holds them', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/security');
    await formShown();
    await fill(user, { Name: 'Alex Romero Gil', Phone: '+34 699 111 222' });
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverOperator()).toMatchObject({ name_op: 'Alex Romero Gil', phone: '+34 699 111 222', preferences: { language: 'en' } });
    expect(field('Name').value).toBe('Alex Romero Gil');
  });

  it('a refusal by the server (400) says "Error to post admin info"; everything typed stays', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverOperator();
    backend.current.devkit.fail('POST /stores/operator/profile', 400, { times: 1 });
    renderConsoleAt('/settings/security');
    await formShown();
    await fill(user, { Name: 'Refused Name', Phone: '+34 600 400 400' });
    await user.click(saveButton());
    expect((await saveError()).textContent).toBe(POST_FAILED);
    expect(document.querySelector('[role="alert"][data-severity="error"]')?.textContent).toContain(POST_FAILED);
    expect([field('Name').value, field('Phone').value]).toEqual(['Refused Name', '+34 600 400 400']);
    expect(serverOperator()).toMatchObject({ name_op: before.name_op, phone: before.phone });
    expect(saveButton().textContent).toBe('Retry');
  });

  it('a server failure (500) says "Error in update Admin store"; Retry sends the same values', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverOperator();
    backend.current.devkit.fail('POST /stores/operator/profile', 500, { times: 1 });
    renderConsoleAt('/settings/security');
    await formShown();
    await fill(user, { Name: 'Retried Name' });
    await user.click(saveButton());
    expect((await saveError()).textContent).toBe(UPDATE_FAILED);
    expect(field('Name').value).toBe('Retried Name');
    expect(serverOperator().name_op).toBe(before.name_op);

    // The operator closes the message (the next one waits for it), then retries.
    await user.click(closeSnackbar());
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverOperator().name_op).toBe('Retried Name');
    await waitFor(() => expect(screen.queryByTestId('operator-profile-save-error')).toBeNull());
  });

  it('no connection is no refusal: "Error in update Admin store"', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/security');
    await formShown();
    backend.current.devkit.fail('POST /stores/operator/profile', 'offline', { times: 1 });
    await fill(user, { Phone: '+34 600 500 500' });
    await user.click(saveButton());
    expect((await saveError()).textContent).toBe(UPDATE_FAILED);
    expect(field('Phone').value).toBe('+34 600 500 500');
  });

  it('works from the keyboard: Tab walks the fields in order, Enter saves', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/security');
    await formShown();
    field('Name').focus();
    await user.tab();
    expect(document.activeElement).toBe(field('Phone'));
    await user.tab();
    expect(document.activeElement).toBe(field('E-mail'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('operator-language'));
    await user.click(field('Name'));
    await user.clear(field('Name'));
    await user.keyboard('Alex Teclado{Enter}');
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverOperator().name_op).toBe('Alex Teclado');
  });

  it('checks the phone with the api’s rule before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverOperator();
    renderConsoleAt('/settings/security');
    await formShown();
    await fill(user, { Name: '', Phone: 'ring me' });
    await user.click(saveButton());
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('is required')).toBeTruthy();
    expect(serverOperator()).toMatchObject({ name_op: before.name_op, phone: before.phone });
  });

  it('leaving with edits asks first: Keep editing keeps them, Leave goes and the server is unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const before = serverOperator();
    renderConsoleAt('/settings/security');
    await formShown();
    await fill(user, { Name: 'Not saved yet' });
    await user.click(tabNamed('Billing'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('Your changes to your profile are not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(window.location.pathname).toBe('/settings/security');
    expect(field('Name').value).toBe('Not saved yet');

    await user.click(tabNamed('Billing'));
    await user.click(await screen.findByText('Leave', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
    expect(serverOperator().name_op).toBe(before.name_op);
  });

  // Last: it leaves the operator's language Spanish on the server.
  it('choosing Español and saving switches the console to Spanish at once, and the server keeps the preference', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/security');
    await formShown();
    await chooseLanguage(user, 'Español');
    await user.click(saveButton());
    expect(await screen.findByText('Guardado correctamente')).toBeTruthy();
    expect(serverOperator().preferences.language).toBe('es');
    await waitFor(() => expect(screen.getByText('Tu perfil de administrador')).toBeTruthy());
    expect(field('Nombre')).toBeTruthy();
    expect(screen.getByTestId('operator-language').textContent).toBe('Español');
    expect(screen.getByTestId('operator-profile-save').textContent).toBe('Guardar');
  });
});
