import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../mocks/backend';
import { createDemoMenu } from '../../mocks/demo-menu';
import { scenarios } from '../../scenarios';

/** The Demo menu over a real devkit (no requests are made: the menu only drives the devkit). */
async function renderMenu(scenario: string) {
  const backend = await createBackend({ apiBaseUrl: 'https://api.store-platform.test', projectId: 'console-mock', scenarios, scenario, now: () => Date.now(), journal: () => ({}) });
  const DemoMenu = createDemoMenu(backend.devkit);
  render(<DemoMenu />);
  return backend.devkit;
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /^Demo menu: scenario / }));
  return screen.findByRole('menu');
};

describe('Demo menu', () => {
  afterEach(() => cleanup());

  it('lists every scenario with its description, the current one checked, and switches in place', async () => {
    const user = userEvent.setup();
    const devkit = await renderMenu('flaky-network');
    const menu = await openMenu(user);
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(
      devkit.scenarios().map((s) => (s.name === 'flaky-network' ? `${s.name}current scenario${s.description}` : `${s.name}${s.description}`)),
    );
    expect(items.filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent)).toEqual([expect.stringMatching(/^flaky-network/)]);

    await user.click(items.find((item) => item.textContent?.startsWith('expired-session'))!);
    await waitFor(() => expect(devkit.scenario()).toBe('expired-session'));
    expect(devkit.faults()).toEqual({ latencyMs: 0, failures: [] });
  });

  it('shows the active faults in words, from the scenario and from devkit.fail, and clears them', async () => {
    const user = userEvent.setup();
    const devkit = await renderMenu('flaky-network');
    devkit.fail('GET /stores/home', 503, { times: 1 });
    let menu = await openMenu(user);
    const lines = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.getAttribute('aria-disabled') === 'true')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Every call waits 300 ms–1.5 sec',
      expect.stringMatching(/^On any call: answers 500, 502, 503, or 504, 20% of calls, except \* identitytoolkit/),
      'On GET /stores/home: answers 503, the next call',
    ]);
    expect(screen.getByText('Active faults')).toBeTruthy();

    await user.click(within(menu).getByRole('menuitem', { name: 'Clear faults' }));
    expect(devkit.faults()).toEqual({ latencyMs: 0, failures: [] });
    if (!screen.queryByRole('menu')) menu = await openMenu(user);
    expect(within(screen.getByRole('menu')).getByText('None: every call answers normally')).toBeTruthy();
  });

  it('asks whether to export the full journal or the redacted, shareable one, and downloads the choice (keyboard too)', async () => {
    const user = userEvent.setup();
    const devkit = await renderMenu('default');
    const downloads: Array<{ name: string; blob: Blob }> = [];
    let pending: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      pending = blob as Blob;
      return 'blob:journal';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: pending! });
    });
    const customers = (devkit.records('orders') as Array<{ consumer: { name: string; email: string } }>).map((order) => order.consumer);

    let menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /^Export journal/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Export the journal' });
    const redacted = within(dialog).getByRole('button', { name: 'Redacted (shareable)' });
    expect(redacted.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(redacted.getAttribute('aria-describedby')!)?.textContent).toMatch(/pseudonyms/);
    const full = within(dialog).getByRole('button', { name: 'Full' });
    expect(document.getElementById(full.getAttribute('aria-describedby')!)?.textContent).toMatch(/personal data included/);
    expect(downloads).toEqual([]);
    redacted.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export the journal' })).toBeNull());
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^journal-default-redacted-.*\.json$/);
    const shared = await downloads[0].blob.text();
    expect(JSON.parse(shared)).toMatchObject({ kind: 'store-console.journal', scenario: 'default' });
    expect(customers.filter((c) => shared.includes(c.name) || shared.includes(c.email))).toEqual([]);

    menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /^Export journal/ }));
    dialog = await screen.findByRole('dialog', { name: 'Export the journal' });
    await user.click(within(dialog).getByRole('button', { name: 'Full' }));
    expect(downloads).toHaveLength(2);
    expect(downloads[1].name).toMatch(/^journal-default-\d.*\.json$/);
    expect(await downloads[1].blob.text()).toContain(customers[0].email);
  });
});
