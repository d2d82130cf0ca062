import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identityError } from '../../mocks/identity';
import type { OperatorRecord } from '../../mocks/db';
import { identitySignIn, identityUrl, postJson, setupTestBackend } from '../mocks/support';
import { copyOfDemoOperator, expireResetCode, mailedResetLink, oobCodeOf } from '../support/reset-links';
import { renderConsoleAt } from './support';

/**
 * The reset e-mail's link (issue 22), /auth/recovery?mode=resetPassword&oobCode=…, against the
 * mock identity provider through the real Firebase SDK: the page checks the link, names the
 * account, takes the new password twice and signs in with it; an expired, used or closed-account
 * link says so with the way forward; a refused or unsent password keeps what was typed.
 */
const backend = setupTestBackend();
const db = () => backend.current.db;

type User = ReturnType<typeof userEvent.setup>;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const newPassword = () => field('New password');
const repeated = () => field('Repeat the new password');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

/** An account of its own for each test, and the link its reset e-mail carries. */
async function linkFor(overrides: Partial<OperatorRecord> = {}) {
  const operator = await copyOfDemoOperator(db(), overrides);
  const link = await mailedResetLink(backend.current, operator.email);
  return { operator, link, code: oobCodeOf(link) };
}

async function openForm(link: string) {
  const view = renderConsoleAt(link);
  await screen.findByTestId('password-reset-form', {}, { timeout: 5000 });
  return view;
}

async function choose(user: User, password: string, again = password) {
  await user.clear(newPassword());
  await user.type(newPassword(), password);
  await user.clear(repeated());
  await user.type(repeated(), again);
  await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
}

describe('choosing a new password with the reset link', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('names the account, saves the password and signs in with it: on to the overview; the link leaves the address bar', async () => {
    const user = userEvent.setup();
    const { operator, link, code } = await linkFor();
    const { services } = await openForm(link);
    expect(await heading('Choose a new password')).toBeTruthy();
    expect(screen.getByText(`For the account ${operator.email}. Once it is saved, we sign you in with it.`)).toBeTruthy();
    // The code is read out of the URL into the history entry's state.
    expect(window.location.pathname + window.location.search).toBe('/auth/recovery');
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(document.activeElement).toBe(newPassword());

    await choose(user, 'Forn-nou-2026!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/overview');
    expect(services.journal.state().session.user?.operator.email).toBe(operator.email);

    // What the provider holds: the new password (as a hash), the link used up.
    expect((await identitySignIn(operator.email, 'Forn-nou-2026!')).status).toBe(200);
    expect((await identitySignIn(operator.email, 'before-1234')).status).toBe(400);
    expect(db().operators.findFirst((q) => q.where({ id: operator.id }))?.password).toBeUndefined();
    expect(db().oobCodes.findFirst((q) => q.where({ code }))).toBeUndefined();
  });

  it('checks the sign-up rules before saving, keeping what was typed: too short, then not the same twice', async () => {
    const user = userEvent.setup();
    const { link, operator } = await linkFor();
    await openForm(link);
    await choose(user, 'short');
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();
    expect(newPassword().value).toBe('short');
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');

    await choose(user, 'long-enough-1', 'long-enough-2');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(newPassword().value).toBe('long-enough-1');
    expect(repeated().value).toBe('long-enough-2');
    // Nothing was sent: the old password still works.
    expect((await identitySignIn(operator.email, 'before-1234')).status).toBe(200);
  });

  it('a password the provider finds too weak is marked on the field, with what was typed still there', async () => {
    const user = userEvent.setup();
    const { link } = await linkFor();
    await openForm(link);
    // A live project's password policy may ask for more than the console does.
    backend.current.server.use(
      http.post('https://identitytoolkit.googleapis.com/v1/accounts\\:resetPassword', () => identityError(400, 'WEAK_PASSWORD : Password should be at least 12 characters'), {
        once: true,
      }),
    );
    await choose(user, 'only-10-ch');
    expect(
      await screen.findByText('The password service finds this password too weak. Choose a longer one that mixes letters, numbers and symbols.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(newPassword().value).toBe('only-10-ch');
    expect(repeated().value).toBe('only-10-ch');
    await waitFor(() => expect(document.activeElement).toBe(newPassword()));

    await choose(user, 'a-much-longer-one-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('a provider out of reach keeps both passwords; Retry saves the same one and signs in', async () => {
    const user = userEvent.setup();
    const { link, operator } = await linkFor();
    await openForm(link);
    backend.current.faults.fail('POST identitytoolkit/v1/accounts:resetPassword', 'offline', { times: 1 });
    await choose(user, 'Forn-nou-2026!');
    expect((await screen.findByTestId('password-reset-unreachable', {}, { timeout: 5000 })).textContent).toContain(
      'We could not reach the password service. Check your connection and try again.',
    );
    expect(newPassword().value).toBe('Forn-nou-2026!');
    expect(repeated().value).toBe('Forn-nou-2026!');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeTruthy();
    expect((await identitySignIn(operator.email, 'Forn-nou-2026!')).status).toBe(200);
  });

  it('a sign-in that does not go through after the save says the password is saved, and signs in by hand with the e-mail filled', async () => {
    const user = userEvent.setup();
    const { link, operator } = await linkFor();
    await openForm(link);
    backend.current.faults.fail('POST /stores/signin', 'offline', { times: 1 });
    await choose(user, 'Forn-nou-2026!');
    expect(await heading('Your new password is saved')).toBe(document.activeElement);
    expect(screen.getByText(`We could not sign you in just now. Sign in with ${operator.email} and your new password.`)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(operator.email));
    await user.type(screen.getByLabelText('Password'), 'Forn-nou-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('an expired link says so; "Send a new link" opens the request form with the account’s e-mail', async () => {
    const user = userEvent.setup();
    const { link, code, operator } = await linkFor();
    await openForm(link);
    // The hour runs out while the page is open.
    await expireResetCode(db(), code);
    await choose(user, 'Forn-nou-2026!');
    expect(await heading('This link has expired')).toBe(document.activeElement);
    expect(screen.getByText('Password reset links only work for a limited time. Ask for a new one and use it within the hour.')).toBeTruthy();
    expect(screen.queryByTestId('password-reset-form')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Send a new link' }));
    await screen.findByTestId('recovery-form');
    expect(field('Email').value).toBe(operator.email);
    expect(window.location.pathname + window.location.search).toBe('/auth/recovery');
  });

  it('an expired link opened late says so before anything is typed', async () => {
    const { link, code } = await linkFor();
    await expireResetCode(db(), code);
    renderConsoleAt(link);
    expect(await heading('This link has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toBeTruthy();
  });

  it('a link used already cannot be used again; the way forward is a new link or signing in', async () => {
    const user = userEvent.setup();
    const { link, code } = await linkFor();
    expect((await postJson(identityUrl('resetPassword'), { oobCode: code, newPassword: 'chosen-before-1' })).status).toBe(200);
    renderConsoleAt(link);
    expect(await heading('This link cannot be used')).toBeTruthy();
    expect(
      screen.getByText('It has been used already, or it was not copied whole. If you chose a new password with it, sign in with that password; otherwise ask for a new link.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  });

  it('a disabled account’s link says the account is not available', async () => {
    const { link } = await linkFor({ disabled: true });
    renderConsoleAt(link);
    expect(await heading('This account is not available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it('a provider out of reach while checking the link offers Retry', async () => {
    const user = userEvent.setup();
    const { link, operator } = await linkFor();
    backend.current.faults.fail('POST identitytoolkit/v1/accounts:resetPassword', 'offline', { times: 1 });
    renderConsoleAt(link);
    expect((await screen.findByTestId('password-reset-unreachable', {}, { timeout: 5000 })).textContent).toContain(
      'We could not reach the password service to check your link. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('password-reset-form', {}, { timeout: 5000 });
    expect(screen.getByText(`For the account ${operator.email}. Once it is saved, we sign you in with it.`)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { link } = await linkFor();
    const { services } = await openForm(link);
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await heading('Elige una contraseña nueva')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar e iniciar sesión' })).toBeTruthy();
  });
});
