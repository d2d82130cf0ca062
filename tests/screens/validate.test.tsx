import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsPort } from '../../src/app/analytics';
import { API, postJson, setupTestBackend } from '../mocks/support';
import { renderConsoleAt } from './support';

/**
 * /auth/validate/{email}/{token} (issue 8) against the real mock handlers: the link of the
 * validation e-mail, verified ok (then sign in, with the e-mail filled, into the new store) or
 * verified error (then sign up again with the e-mail filled), and a server out of reach (Retry).
 */
const backend = setupTestBackend();

let counter = 0;
const PASSWORD = 'pa55-word-long';

/** Signs a new store up as the form would, and returns the link its validation e-mail carries. */
async function signUpAndGetLink(storeName = 'Forn Nou'): Promise<{ email: string; link: string }> {
  const email = `validate.${++counter}.${Date.now()}@newbakery.test`;
  const response = await postJson(`${API}/stores/signup`, {
    store_name: storeName,
    name_op: 'Marta Puig',
    email,
    phone: '+34 600 111 222',
    password: PASSWORD,
    country: 'ES',
    address: 'València, Carrer de la Pau 7',
    city: 'València',
    language: 'en',
  });
  if (!response.ok) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const mail = backend.current.devkit.outbox().findLast((m) => m.kind === 'signupValidation' && m.to === email);
  if (!mail) throw new Error('no validation e-mail in the outbox');
  return { email, link: mail.link };
}

const expectStep = async (step: string) => waitFor(() => expect(screen.getByTestId('validate-screen').dataset.step).toBe(step), { timeout: 5000 });

describe('validate screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('verifies the e-mail on arrival, then signs the operator in, e-mail filled, to the new store', async () => {
    const user = userEvent.setup();
    const { email, link } = await signUpAndGetLink('Forn Nou de Prova');
    const viewed: string[] = [];
    const analytics: AnalyticsPort = { pageViewed: ({ path }) => viewed.push(path) };
    const { services } = renderConsoleAt(link, { analytics });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail is verified' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(`Your store is ready. Sign in with ${email} to start.`)).toBeTruthy();
    // What the server holds: the registration validated, an operator for the e-mail.
    const registration = (backend.current.devkit.records('registrations') as Array<{ email: string; validatedAt: number | null }>).find((r) => r.email === email);
    expect(registration?.validatedAt).not.toBeNull();
    expect(services.journal.state().registration).toMatchObject({ email, email_was_verified_ok: true });
    // The one-use token never reaches analytics.
    expect(viewed).toContain('/auth/validate/{email}/{token}');
    expect(viewed.join(' ')).not.toContain(link.split('/').at(-1)!);

    await user.click(screen.getByTestId('validate-sign-in'));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // The e-mail travels in the history state, not in the address.
    expect(window.location.href).not.toContain(encodeURIComponent(email));
    expect(window.location.href).not.toContain(email);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
    expect(screen.getByTestId('signin-verified').textContent).toBe('Your e-mail is verified. Sign in to open your store.');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('store-name')[0].textContent).toBe('Forn Nou de Prova'));
  });

  it('opening the link again still reads verified (the link already did its work)', async () => {
    const { link } = await signUpAndGetLink();
    renderConsoleAt(link);
    await expectStep('verifiedOk');
    cleanup();
    renderConsoleAt(link);
    await expectStep('verifiedOk');
  });

  it('a refused link explains and offers a new one: the sign-up form with the e-mail filled', async () => {
    const user = userEvent.setup();
    const { email } = await signUpAndGetLink();
    const { services } = renderConsoleAt(`/auth/validate/${encodeURIComponent(email)}/not-the-token`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }, { timeout: 5000 })).toBeTruthy();
    expect(services.journal.state().registration).toMatchObject({ email, email_was_verified_error: true });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    await user.click(screen.getByTestId('validate-resend'));
    await screen.findByTestId('register-form', {}, { timeout: 5000 });
    expect(window.location.pathname).toBe('/auth/register');
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe(email);
  });

  it('a server out of reach says so; Retry validates', async () => {
    const user = userEvent.setup();
    const { link } = await signUpAndGetLink();
    backend.current.faults.fail('PUT /stores/signup/validate/{email}/{token}', 'offline', { times: 1 });
    renderConsoleAt(link);
    await expectStep('unreachable');
    expect(screen.getByText('We could not reach the server to validate your e-mail. Check your connection and try again.')).toBeTruthy();
    await user.click(screen.getByTestId('validate-retry'));
    await expectStep('verifiedOk');
  });

  it('speaks Spanish', async () => {
    const { link } = await signUpAndGetLink();
    const { services } = renderConsoleAt(link);
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu correo está verificado' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('validate-sign-in').textContent).toBe('Iniciar sesión');
  });
});
