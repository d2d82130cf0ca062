import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateAndTime } from '../../src/lib/format';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * Settings → Terms against the real mock handlers: the store's special terms, when they were
 * accepted, accepting them (with a confirmation), and what the server then holds.
 */
const backend = setupTestBackend();

interface WireStore {
  id: number;
  special_terms: { text: string; accept_date: number | null };
}

const storeId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
const serverTerms = () => (backend.current.devkit.records('stores') as WireStore[]).find((s) => s.id === storeId())!.special_terms;

async function setServerAcceptDate(acceptDate: number | null) {
  await backend.current.db.stores.update((q) => q.where({ id: storeId() }), {
    data(store) {
      store.special_terms = { ...store.special_terms, accept_date: acceptDate };
    },
  });
}

// By text and selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const button = (text: string) => screen.getByText(text, { selector: 'button' }) as HTMLButtonElement;

async function termsShown() {
  return screen.findByTestId('terms-text', {}, { timeout: 5000 });
}

describe('settings: terms tab', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the terms in a labelled, scrollable region and when they were accepted', async () => {
    renderConsoleAt('/settings/terms');
    const region = await termsShown();
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('tabindex')).toBe('0');
    const heading = screen.getByRole('heading', { level: 2, name: 'Special terms' });
    expect(region.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(region.textContent).toBe(serverTerms().text);
    const acceptedAt = serverTerms().accept_date! * 1000;
    // The default scenario's store accepted a little over a year ago.
    expect(screen.getByTestId('terms-status').textContent).toBe(`Accepted on ${formatDateAndTime(acceptedAt)} (1y ago)`);
    expect(button('Accept the updated terms')).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Terms');
  });

  it('terms not accepted yet: "I accept the terms" asks first, then shows the date the server now holds', async () => {
    await setServerAcceptDate(null);
    const user = userEvent.setup();
    const { services } = renderConsoleAt('/settings/terms');
    await termsShown();
    await waitFor(() => expect(screen.getByTestId('terms-status').textContent).toBe('Not accepted yet.'));

    await user.click(button('I accept the terms'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Accept the terms?')).toBeTruthy();
    // Cancel has the focus: Enter never accepts by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByText('Cancel', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(serverTerms().accept_date).toBeNull();

    await user.click(button('I accept the terms'));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Accept', { selector: 'button' }));
    await waitFor(() => expect(serverTerms().accept_date).not.toBeNull());
    const acceptedAt = serverTerms().accept_date! * 1000;
    await waitFor(() => expect(screen.getByTestId('terms-status').textContent).toBe(`Accepted on ${formatDateAndTime(acceptedAt)} (just now)`));
    expect(button('Accept the updated terms')).toBeTruthy();
    // The store projection holds it too (other screens read it there).
    expect(services.journal.state().store.profile?.special_terms.accept_date).toBe(acceptedAt);
    expect(services.journal.events().filter((e) => e.type === 'store.termsAccepted')).toEqual([
      { type: 'store.termsAccepted', at: expect.any(Number), storeId: storeId(), acceptDate: acceptedAt },
    ]);
  });

  it('accepting the updated terms records today as the new date', async () => {
    const before = Math.floor(Date.now() / 1000) - 400 * 86_400;
    await setServerAcceptDate(before);
    const user = userEvent.setup();
    renderConsoleAt('/settings/terms');
    await termsShown();
    await user.click(button('Accept the updated terms'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Today’s date replaces the previous acceptance.');
    await user.click(within(dialog).getByText('Accept', { selector: 'button' }));
    await waitFor(() => expect(serverTerms().accept_date).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('terms-status').textContent).toContain('(just now)'));
  });

  it('a refused accept keeps the page and the terms, says so, and the next attempt can succeed', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await setServerAcceptDate(null);
    backend.current.devkit.fail('POST /stores/profile/accept_conditions/{id}', 500);
    const user = userEvent.setup();
    renderConsoleAt('/settings/terms');
    const region = await termsShown();
    await waitFor(() => expect(screen.getByTestId('terms-status').textContent).toBe('Not accepted yet.'));
    await user.click(button('I accept the terms'));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Accept', { selector: 'button' }));

    const error = await screen.findByTestId('terms-error');
    expect(error.textContent).toBe('The terms could not be accepted. Nothing changed; please try again.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(window.location.pathname).toBe('/settings/terms');
    expect(region.isConnected).toBe(true);
    expect(screen.getByTestId('terms-status').textContent).toBe('Not accepted yet.');
    expect(serverTerms().accept_date).toBeNull();

    backend.current.devkit.clearFaults();
    await user.click(button('I accept the terms'));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Accept', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByTestId('terms-error')).toBeNull());
    await waitFor(() => expect(serverTerms().accept_date).not.toBeNull());
    await waitFor(() => expect(screen.getByTestId('terms-status').textContent).toContain('(just now)'));
  });
});
