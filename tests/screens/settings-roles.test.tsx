import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counterOperator, demoOperator } from '../../scenarios/default';
import { ROLES } from '../../src/api/permissions';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * Settings and the roles the platform grants (issue 23): the console takes the operator's role from
 * the platform's answers, never from its stored copy, and says clearly when the platform refuses a
 * call to the operator's role.
 */
const backend = setupTestBackend();

const FORBIDDEN = "Only a store administrator can change this. Ask your store's administrator.";

/** The operator's record on the server acts in `role` alone from now on. */
async function serverGrants(email: string, role: string) {
  await backend.current.db.operators.update((q) => q.where({ email }), {
    data(draft) {
      draft.role = role;
      draft.rolesList = { roles: [role] };
    },
  });
}

describe('settings: the role the platform grants', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await serverGrants(demoOperator.email, ROLES.admin);
  });
  afterEach(async () => {
    cleanup();
    await serverGrants(demoOperator.email, ROLES.admin);
  });

  it('a stored operator edited to STORE_ADMIN does not get Settings once the platform answers STORE_OPERATOR', async () => {
    await storeSignedInSession(counterOperator.email, counterOperator.password);
    const stored = JSON.parse(localStorage.getItem('console.user')!) as { operator: { role: string; rolesList: { roles: string[] } } };
    stored.operator.role = ROLES.admin;
    stored.operator.rolesList = { roles: [ROLES.admin, ROLES.operator] };
    localStorage.setItem('console.user', JSON.stringify(stored));

    renderConsoleAt('/settings/general');
    await waitFor(() => expect(window.location.pathname).toBe('/errors/error-401'), { timeout: 5000 });
    expect(screen.queryByTestId('business-info-form')).toBeNull();
    // The stored copy follows the platform's answer.
    expect((JSON.parse(localStorage.getItem('console.user')!) as { operator: { role: string } }).operator.role).toBe(ROLES.operator);
  });

  it('a save the platform refuses to the role (403) says only an administrator can change it', async () => {
    const user = userEvent.setup({ delay: null });
    await storeSignedInSession();
    renderConsoleAt('/settings/general');
    await screen.findByTestId('business-info-form', {}, { timeout: 5000 });
    // The administrator's rights are withdrawn on the platform while the page is open.
    await serverGrants(demoOperator.email, ROLES.operator);

    const name = screen.getByLabelText('Store name', { selector: 'input, textarea' }) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Forn Nou');
    await user.click(screen.getByTestId('business-info-save'));

    expect((await screen.findByTestId('business-info-save-error')).textContent).toBe(FORBIDDEN);
    expect(document.querySelector('[role="alert"][data-severity="error"]')?.textContent).toContain(FORBIDDEN);
  });
});

/** The error snackbar's text. */
const snackbarText = () => document.querySelector('[role="alert"][data-severity="error"]')?.textContent ?? '';

describe('settings actions the platform refuses to the role (403)', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await serverGrants(demoOperator.email, ROLES.admin);
    await storeSignedInSession();
  });
  afterEach(async () => {
    cleanup();
    await serverGrants(demoOperator.email, ROLES.admin);
  });

  it('renewing the API key says only an administrator can, not "Error ReNew ApiKey"', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/devices');
    await screen.findByTestId('devices-tab', {}, { timeout: 5000 });
    await serverGrants(demoOperator.email, ROLES.operator);

    await user.click(screen.getByRole('button', { name: 'Renew API key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(snackbarText()).toContain(FORBIDDEN));
  });

  it('accepting the terms says only an administrator can, beside the button', async () => {
    const user = userEvent.setup({ delay: null });
    renderConsoleAt('/settings/terms');
    await screen.findByTestId('terms-status', {}, { timeout: 5000 });
    await serverGrants(demoOperator.email, ROLES.operator);

    await user.click(screen.getByRole('button', { name: /accept/i }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByTestId('terms-error')).textContent).toBe(FORBIDDEN);
  });
});

describe('signing out while the platform is slow to hear of it (issue 23)', () => {
  afterEach(() => {
    cleanup();
    backend.current.devkit.clearFaults();
    vi.restoreAllMocks();
  });

  it('ends the session here at once and shows no sign-in form until the page restarts on it', async () => {
    const restart = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
    const { services } = renderConsoleAt('/overview');
    await waitFor(() => expect(services.session.getSnapshot().matches('signedIn')).toBe(true), { timeout: 5000 });
    await screen.findAllByText('Sign out', {}, { timeout: 5000 });
    backend.current.devkit.latency(1500);

    services.session.send({ type: 'session.signOut' });
    await waitFor(() => expect(window.location.pathname).toBe('/auth/login'));
    // Nothing of the session is left to resume from, while the logout call is still on its way...
    expect(localStorage.getItem('console.user')).toBeNull();
    expect(sessionStorage.getItem('console.session')).toBeNull();
    expect(services.session.getSnapshot().matches('signingOut')).toBe(true);
    // ...and no form is shown that the restart would take away from an operator typing into it:
    // the page says it is busy until then.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByLabelText('Email', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(restart).toHaveBeenCalledWith('/auth/login'), { timeout: 5000 });
  });
});
