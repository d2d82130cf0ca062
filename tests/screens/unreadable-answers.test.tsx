import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, postJson, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession, tabNamed } from './support';

/**
 * An answer the console cannot read (HTTP 200, but a body the call's schema refuses)
 * shows its own message instead of the screen's catalogue message, names the operation in the log,
 * leaves the rest of the screen working, and is never called a connection problem. Against the
 * real mock handlers, with one call overridden until the test lets the server answer properly.
 */
const backend = setupTestBackend();

const UNREADABLE = 'The server sent an answer this console does not understand. Please try again later; if it persists, contact support.';
const UNREADABLE_ES = 'El servidor ha enviado una respuesta que esta consola no entiende. Inténtalo de nuevo más tarde; si persiste, contacta con soporte.';
const CATALOGUE = 'We have problems, please retry in a moment';

/** From now on the server answers this call 200 with a body no schema of the console accepts. */
function answerNonsense(method: 'get' | 'post' | 'put', path: string) {
  backend.current.server.use(http[method](`${API}${path}`, () => HttpResponse.json({ nonsense: true })));
}

/** The server answers every call as it should again. */
const answerProperly = () => backend.current.server.resetHandlers();

/** The unreadable message, inside an alert with its Retry. */
async function unreadableAlert(text = UNREADABLE) {
  const message = await screen.findByText(text, {}, { timeout: 5000 });
  const alert = message.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error('the unreadable-answer message is not inside an alert');
  return { alert, retry: within(alert).getByRole('button', { name: /^(Retry|Reintentar)$/ }) };
}

/** Nothing on screen says the server could not be reached. */
function expectNoConnectionWording() {
  expect(document.body.textContent).not.toMatch(/could not reach|connection|offline/i);
}

/** The shell works around the failure: the side navigation with the store and its links. */
function expectShell() {
  expect(screen.getAllByTestId('store-name').length).toBeGreaterThan(0);
  expect(document.querySelector('nav.shell-nav a[href="/operations/orders/pending"]')).toBeTruthy();
}

/** The load's failure was logged (console.info) with the operation that answered nonsense. */
function expectLogged(info: ReturnType<typeof vi.spyOn>, operation: string) {
  expect(info).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ kind: 'unexpected-response', operation }));
}

describe('an answer the console cannot read', () => {
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
    info = vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    answerProperly();
    info.mockRestore();
  });

  it('offers list: says so (not "we have problems"), logs the operation, and Retry shows the list once the server answers properly', async () => {
    answerNonsense('get', '/stores/offers/CurrentOffersByStore/pagination/:storeId');
    const user = userEvent.setup();
    renderConsoleAt('/operations/offers');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText(CATALOGUE)).toBeNull();
    expectNoConnectionWording();
    expectShell();
    // The rest of the page still works: its tabs and the way to a new offer.
    expect(screen.getByText('New offer').closest('a')?.getAttribute('href')).toBe('/operations/offers/create');
    expectLogged(info, 'GET /stores/offers/CurrentOffersByStore/pagination/{storeId}');

    answerProperly();
    await user.click(retry);
    await screen.findByTestId('offers-range', {}, { timeout: 5000 });
    expect(document.querySelectorAll('[data-testid="offer-row"]').length).toBeGreaterThan(0);
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('orders list: says so, keeps the shell, and Retry shows the orders', async () => {
    answerNonsense('post', '/stores/orders/pagination/filters');
    const user = userEvent.setup();
    renderConsoleAt('/operations/orders/pending');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText(CATALOGUE)).toBeNull();
    expectNoConnectionWording();
    expectShell();
    expectLogged(info, 'POST /stores/orders/pagination/filters');

    answerProperly();
    await user.click(retry);
    await screen.findByTestId('orders-range', {}, { timeout: 5000 });
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('overview: says so instead of "We could not load the overview.", the page keeps its parts, Retry shows the figures', async () => {
    answerNonsense('get', '/stores/home');
    const user = userEvent.setup();
    renderConsoleAt('/overview');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText('We could not load the overview.')).toBeNull();
    expectNoConnectionWording();
    expectShell();
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/management/customers');
    expectLogged(info, 'GET /stores/home');

    answerProperly();
    await user.click(retry);
    expect(await screen.findByTestId('figure-overview.salesToday', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('a record list (trucks): says so, the tabs and search stay, Retry shows the trucks', async () => {
    answerNonsense('get', '/stores/trucks/:param');
    const user = userEvent.setup();
    renderConsoleAt('/trucks/active');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText(CATALOGUE)).toBeNull();
    expectNoConnectionWording();
    expectShell();
    expect(tabNamed('Active')).toBeTruthy();
    expectLogged(info, 'GET /stores/trucks/{status}');

    answerProperly();
    await user.click(retry);
    await screen.findByTestId('trucks-table-range', {}, { timeout: 5000 });
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('a settings tab (Business Info): says so, the other tabs stay, Retry opens the form', async () => {
    answerNonsense('get', '/stores/profile/:id');
    const user = userEvent.setup();
    renderConsoleAt('/settings/general');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText(CATALOGUE)).toBeNull();
    expectNoConnectionWording();
    expectShell();
    expect(tabNamed('Business Info')).toBeTruthy();
    expectLogged(info, 'GET /stores/profile/{id}');

    answerProperly();
    await user.click(retry);
    await screen.findByTestId('business-info-form', {}, { timeout: 5000 });
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('a dashboard part: only that part says so, the other parts render', async () => {
    answerNonsense('get', '/stores/management_info_sales');
    const user = userEvent.setup();
    renderConsoleAt('/dashboards/default');
    const { retry } = await unreadableAlert();
    expect(screen.queryByText('Error on get management sales')).toBeNull();
    expect(await screen.findByTestId('figure-management.annualIncome', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    expectLogged(info, 'GET /stores/management_info_sales');

    answerProperly();
    await user.click(retry);
    await waitFor(() => expect(screen.queryByText(UNREADABLE)).toBeNull(), { timeout: 5000 });
  });

  it('is said in Spanish to a Spanish operator', async () => {
    answerNonsense('get', '/stores/offers/CurrentOffersByStore/pagination/:storeId');
    const { services } = renderConsoleAt('/operations/offers');
    await unreadableAlert();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    const { retry } = await unreadableAlert(UNREADABLE_ES);
    expect(retry.textContent).toBe('Reintentar');
  });
});

describe('an answer the console cannot read, on a public page', () => {
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    info = vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    answerProperly();
    info.mockRestore();
  });

  it('the e-mail validation says so instead of "We could not reach the server"; Retry validates', async () => {
    const email = `unreadable.${Date.now()}@newbakery.test`;
    const signup = await postJson(`${API}/stores/signup`, {
      store_name: 'Forn Illegible',
      name_op: 'Marta Puig',
      email,
      phone: '+34 600 111 222',
      password: 'pa55-word-long',
      country: 'ES',
      address: 'València, Carrer de la Pau 7',
      city: 'València',
      language: 'en',
    });
    expect(signup.ok).toBe(true);
    const mail = backend.current.devkit.outbox().findLast((m) => m.kind === 'signupValidation' && m.to === email);
    if (!mail) throw new Error('no validation e-mail in the outbox');
    answerNonsense('put', '/stores/signup/validate/:email/:token');
    const user = userEvent.setup();
    renderConsoleAt(mail.link);
    await waitFor(() => expect(screen.getByTestId('validate-screen').dataset.step).toBe('unreachable'), { timeout: 5000 });
    expect(screen.getByText(UNREADABLE)).toBeTruthy();
    expectNoConnectionWording();
    expectLogged(info, 'PUT /stores/signup/validate/{email}/{token}');

    answerProperly();
    await user.click(screen.getByTestId('validate-retry'));
    await waitFor(() => expect(screen.getByTestId('validate-screen').dataset.step).toBe('verifiedOk'), { timeout: 5000 });
  });
});
