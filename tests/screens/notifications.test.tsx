import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { PushChannel } from '../../src/api/push';
import type { Services } from '../../src/app/services';
import { formatDateAndTime } from '../../src/lib/format';
import { devkitPushChannel } from '../../mocks/push-channel';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The bell and its popover against the real mock handlers and the dev kit's pushes (mock mode's
 * stand-in for Firebase Cloud Messaging): icons by type, relative times, following click_action,
 * read marks, the unread count, and a push arriving.
 */
const backend = setupTestBackend();

interface WireNotification {
  id: number;
  type: 'order' | 'user' | 'project' | 'feature';
  title: string;
  created_at: number;
  click_action: string;
  read: boolean;
}

const storeId = () => (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
const serverNotifications = () =>
  (backend.current.devkit.records('stores') as Array<{ id: number; notifications: WireNotification[] }>).find((s) => s.id === storeId())!.notifications;

/** The console with the dev kit's pushes, as main.tsx wires it in mock mode. */
const renderWithPushes = (path: string) => renderConsoleAt(path, { push: devkitPushChannel(backend.current.devkit) });

const bell = () => screen.getByTestId('notifications-badge').closest('button')!;
const rows = () => screen.getAllByTestId('notification');
const rowTitled = (title: string) => rows().find((row) => within(row).getByTestId('notification-title').textContent?.endsWith(title))!;

async function shellShown() {
  await screen.findAllByTestId('store-name', {}, { timeout: 5000 });
  // The store profile (which carries the notifications) loads after the shell appears.
  await waitFor(() => expect(bell().getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/));
}

/** The shell with the store profile loaded, whatever the bell counts. */
async function profileShown(services: Services) {
  await screen.findAllByTestId('store-name', {}, { timeout: 5000 });
  await waitFor(() => expect(services.journal.state().store.profile).not.toBeNull());
}

async function openPopover(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notifications', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the bell counts the unread notifications the server holds; opening marks them read but still shows which were new', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    const unread = serverNotifications().filter((n) => !n.read);
    expect(unread.length).toBeGreaterThan(0);
    expect(bell().getAttribute('aria-label')).toBe(`Notifications, ${unread.length} unread`);
    expect(screen.getByTestId('notifications-badge').textContent).toContain(String(unread.length));

    await openPopover(user);
    expect(rows()).toHaveLength(serverNotifications().length);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    const newRows = rows().filter((row) => row.dataset.new === 'true');
    expect(newRows.map((row) => within(row).getByTestId('notification-title').textContent)).toEqual(
      [...unread].sort((a, b) => b.created_at - a.created_at || b.id - a.id).map((n) => `New: ${n.title}`),
    );

    // Closed and opened again: nothing is new any more.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    await openPopover(user);
    expect(rows().every((row) => row.dataset.new === 'false')).toBe(true);
  });

  it('each row shows an icon by type, the title and how long ago, with the date in its tooltip', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await openPopover(user);
    const byType = new Map(serverNotifications().map((n) => [n.type, n]));
    // The default scenario has one of each kind.
    expect([...byType.keys()].sort()).toEqual(['feature', 'order', 'project', 'user']);
    for (const [type, notification] of byType) {
      const row = rowTitled(notification.title);
      expect(row.dataset.type).toBe(type);
      expect(row.querySelectorAll(`svg[data-icon="${type}"]`)).toHaveLength(1);
      expect(row.querySelectorAll('svg[data-icon]')).toHaveLength(1);
    }
    // The seeded news is 2, 6 and 10 days old: "2d", "6d", "1w".
    const ages = new Map([...byType.values()].map((n) => [n.type, within(rowTitled(n.title)).getByTestId('notification-age')]));
    expect(ages.get('project')!.textContent).toBe('2d');
    expect(ages.get('user')!.textContent).toBe('6d');
    expect(ages.get('feature')!.textContent).toBe('1w');
    const project = byType.get('project')!;
    expect(ages.get('project')!.getAttribute('title')).toBe(formatDateAndTime(project.created_at * 1000));
    expect(ages.get('project')!.getAttribute('datetime')).toBe(new Date(project.created_at * 1000).toISOString());
    // Screen readers hear the type too.
    expect(rowTitled(project.title).textContent).toContain('Store setup, 2d');
  });

  it('a push reaches the bell at once (+1) with an info snackbar; clicking it follows its click_action and marks it read', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await openPopover(user);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    await user.keyboard('{Escape}');

    let push!: Awaited<ReturnType<typeof backend.current.devkit.push>>;
    await act(async () => {
      push = await backend.current.devkit.push({ title: 'New order #99001 from Eva Ruiz', click_action: '/operations/orders/pending' });
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const snackbar = await screen.findByText('New notification: New order #99001 from Eva Ruiz');
    expect(snackbar.closest('[data-severity]')?.getAttribute('data-severity')).toBe('info');
    expect(push.topic).toBe(`topic_storeadmin${storeId()}`);

    // Opened while it is there: it is new; a second push while open stays unread until clicked.
    await openPopover(user);
    await act(async () => {
      await backend.current.devkit.push({ title: 'Order #99002 was cancelled by the consumer', click_action: '/operations/order/99002' });
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const row = rowTitled('Order #99002 was cancelled by the consumer');
    expect(row.dataset.new).toBe('true');
    const link = row.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/operations/order/99002');
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/operations/order/99002'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('an absolute address opens in a new tab, safely; an app path on the console’s own origin stays in the app', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await act(async () => {
      await backend.current.devkit.push({ type: 'feature', title: 'Read the new terms', click_action: 'https://help.example.org/terms' });
      await backend.current.devkit.push({ type: 'project', title: 'Check your billing details', click_action: `${window.location.origin}/settings/billing` });
      await backend.current.devkit.push({ type: 'user', title: 'A script is not a place', click_action: 'javascript:alert(1)' });
    });
    await openPopover(user);

    const external = rowTitled('Read the new terms').querySelector('a')!;
    expect(external.getAttribute('href')).toBe('https://help.example.org/terms');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.textContent).toContain('opens in a new tab');
    expect(rowTitled('Check your billing details').querySelector('a')!.getAttribute('href')).toBe('/settings/billing');
    // Not followed at all: the row only informs.
    expect(rowTitled('A script is not a place').querySelector('a')).toBeNull();

    await user.click(rowTitled('Check your billing details').querySelector('a')!);
    await waitFor(() => expect(window.location.pathname).toBe('/settings/billing'));
  });

  it('a click_action that only looks like a path (/\\host/x, \\\\host) is not a link: the console stays where it is', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await act(async () => {
      await backend.current.devkit.push({ type: 'feature', title: 'Backslash host', click_action: '/\\host/x' });
      await backend.current.devkit.push({ type: 'feature', title: 'Double backslash host', click_action: '\\\\host' });
    });
    await openPopover(user);
    const origin = window.location.origin;
    for (const title of ['Backslash host', 'Double backslash host']) {
      const row = rowTitled(title);
      // Not a link at all, so no click can take the tab to another host in place.
      expect(row.querySelector('a')).toBeNull();
      await user.click(within(row).getByTestId('notification-title'));
      expect(window.location.origin).toBe(origin);
      expect(window.location.pathname).toBe('/overview');
    }
  });

  it('"See all" goes to the pending orders', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    const dialog = await openPopover(user);
    await user.click(within(dialog).getByText('See all', { selector: 'button' }));
    await waitFor(() => expect(window.location.pathname).toBe('/operations/orders/pending'));
  });

  it('without push the bell refreshes: what the server got while the tab was hidden is counted as soon as it shows', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const show = (state: DocumentVisibilityState) =>
      act(() => {
        visibility = state;
        document.dispatchEvent(new Event('visibilitychange'));
      });
    renderConsoleAt('/overview');
    await shellShown();
    const unread = serverNotifications().filter((n) => !n.read).length;

    show('hidden');
    // Nobody listens for pushes: the server keeps it in the store profile.
    await act(async () => {
      await backend.current.devkit.push({ title: 'New order #99003 from Marc Soler' });
    });
    expect(bell().getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);
    show('visible');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(`Notifications, ${unread + 1} unread`));
    const user = userEvent.setup();
    await openPopover(user);
    expect(rowTitled('New order #99003 from Marc Soler').dataset.new).toBe('true');
  });

  it('what the operator read stays read after a reload, though the server still says unread', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await openPopover(user);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    cleanup();

    // A reload: a new journal, the store profile loaded again.
    expect(serverNotifications().some((n) => !n.read)).toBe(true);
    const { services } = renderWithPushes('/overview');
    await profileShown(services);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await openPopover(user);
    expect(rows().every((row) => row.dataset.new === 'false')).toBe(true);
  });

  it.each([404, 405])('a platform without the push subscription call (%i) is said so in the popover; the console keeps working', async (status) => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const missing: PushChannel = {
      permission: async () => 'granted',
      requestPermission: async () => 'granted',
      subscribe: async () => {
        throw new ApiError({ kind: 'http', status, operation: 'POST push topic subscription', message: 'Not Found' });
      },
    };
    const user = userEvent.setup();
    const { services } = renderConsoleAt('/overview', { push: missing });
    await shellShown();
    await openPopover(user);
    await waitFor(() =>
      expect(screen.getByTestId('push-control').textContent).toBe(
        'This platform does not support push notifications for the console. New notifications are checked here every minute instead.',
      ),
    );
    expect(within(screen.getByTestId('push-control')).queryByRole('button')).toBeNull();
    expect(rows().length).toBe(serverNotifications().length);

    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await waitFor(() =>
      expect(screen.getByTestId('push-control').textContent).toBe(
        'Esta plataforma no admite notificaciones push para la consola. En su lugar, las notificaciones nuevas se comprueban aquí cada minuto.',
      ),
    );
  });

  it('mock mode needs no permission: the popover says notifications are on; without push it offers nothing', async () => {
    const user = userEvent.setup();
    renderWithPushes('/overview');
    await shellShown();
    await openPopover(user);
    expect(screen.getByTestId('push-control').textContent).toBe('Notifications are on: new ones appear here as they arrive.');
    cleanup();

    // Opening the popover read them all: the reload's bell counts none.
    const { services } = renderConsoleAt('/overview');
    await profileShown(services);
    await openPopover(user);
    expect(screen.queryByTestId('push-control')).toBeNull();
  });
});
