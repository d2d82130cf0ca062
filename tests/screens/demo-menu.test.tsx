import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
});
