import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Billing } from '../../src/api/settings';
import { countryName } from '../../src/lib/countries';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/** Settings → Billing against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

const signedInStoreId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
const serverBilling = (storeId: number) => (backend.current.devkit.records('billing') as Billing[]).find((b) => b.store_id === storeId);

const SAVE_FAILED = 'Error to post billing';
const SAVE_UNSUPPORTED =
  'This platform does not support saving billing details from the console. What you typed is still in the form; ask the platform to update the billing details.';

// By label text, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const closeSnackbar = () => document.querySelector<HTMLElement>('button[aria-label="Close message"]')!;
const saveButton = () => screen.getByTestId('billing-save');

async function formShown() {
  await screen.findByTestId('billing-form', {}, { timeout: 5000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByTestId('billing-country'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name);
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(option);
}

describe('settings: billing', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the store’s billing details as the server holds them', async () => {
    const billing = serverBilling(signedInStoreId())!;
    renderConsoleAt('/settings/billing');
    await formShown();
    expect(field('Legal name').value).toBe(billing.legal_name);
    expect(field('Tax id').value).toBe(billing.tax_id);
    expect(field('Billing e-mail').value).toBe(billing.billing_email);
    expect(field('Street and number').value).toBe(billing.address_print);
    expect(field('City').value).toBe(billing.city);
    expect(field('Postal code').value).toBe(billing.postal_code);
    expect(screen.getByTestId('billing-country').textContent).toBe(countryName(billing.country, 'en'));
    expect(field('IBAN').value).toBe(billing.iban);
    expect(field(billing.invoice_frequency === 'weekly' ? 'Weekly' : 'Monthly').checked).toBe(true);
    expect(screen.queryByTestId('billing-none')).toBeNull();
  });

  it('saves: "Successfully saved" and the server holds every field', async () => {
    const user = userEvent.setup({ delay: null });
    const storeId = signedInStoreId();
    const before = serverBilling(storeId)!;
    renderConsoleAt('/settings/billing');
    await formShown();
    await fill(user, { 'Legal name': 'Forn Nou S.L.', IBAN: 'ES79 2100 0813 6101 2345 6789' });
    await user.click(field(before.invoice_frequency === 'weekly' ? 'Monthly' : 'Weekly'));
    await chooseCountry(user, 'Portugal');
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverBilling(storeId)).toEqual({
      ...before,
      legal_name: 'Forn Nou S.L.',
      iban: 'ES79 2100 0813 6101 2345 6789',
      invoice_frequency: before.invoice_frequency === 'weekly' ? 'monthly' : 'weekly',
      country: 'PT',
    });
  });

  it('a 500 on save says "Error to post billing" and keeps everything typed; Retry saves it', async () => {
    const user = userEvent.setup({ delay: null });
    const storeId = signedInStoreId();
    const before = serverBilling(storeId)!;
    backend.current.devkit.fail('POST /stores/profile/billing/{id}', 500, { times: 1 });
    renderConsoleAt('/settings/billing');
    await formShown();
    await fill(user, { 'Legal name': 'Panadería Reintento S.L.', 'Tax id': 'B98765432' });
    await user.click(saveButton());
    expect((await screen.findByTestId('billing-save-error')).textContent).toBe(SAVE_FAILED);
    expect(document.querySelector('[role="alert"][data-severity="error"]')?.textContent).toContain(SAVE_FAILED);
    expect([field('Legal name').value, field('Tax id').value]).toEqual(['Panadería Reintento S.L.', 'B98765432']);
    expect(serverBilling(storeId)).toEqual(before);
    expect(saveButton().textContent).toBe('Retry');

    // The operator closes the message (the next one waits for it), then retries.
    await user.click(closeSnackbar());
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverBilling(storeId)).toEqual({ ...before, legal_name: 'Panadería Reintento S.L.', tax_id: 'B98765432' });
  });

  it.each([404, 405])('a platform without a billing save (%i) says saving billing is not supported here, and keeps everything typed', async (status) => {
    const user = userEvent.setup({ delay: null });
    const storeId = signedInStoreId();
    const before = serverBilling(storeId)!;
    backend.current.devkit.fail('POST /stores/profile/billing/{id}', status);
    renderConsoleAt('/settings/billing');
    await formShown();
    await fill(user, { 'Legal name': 'Forn Nou S.L.', 'Tax id': 'B98765432' });
    await user.click(saveButton());
    expect((await screen.findByTestId('billing-save-error')).textContent).toBe(SAVE_UNSUPPORTED);
    expect(document.querySelector('[role="alert"][data-severity="error"]')?.textContent).toContain(SAVE_UNSUPPORTED);
    expect(screen.queryByText(SAVE_FAILED)).toBeNull();
    expect([field('Legal name').value, field('Tax id').value]).toEqual(['Forn Nou S.L.', 'B98765432']);
    expect(serverBilling(storeId)).toEqual(before);
  });

  it('says so in Spanish for an operator who chose Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    backend.current.devkit.fail('POST /stores/profile/billing/{id}', 405);
    const { services } = renderConsoleAt('/settings/billing');
    await formShown();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() => expect(field('Razón social')).toBeTruthy());
    await fill(user, { 'Razón social': 'Forn Nou S.L.' });
    await user.click(saveButton());
    expect((await screen.findByTestId('billing-save-error')).textContent).toBe(
      'Esta plataforma no permite guardar los datos de facturación desde la consola. Lo que has escrito sigue en el formulario; pide a la plataforma que actualice los datos de facturación.',
    );
    expect(field('Razón social').value).toBe('Forn Nou S.L.');
  });

  it('checks the tax id, e-mail and IBAN with the api’s rules before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const storeId = signedInStoreId();
    const before = serverBilling(storeId)!;
    renderConsoleAt('/settings/billing');
    await formShown();
    await fill(user, { 'Tax id': '#', 'Billing e-mail': 'billing-at-store', IBAN: 'es12 not an iban', City: '' });
    await user.click(saveButton());
    expect(await screen.findByText('Enter a valid IBAN')).toBeTruthy();
    expect(screen.getByText('Enter a valid tax id')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('is required')).toBeTruthy();
    expect(serverBilling(storeId)).toEqual(before);
  });

  it('a store without billing details starts from a blank form, and the first save creates them', async () => {
    const user = userEvent.setup({ delay: null });
    const storeId = signedInStoreId();
    await backend.current.db.billing.delete((q) => q.where({ store_id: storeId }));
    expect(serverBilling(storeId)).toBeUndefined();
    renderConsoleAt('/settings/billing');
    await formShown();
    expect(screen.getByTestId('billing-none').textContent).toBe('The store has no billing details yet. Fill them in and save.');
    expect(field('Legal name').value).toBe('');
    expect(field('Monthly').checked).toBe(true);

    await user.click(saveButton());
    expect(await screen.findByText('Choose the country from the list')).toBeTruthy();
    await fill(user, {
      'Legal name': 'Forn Nou S.L.',
      'Tax id': 'B12345678',
      'Billing e-mail': 'factures@forn-nou.test',
      'Street and number': 'Carrer Nou 3',
      City: 'València',
      'Postal code': '46001',
      IBAN: 'ES91 2100 0418 4502 0005 1332',
    });
    await chooseCountry(user, 'Spain');
    await user.click(saveButton());
    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(serverBilling(storeId)).toEqual({
      store_id: storeId,
      legal_name: 'Forn Nou S.L.',
      tax_id: 'B12345678',
      billing_email: 'factures@forn-nou.test',
      address_print: 'Carrer Nou 3',
      city: 'València',
      postal_code: '46001',
      country: 'ES',
      iban: 'ES91 2100 0418 4502 0005 1332',
      invoice_frequency: 'monthly',
    });
  });

  it('leaving with edits asks first', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/billing');
    await formShown();
    await fill(user, { 'Legal name': 'Not saved S.L.' });
    const tab = tabNamed('Business Info');
    await user.click(tab);
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.getByText('Your changes to the billing details are not saved yet.')).toBeTruthy();
    await user.click(screen.getByText('Keep editing', { selector: 'button' }));
    expect(window.location.pathname).toBe('/settings/billing');
    expect(field('Legal name').value).toBe('Not saved S.L.');
  });
});
