import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../setup';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt } from './support';

/**
 * The sign-in screen and the shell, rendered in happy-dom against the real mock handlers
 * (msw/node) and the real Firebase SDK: what the operator sees, and what the server then holds.
 */
const backend = setupTestBackend();

function renderConsole() {
  return renderConsoleAt('/auth/login', { demoAccount: { email: 'demo@store.test', password: 'demo1234' } }).services;
}

describe('sign-in screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('labels its fields, signs in and shows the shell with the store', async () => {
    const user = userEvent.setup();
    const services = renderConsole();
    await user.type(await screen.findByLabelText('Email'), 'demo@store.test');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/overview');
    await waitFor(() => expect(screen.getAllByTestId('store-name')[0].textContent).toBe('Forn de la Llotja'));
    // What the server holds: one open session for the operator, whose token the tab stored.
    const stored = JSON.parse(sessionStorage.getItem('console.session') ?? '{}') as { token?: string };
    const sessions = backend.current.devkit.records('sessions') as Array<{ token: string }>;
    expect(sessions.map((s) => s.token)).toContain(stored.token);
    expect(services.journal.state().session.user?.operator.email).toBe('demo@store.test');
  });

  it('tells the operator what is missing before any call', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
  });

  it('puts the focus on the first field with a problem, and checks again as the operator types', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText('Enter your e-mail');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '  demo@store.test ');
    await waitFor(() => expect(screen.queryByText('Enter your e-mail')).toBeNull());
    expect(screen.getByText('Enter your password')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await waitFor(() => expect(screen.queryByText('Enter your password')).toBeNull());
    // What the operator typed stays as typed; the sign-in goes with the e-mail trimmed.
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });

  it('keeps e-mail and password after a refused sign-in and lets the operator retry', async () => {
    expectConsoleError(/INVALID_LOGIN_CREDENTIALS|auth\/invalid-credential/);
    const user = userEvent.setup();
    renderConsole();
    await user.type(await screen.findByLabelText('Email'), 'demo@store.test');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Invalid e-mail or password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@store.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('demo12345');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 })).toBeTruthy();
  });

  it('reads "There\'s nothing here..." in the notifications popover of a store without notifications', async () => {
    await backend.current.db.stores.updateMany((q) => q.where({ id: () => true }), {
      data(store) {
        store.notifications = [];
      },
    });
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Use demo account' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog.textContent).toContain("There's nothing here...");
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('takes an operator sent to sign in from a guarded page back to that page once signed in', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), 'demo@store.test');
    expect(window.location.pathname).toBe('/auth/login');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/operations/orders/pending');
  });

  it('fills the demo account with one click', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Use demo account' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@store.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('demo1234');
  });
});
