import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The operator's own profile page (/profile/{id}) against the real mock handlers: what the
 * operator sees and may change, a language switch that changes the console at once and saves itself, and what the
 * server and the stored user hold afterwards.
 */
const backend = setupTestBackend();

interface WireOperator {
  id: number;
  email: string;
  name_op: string;
  phone: string;
  preferences: { language: 'en' | 'es' };
}

const DEMO = { name_op: 'Alex Romero', phone: '+34 612 345 678', preferences: { language: 'en' as const } };

const storedUser = () => JSON.parse(localStorage.getItem('console.user')!) as { operator: WireOperator; store: { id: number; name: string } };
const serverOperator = () => (backend.current.devkit.records('operators') as WireOperator[]).find((o) => o.email === 'demo@store.test')!;

// By text and selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const button = (text: string) => screen.getByText(text, { selector: 'button' }) as HTMLButtonElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function profileShown() {
  await screen.findByTestId('profile-form', {}, { timeout: 5000 });
}

describe('operator profile page', () => {
  beforeEach(async () => {
    // Every test starts from the demo operator as seeded.
    await backend.current.db.operators.update((q) => q.where({ email: 'demo@store.test' }), {
      data(operator) {
        Object.assign(operator, DEMO);
      },
    });
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is reached from the operator’s e-mail in the side navigation and shows what the platform holds', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/overview');
    const [link] = await screen.findAllByTestId('profile-link', {}, { timeout: 5000 });
    expect(link.getAttribute('aria-label')).toBe('Your profile: demo@store.test');
    await user.click(link);
    await profileShown();
    expect(window.location.pathname).toBe(`/profile/${storedUser().operator.id}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile');
    expect(document.title).toBe('Profile · Store Console');

    // Read-only: the e-mail, the roles and the account acted on.
    expect(screen.getByTestId('profile-email').textContent).toBe('demo@store.test');
    expect(screen.getByTestId('profile-roles').textContent).toBe('STORE_ADMIN · current');
    expect(screen.getByTestId('profile-current-account').textContent).toBe(storedUser().store.name);
    expect(screen.queryByDisplayValue('demo@store.test')).toBeNull();

    // Editable: name, phone and language, as the session holds them.
    expect(input('Name').value).toBe('Alex Romero');
    expect(input('Phone').value).toBe('+34 612 345 678');
    expect((screen.getByLabelText('English') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Spanish (español)') as HTMLInputElement).checked).toBe(false);
  });

  it('choosing Spanish switches the console at once and saves it, no Save needed; a reload keeps it', async () => {
    const user = userEvent.setup();
    const { services } = renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.click(screen.getByLabelText('Spanish (español)'));

    // At once, no reload and no Save: the heading, the navigation, the form and the snackbar speak Spanish.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perfil'));
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getAllByText('Inicio').length).toBeGreaterThan(0);
    expect(button('Guardar')).toBeTruthy();
    expect(await screen.findByText('Guardado correctamente')).toBeTruthy();
    expect((screen.getByLabelText('Español') as HTMLInputElement).checked).toBe(true);

    // The server holds it, the journal says so, and the stored user follows.
    expect(serverOperator().preferences.language).toBe('es');
    expect(services.journal.events().filter((e) => e.type === 'operator.profileSaved')).toHaveLength(1);
    expect(storedUser().operator.preferences.language).toBe('es');

    // A reload restores the session from storage: still Spanish.
    cleanup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perfil');
    expect((screen.getByLabelText('Español') as HTMLInputElement).checked).toBe(true);
  });

  it('the language switch saves only the language: a name being edited stays in the form, unsaved', async () => {
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Alex en curso');
    await user.click(screen.getByLabelText('Spanish (español)'));
    await waitFor(() => expect(serverOperator().preferences.language).toBe('es'));
    expect(serverOperator().name_op).toBe(DEMO.name_op);
    expect(input('Nombre').value).toBe('Alex en curso');

    // The details' own save keeps the language on record.
    await user.click(button('Guardar'));
    await waitFor(() => expect(serverOperator()).toMatchObject({ name_op: 'Alex en curso', preferences: { language: 'es' } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perfil');
  });

  it('a refused language save puts English back and says "Error to post admin info"; choosing again retries', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    backend.current.devkit.fail('POST /stores/operator/profile', 400, { times: 1 });
    await user.click(screen.getByLabelText('Spanish (español)'));

    const card = screen.getByTestId('profile-language');
    await waitFor(() => expect(within(card).getByText('Error to post admin info')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile');
    expect((screen.getByLabelText('English') as HTMLInputElement).checked).toBe(true);
    expect(serverOperator().preferences.language).toBe('en');
    expect(storedUser().operator.preferences.language).toBe('en');

    await user.click(screen.getByLabelText('Spanish (español)'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perfil'));
    await waitFor(() => expect(serverOperator().preferences.language).toBe('es'));
    expect(within(card).queryByText('Error to post admin info')).toBeNull();
  });

  it('saves a new name and phone: the server and the stored user hold them', async () => {
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Alex Romero Vidal');
    await user.clear(input('Phone'));
    await user.type(input('Phone'), '+34 699 000 111');
    await user.click(button('Save'));
    await screen.findByText('Successfully saved');
    expect(serverOperator()).toMatchObject({ name_op: 'Alex Romero Vidal', phone: '+34 699 000 111' });
    expect(storedUser().operator).toMatchObject({ name_op: 'Alex Romero Vidal', phone: '+34 699 000 111' });
    expect(input('Name').value).toBe('Alex Romero Vidal');
  });

  it('what was typed survives a reload, said to be restored, until it is discarded', async () => {
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Typed before the reload');
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));

    cleanup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    expect(input('Name').value).toBe('Typed before the reload');
    expect(screen.getByText('Your unsaved changes were restored.')).toBeTruthy();

    await user.click(button('Discard changes'));
    expect(input('Name').value).toBe(DEMO.name_op);
    await waitFor(() => expect(Object.keys(sessionStorage).filter((key) => key.startsWith('console.draft.'))).toEqual([]));
  });

  it('checks the fields before sending: an empty name and a bad phone are said beside them, nothing is sent', async () => {
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.clear(input('Name'));
    await user.clear(input('Phone'));
    await user.type(input('Phone'), 'call me');
    await user.click(button('Save'));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(serverOperator()).toMatchObject({ name_op: DEMO.name_op, phone: DEMO.phone });
  });

  it('a failed save keeps every value and says "Error in update Admin store"; Retry saves them', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    backend.current.devkit.fail('POST /stores/operator/profile', 500);
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Alex R.');
    await user.click(button('Save'));

    const error = await screen.findByTestId('profile-error');
    expect(error.textContent).toBe('Error in update Admin store');
    expect(input('Name').value).toBe('Alex R.');
    expect(window.location.pathname).toBe(`/profile/${storedUser().operator.id}`);
    expect(serverOperator()).toMatchObject({ name_op: DEMO.name_op });

    backend.current.devkit.clearFaults();
    await user.click(button('Retry'));
    await screen.findByText('Successfully saved');
    expect(serverOperator()).toMatchObject({ name_op: 'Alex R.', preferences: { language: 'en' } });
  });

  it('a refused save (4xx) says "Error to post admin info"', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    backend.current.devkit.fail('POST /stores/operator/profile', 400, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.type(input('Phone'), '9');
    await user.click(button('Save'));
    expect((await screen.findByTestId('profile-error')).textContent).toBe('Error to post admin info');
    expect(input('Phone').value).toBe('+34 612 345 6789');
  });

  it('asks before leaving with unsaved changes; Keep editing keeps them', async () => {
    // The side navigation's links trip happy-dom's getComputedStyle recursion in the pointer-events check.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderConsoleAt(`/profile/${storedUser().operator.id}`);
    await profileShown();
    await user.type(input('Phone'), '9');
    await user.click(screen.getAllByText('Home', { selector: 'a' })[0]);
    // By text, not by role: naming Joy's modal dialog makes happy-dom's getComputedStyle recurse.
    const dialog = (await screen.findByText('Leave without saving?')).closest<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Your changes to your profile are not saved yet.');
    await user.click(within(dialog).getByText('Keep editing', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(window.location.pathname).toBe(`/profile/${storedUser().operator.id}`);
    expect(input('Phone').value).toBe('+34 612 345 6789');

    // Discarding the change lets the operator go without a question.
    await user.click(button('Discard changes'));
    expect(input('Phone').value).toBe('+34 612 345 678');
    await user.click(screen.getAllByText('Home', { selector: 'a' })[0]);
    await waitFor(() => expect(window.location.pathname).toBe('/overview'));
  });

  it.each([['another operator’s id', (id: number) => `/profile/${id + 1}`], ['an unknown tab', (id: number) => `/profile/${id}/security`]])(
    '%s is the 404 page',
    async (_, path) => {
      renderConsoleAt(path(storedUser().operator.id));
      await waitFor(() => expect(window.location.pathname).toBe('/errors/error-404'), { timeout: 5000 });
      expect(await screen.findByText('Page not found')).toBeTruthy();
    },
  );

  it('/profile/{id}/details is the same page', async () => {
    renderConsoleAt(`/profile/${storedUser().operator.id}/details`);
    await profileShown();
    expect(input('Name').value).toBe('Alex Romero');
  });
});
