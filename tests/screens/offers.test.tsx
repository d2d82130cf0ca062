import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../setup';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** The current offers list against the real mock handlers: what the operator sees and what the server holds. */
const backend = setupTestBackend();

interface WireOffer {
  id: number;
  name: string;
  status: number;
  store_id: number;
}
interface OffersPage {
  data: WireOffer[];
  total: number;
  limit: number;
  offset: number;
}

function session(): { token: string; storeId: number } {
  const token = (JSON.parse(sessionStorage.getItem('console.session')!) as { token: string }).token;
  const storeId = (JSON.parse(localStorage.getItem('console.user')!) as { store: { id: number } }).store.id;
  return { token, storeId };
}

async function offersFromServer(filter?: 'active'): Promise<OffersPage> {
  const { token, storeId } = session();
  const query = `limit=10&offset=0${filter ? `&filter=${filter}` : ''}`;
  const response = await fetch(`${API}/stores/offers/CurrentOffersByStore/pagination/${storeId}?${query}`, { headers: { 'X-Access-Token': token } });
  return (await response.json()) as OffersPage;
}

const serverOffers = () => backend.current.devkit.records('offers') as WireOffer[];

// By selector, not by role name: naming Joy components makes happy-dom's getComputedStyle recurse.
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="offer-row"]')];
const listedIds = () => rows().map((row) => Number(row.dataset.offerId));
const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="offer-row"][data-offer-id="${id}"]`)!;
const nameOf = (id: number) => within(rowOf(id)).getByTestId('offer-name').textContent!;
const switchOf = (id: number) => document.querySelector<HTMLInputElement>(`input[aria-label="Offer ${CSS.escape(nameOf(id))} on sale"]`)!;
const deleteButtonOf = (id: number) => within(rowOf(id)).getByLabelText(`Delete offer ${nameOf(id)}`);

async function listShown() {
  await screen.findByTestId('offers-range', {}, { timeout: 5000 });
}

describe('offers screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('shows the server’s first page: names, windows, quantities, prices and status', async () => {
    backend.current.devkit.latency(100);
    renderConsoleAt('/operations/offers');
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0), { timeout: 5000 });
    await listShown();
    const first = await offersFromServer();
    expect(first.data.length).toBeGreaterThan(0);
    expect(listedIds()).toEqual(first.data.map((o) => o.id));
    expect(rows().map((row) => within(row).getByTestId('offer-name').textContent)).toEqual(first.data.map((o) => o.name));
    expect(screen.getByTestId('offers-range').textContent).toBe(`1–${first.data.length} of ${first.total}`);
    for (const offer of first.data) {
      expect(within(rowOf(offer.id)).getByTestId('offer-status').textContent).toBe(offer.status === 1 ? 'Active' : 'Inactive');
      expect(switchOf(offer.id).checked).toBe(offer.status === 1);
    }
    expect(screen.getByText('New offer').closest('a')?.getAttribute('href')).toBe('/operations/offers/create');
  });

  it('?filter=active shows only the offers on sale now', async () => {
    renderConsoleAt('/operations/offers?filter=active');
    await listShown();
    const active = await offersFromServer('active');
    const all = await offersFromServer();
    // The default scenario has inactive or closed current offers too; otherwise this proves nothing.
    expect(active.total).toBeLessThan(all.total);
    expect(listedIds()).toEqual(active.data.map((o) => o.id));
    expect(screen.getByTestId('offers-range').textContent).toBe(`1–${active.data.length} of ${active.total}`);
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Active');
  });

  it('switching tabs puts the filter in the URL', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === 'Active')!;
    await user.click(tab);
    await waitFor(() => expect(window.location.search).toBe('?filter=active'));
    const active = await offersFromServer('active');
    await waitFor(() => expect(listedIds()).toEqual(active.data.map((o) => o.id)), { timeout: 5000 });
  });

  it('shows "We have problems, please retry in a moment" when the list fails, and recovers on Retry', async () => {
    expectConsoleError(/500|offers/i);
    backend.current.devkit.fail('GET /stores/offers/CurrentOffersByStore/pagination/{storeId}', 500, { times: 1 });
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    expect(await screen.findByText('We have problems, please retry in a moment', {}, { timeout: 5000 })).toBeTruthy();
    expect(rows()).toEqual([]);
    await user.click(screen.getByText('Retry'));
    await listShown();
    expect(screen.queryByText('We have problems, please retry in a moment')).toBeNull();
  });

  it('deletes an offer after the confirmation: it leaves the list and the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const [id] = listedIds();
    const name = nameOf(id);
    await user.click(deleteButtonOf(id));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Delete offer ${name}?`)).toBeTruthy();
    await user.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(listedIds()).not.toContain(id));
    await waitFor(() => expect(serverOffers().some((o) => o.id === id)).toBe(false));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Cancel in the confirmation keeps the offer', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const [id] = listedIds();
    await user.click(deleteButtonOf(id));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(listedIds()).toContain(id);
    expect(serverOffers().some((o) => o.id === id)).toBe(true);
  });

  it('a refused delete brings the offer back where it was and shows "Error on delete"', async () => {
    expectConsoleError(/500|offers/i);
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const before = listedIds();
    const id = before[1];
    backend.current.devkit.fail('DELETE /stores/offers/{id}', 500, { times: 1 });
    await user.click(deleteButtonOf(id));
    await user.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    expect(await screen.findByText('Error on delete', {}, { timeout: 5000 })).toBeTruthy();
    expect(listedIds()).toEqual(before);
    expect(serverOffers().some((o) => o.id === id)).toBe(true);
  });

  it('the status switch persists on the server', async () => {
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const [id] = listedIds();
    const was = serverOffers().find((o) => o.id === id)!.status;
    await user.click(switchOf(id));
    const expected = was === 1 ? 'Inactive' : 'Active';
    expect(within(rowOf(id)).getByTestId('offer-status').textContent).toBe(expected);
    await waitFor(() => expect(serverOffers().find((o) => o.id === id)!.status).toBe(was === 1 ? 0 : 1));
    await waitFor(() => expect(switchOf(id).disabled).toBe(false));
  });

  it('a refused status change goes back and shows "Error on change status offer"', async () => {
    expectConsoleError(/500|offers/i);
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    await listShown();
    const [id] = listedIds();
    const was = serverOffers().find((o) => o.id === id)!.status;
    backend.current.devkit.fail('POST /stores/offers/{id}/status/{status}', 500, { times: 1 });
    await user.click(switchOf(id));
    expect(await screen.findByText('Error on change status offer', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(rowOf(id)).getByTestId('offer-status').textContent).toBe(was === 1 ? 'Active' : 'Inactive');
    expect(switchOf(id).checked).toBe(was === 1);
    expect(serverOffers().find((o) => o.id === id)!.status).toBe(was);
  });
});
