import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt } from './support';

/**
 * /auth/recovery (issue 8) against the mock identity provider, through the real Firebase SDK: the
 * same confirmation whether or not the e-mail has an account (the provider writes only to a real
 * one), a provider out of reach (Retry), and an address that is not one.
 */
const backend = setupTestBackend();

type User = ReturnType<typeof userEvent.setup>;
const email = () => screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement;
const resetMailsTo = (to: string) => backend.current.devkit.outbox().filter((m) => m.kind === 'passwordReset' && m.to === to);

async function open(path = '/auth/recovery') {
  const view = renderConsoleAt(path);
  await screen.findByTestId('recovery-form', {}, { timeout: 5000 });
  return view;
}

async function send(user: User, address: string) {
  await user.clear(email());
  await user.type(email(), address);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

const CONFIRMATION = (address: string) => `If an account uses ${address}, we have sent it a link to reset the password.`;

describe('recovery screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('confirms the same way for an account and for an unknown address; only the account gets an e-mail', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Recover your password' })).toBeTruthy();
    expect(email().getAttribute('autocomplete')).toBe('email');
    const before = resetMailsTo('demo@store.test').length;
    await send(user, 'demo@store.test');
    await screen.findByTestId('recovery-sent', {}, { timeout: 5000 });
    expect(screen.getByText(CONFIRMATION('demo@store.test'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBe(document.activeElement);
    expect(resetMailsTo('demo@store.test')).toHaveLength(before + 1);

    await user.click(screen.getByRole('button', { name: 'Use another e-mail or send again' }));
    await send(user, 'nobody.here@newbakery.test');
    await screen.findByTestId('recovery-sent', {}, { timeout: 5000 });
    expect(screen.getByText(CONFIRMATION('nobody.here@newbakery.test'))).toBeTruthy();
    expect(resetMailsTo('nobody.here@newbakery.test')).toEqual([]);
  });

  it('checks the address before asking the provider', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your e-mail')).toBeTruthy();
    await send(user, 'not-an-email');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.queryByTestId('recovery-sent')).toBeNull();
  });

  it('a provider out of reach says so, keeps the address, and Retry sends it', async () => {
    const user = userEvent.setup();
    await open();
    backend.current.faults.fail('POST identitytoolkit/v1/accounts:sendOobCode', 'offline', { times: 1 });
    await send(user, 'demo@store.test');
    expect((await screen.findByTestId('recovery-unreachable', {}, { timeout: 5000 })).textContent).toContain(
      'We could not reach the password service. Check your connection and try again.',
    );
    expect(email().value).toBe('demo@store.test');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('recovery-sent', {}, { timeout: 5000 });
  });

  it('fills the e-mail handed over in the history state and goes back to sign in with it, never in the URL; the sign-in page links here', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/auth/recovery', {}, { email: 'demo@store.test' });
    await screen.findByTestId('recovery-form', {}, { timeout: 5000 });
    expect(email().value).toBe('demo@store.test');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@store.test'));
    expect(window.location.pathname + window.location.search).toBe('/auth/login');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByTestId('recovery-form');
    expect(window.location.pathname).toBe('/auth/recovery');
  });

  it('speaks Spanish', async () => {
    const { services } = await open();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar la contraseña' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeTruthy();
  });
});
