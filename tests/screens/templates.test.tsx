import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The offer templates list against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

interface WireTemplate {
  id: number;
  name: string;
  status: number;
  store_id: number;
  repeat_on_days: number[];
  template_quantity: number;
}
interface TemplatesPage {
  data: WireTemplate[];
  total: number;
}

const LIST_FAILED = 'We have problems, please retry in a moment';
const LIST_CALL = 'POST /stores/templates/activeTemplates/pagination/filters';

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

/** The server's first page of the store's templates for a filter body, in the server's order. */
async function templatesFromServer(filters: { recurring?: boolean; search?: string } = {}): Promise<TemplatesPage> {
  const response = await fetch(`${API}/stores/templates/activeTemplates/pagination/filters?limit=10&offset=0`, {
    method: 'POST',
    headers: { 'X-Access-Token': session().token, 'Content-Type': 'application/json' },
    body: JSON.stringify(filters),
  });
  return (await response.json()) as TemplatesPage;
}

const serverTemplates = () => (backend.current.devkit.records('templates') as WireTemplate[]).filter((t) => t.store_id === session().storeId);
const serverTemplate = (id: number) => serverTemplates().find((t) => t.id === id);

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What a row says of its weekdays and daily quantity, e.g. "Repeats on Saturday, Sunday · 5 a day". */
function repeatsText({ repeat_on_days: days, template_quantity: quantity }: WireTemplate): string {
  const repeats =
    days.length === 0 ? 'Does not repeat' : days.length === 7 ? 'Repeats every day' : `Repeats on ${[...days].sort((a, b) => a - b).map((d) => WEEKDAYS[d - 1]).join(', ')}`;
  return quantity > 0 ? `${repeats} · ${quantity} a day` : repeats;
}

// By selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="template-row"]')];
const listedIds = () => rows().map((row) => Number(row.dataset.templateId));
const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="template-row"][data-template-id="${id}"]`)!;
const nameOf = (id: number) => within(rowOf(id)).getByTestId('template-name').textContent!;
const statusOf = (id: number) => within(rowOf(id)).getByTestId('template-status').textContent;
const switchOf = (id: number) => document.querySelector<HTMLInputElement>(`input[aria-label="Template ${CSS.escape(nameOf(id))} active"]`)!;
const deleteButtonOf = (id: number) => within(rowOf(id)).getByLabelText(`Delete template ${nameOf(id)}`);
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Search templates by name"]')!;
const tabNamed = (text: string) => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === text)!;

async function listShown() {
  await screen.findByTestId('templates-range', {}, { timeout: 5000 });
}

describe('templates screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the seeded templates of the store, newest first, with their weekdays, quantity and status', async () => {
    backend.current.devkit.latency(100);
    renderConsoleAt('/operations/templates');
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0), { timeout: 5000 });
    await listShown();
    const all = await templatesFromServer();
    expect(all.total).toBe(serverTemplates().length);
    expect(all.total).toBeGreaterThan(0);
    expect(listedIds()).toEqual(all.data.map((t) => t.id));
    expect(rows().map((row) => within(row).getByTestId('template-name').textContent)).toEqual(all.data.map((t) => t.name));
    expect(screen.getByTestId('templates-range').textContent).toBe(`1–${all.data.length} of ${all.total}`);
    for (const template of all.data) {
      expect(statusOf(template.id)).toBe(template.status === 1 ? 'Active' : 'Inactive');
      expect(switchOf(template.id).checked).toBe(template.status === 1);
      expect(within(rowOf(template.id)).getByTestId('template-repeats').textContent).toBe(repeatsText(template));
    }
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('All');
    expect(screen.getByText('New template').closest('a')?.getAttribute('href')).toBe('/operations/templates/create');
  });

  it('the Recurring tab lists only the templates that repeat on a weekday', async () => {
    const user = userEvent.setup();
    // The default scenario has a template that repeats on no weekday; otherwise this proves nothing.
    expect(serverTemplates().some((t) => t.repeat_on_days.length === 0)).toBe(true);
    renderConsoleAt('/operations/templates');
    await listShown();
    await user.click(tabNamed('Recurring'));
    await waitFor(() => expect(window.location.pathname).toBe('/operations/templates/filter/recurring'));
    const recurring = await templatesFromServer({ recurring: true });
    await waitFor(() => expect(listedIds()).toEqual(recurring.data.map((t) => t.id)), { timeout: 5000 });
    expect(listedIds().length).toBeGreaterThan(0);
    for (const id of listedIds()) expect(serverTemplate(id)!.repeat_on_days.length).toBeGreaterThan(0);
    expect(serverTemplates().filter((t) => t.repeat_on_days.length > 0).map((t) => t.id).sort()).toEqual([...listedIds()].sort());
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Recurring');
  });

  it('opened at /operations/templates/filter/recurring, it shows the Recurring tab', async () => {
    renderConsoleAt('/operations/templates/filter/recurring');
    await listShown();
    const recurring = await templatesFromServer({ recurring: true });
    expect(listedIds()).toEqual(recurring.data.map((t) => t.id));
    expect(screen.getByTestId('templates-range').textContent).toBe(`1–${recurring.data.length} of ${recurring.total}`);
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Recurring');
  });

  it('typing in the search box narrows the list once typing pauses and puts ?q= in the URL', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const before = listedIds();
    const bread = await templatesFromServer({ search: 'bread' });
    // Some template matches and some does not; otherwise this proves nothing.
    expect(bread.total).toBeGreaterThan(0);
    expect(bread.total).toBeLessThan(before.length);

    await user.type(searchBox(), 'bread');
    // Still typing: the URL and the list wait for the pause.
    expect(window.location.search).toBe('');
    expect(listedIds()).toEqual(before);
    await waitFor(() => expect(window.location.search).toBe('?q=bread'));
    await waitFor(() => expect(listedIds()).toEqual(bread.data.map((t) => t.id)), { timeout: 5000 });
    for (const id of listedIds()) expect(nameOf(id).toLowerCase()).toContain('bread');
    expect(searchBox().value).toBe('bread');
  });

  it('a search nothing matches shows its empty state', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    await user.type(searchBox(), 'zzzz');
    expect(await screen.findByText('No template matches “zzzz”', {}, { timeout: 5000 })).toBeTruthy();
    expect(window.location.search).toBe('?q=zzzz');
    expect(rows()).toEqual([]);
    expect(screen.queryByTestId('templates-range')).toBeNull();
    expect(screen.getByText('Create a template').closest('a')?.getAttribute('href')).toBe('/operations/templates/create');
  });

  it('shows "We have problems, please retry in a moment" when the list fails, and Retry loads the rows', async () => {
    backend.current.devkit.fail(LIST_CALL, 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    expect(await screen.findByText(LIST_FAILED, {}, { timeout: 5000 })).toBeTruthy();
    expect(rows()).toEqual([]);
    await user.click(screen.getByText('Retry', { selector: 'button' }));
    await listShown();
    const all = await templatesFromServer();
    expect(listedIds()).toEqual(all.data.map((t) => t.id));
    expect(screen.queryByText(LIST_FAILED)).toBeNull();
  });

  it('the status switch persists on the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const [id] = listedIds();
    const was = serverTemplate(id)!.status;
    await user.click(switchOf(id));
    expect(statusOf(id)).toBe(was === 1 ? 'Inactive' : 'Active');
    await waitFor(() => expect(serverTemplate(id)!.status).toBe(was === 1 ? 0 : 1));
    await waitFor(() => expect(switchOf(id).disabled).toBe(false));
    expect(switchOf(id).checked).toBe(was !== 1);
  });

  it('a refused status change goes back and shows "Error on change status"', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const id = listedIds()[1];
    const was = serverTemplate(id)!.status;
    backend.current.devkit.fail('POST /stores/templates/{id}/status/{status}', 500, { times: 1 });
    // A slow answer, so the switch is seen to move before it goes back.
    backend.current.devkit.latency(300);
    await user.click(switchOf(id));
    expect(statusOf(id)).toBe(was === 1 ? 'Inactive' : 'Active');
    expect(switchOf(id).checked).toBe(was !== 1);
    expect(await screen.findByText('Error on change status', {}, { timeout: 5000 })).toBeTruthy();
    expect(statusOf(id)).toBe(was === 1 ? 'Active' : 'Inactive');
    expect(switchOf(id).checked).toBe(was === 1);
    await waitFor(() => expect(switchOf(id).disabled).toBe(false));
    expect(serverTemplate(id)!.status).toBe(was);
  });

  it('Cancel in the confirmation keeps the template', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const [id] = listedIds();
    await user.click(deleteButtonOf(id));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(listedIds()).toContain(id);
    expect(serverTemplate(id)).toBeDefined();
  });

  it('a refused delete brings the template back where it was and shows "Error on delete"', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const before = listedIds();
    const id = before[1];
    backend.current.devkit.fail('DELETE /stores/templates/{id}', 500, { times: 1 });
    // A slow answer, so the row is seen to leave before it comes back.
    backend.current.devkit.latency(300);
    await user.click(deleteButtonOf(id));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    await waitFor(() => expect(listedIds()).not.toContain(id));
    expect(await screen.findByText('Error on delete', {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(serverTemplate(id)).toBeDefined();
  });

  // Runs last: it removes one of the seeded templates the other tests read.
  it('deletes a template after the confirmation: it leaves the list and the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/templates');
    await listShown();
    const before = listedIds();
    const [id] = before;
    const name = nameOf(id);
    await user.click(deleteButtonOf(id));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Delete template ${name}?`)).toBeTruthy();
    await user.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(listedIds()).not.toContain(id));
    await waitFor(() => expect(serverTemplate(id)).toBeUndefined());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(listedIds()).toEqual(before.slice(1)));
    await waitFor(() => expect(screen.getByTestId('templates-range').textContent).toBe(`1–${before.length - 1} of ${before.length - 1}`));
  });
});
