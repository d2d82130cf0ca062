import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * /auth/register (issue 8) against the real mock handlers (msw/node): the sign-up form, the city
 * checked while typing, the check-your-inbox screen and its resend; what the operator sees and
 * what the server then holds (the registration, without the policy; the e-mails in the outbox).
 */
const backend = setupTestBackend();

type User = ReturnType<typeof userEvent.setup>;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const country = () => screen.getByTestId('register-country') as HTMLSelectElement;
let counter = 0;
const freshEmail = () => `store.${++counter}.${Date.now()}@newbakery.test`;

const registrationOf = (email: string) => (backend.current.devkit.records('registrations') as Array<Record<string, unknown>>).find((r) => r.email === email);
const mailsTo = (email: string) => backend.current.devkit.outbox().filter((m) => m.to === email);

interface Details {
  store: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmation: string;
  country: string;
  city: string;
  street: string;
  policy: boolean;
}

const details = (overrides: Partial<Details> = {}): Details => ({
  store: 'Forn Nou',
  name: 'Marta Puig',
  email: freshEmail(),
  phone: '+34 600 111 222',
  password: 'pa55-word-long',
  confirmation: 'pa55-word-long',
  country: 'ES',
  city: 'valencia, Comunitat Valenciana',
  street: 'Carrer de la Pau 7',
  policy: true,
  ...overrides,
});

async function fill(user: User, d: Details) {
  await user.type(field('Store name'), d.store);
  await user.selectOptions(country(), d.country);
  await user.type(field('City'), d.city);
  await user.type(field('Street and number'), d.street);
  await user.type(field('Your name'), d.name);
  await user.type(field('Email'), d.email);
  await user.type(field('Phone'), d.phone);
  await user.type(field('Password'), d.password);
  await user.type(field('Repeat the password'), d.confirmation);
  if (d.policy) await user.click(screen.getByTestId('register-policy'));
}

async function openForm(path = '/auth/register') {
  const view = renderConsoleAt(path);
  await screen.findByTestId('register-form', {}, { timeout: 5000 });
  return view;
}

/** Everything the operator typed is still in the form. */
function expectEverythingKept(d: Details) {
  expect({
    store: field('Store name').value,
    name: field('Your name').value,
    email: field('Email').value,
    phone: field('Phone').value,
    password: field('Password').value,
    confirmation: field('Repeat the password').value,
    country: country().value,
    city: field('City').value,
    street: field('Street and number').value,
    policy: (screen.getByTestId('register-policy') as HTMLInputElement).checked,
  }).toEqual(d);
}

/** The message shown under a field (its helper text, which the field names as its description). */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const cityStatus = () => screen.getByTestId('register-city-status').textContent;
const CITY_REFUSED = 'We cannot register a store in this city: it is not valid, or we do not operate there yet.';

const strength = () => screen.getByTestId('register-password-strength').textContent;
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create account' }));

describe('register screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('labels every field with the autocomplete the browser needs, and links to sign in', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
    expect(field('Store name').getAttribute('autocomplete')).toBe('organization');
    expect(field('Your name').getAttribute('autocomplete')).toBe('name');
    expect([field('Email').type, field('Email').getAttribute('autocomplete')]).toEqual(['email', 'email']);
    expect([field('Phone').type, field('Phone').getAttribute('autocomplete')]).toEqual(['tel', 'tel']);
    expect([field('Password').type, field('Password').getAttribute('autocomplete')]).toEqual(['password', 'new-password']);
    expect([field('Repeat the password').type, field('Repeat the password').getAttribute('autocomplete')]).toEqual(['password', 'new-password']);
    expect(field('City').getAttribute('autocomplete')).toBe('address-level2');
    expect(field('Street and number').getAttribute('autocomplete')).toBe('street-address');
    expect(screen.getByLabelText('Country')).toBe(country());
    expect(country().getAttribute('autocomplete')).toBe('country');
    // The spec's country list, two-letter codes as values.
    expect([...country().options].filter((o) => o.value !== '')).toHaveLength(249);
    expect([...country().options].find((o) => o.value === 'ES')?.textContent).toBe('Spain');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('shows and hides each password with its own button', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(field('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    expect(field('Repeat the password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password').type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show the repeated password' })).toBeTruthy();
  });

  it('says what is missing before any call, the policy with "must be checked"', async () => {
    const user = userEvent.setup();
    await openForm();
    await submit(user);
    expect(await screen.findByText('Enter the store’s name')).toBeTruthy();
    for (const message of ['Choose the store’s country', 'Enter the store’s city', 'Enter the street and number', 'Enter your name', 'Enter your e-mail', 'Enter a phone number', 'Use at least 8 characters', 'Repeat your password', 'must be checked']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    // The first field with a message has the focus.
    expect(document.activeElement).toBe(field('Store name'));
    await user.type(field('Phone'), 'call me');
    await user.type(field('Password'), 'pa55-word-long');
    await user.type(field('Repeat the password'), 'pa55-word-lonk');
    await submit(user);
    expect(await screen.findByText('Enter digits, with an optional + and spaces (6 to 20)')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
  });

  it('rates the password as it is typed', async () => {
    const user = userEvent.setup();
    await openForm();
    expect(strength()).toBe('At least 8 characters; longer, with numbers and symbols, is stronger.');
    await user.type(field('Password'), 'short');
    expect(strength()).toBe('Strength: too short');
    await user.type(field('Password'), 'er-with-1-digit');
    expect(strength()).toBe('Strength: strong');
  });

  it('checks the city as it is typed, sending only the text before the first comma', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.includes('/lookups/')) asked.push(decodeURIComponent(new URL(request.url).pathname));
    };
    backend.current.server.events.on('request:start', listener);
    try {
      await openForm();
      await user.selectOptions(country(), 'ES');
      await user.type(field('City'), 'valencia, Comunitat Valenciana');
      await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('València, Spain: found.'));
      await user.type(field('Email'), 'someone.new@newbakery.test');
      await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('València: we operate there.'));
      expect(asked.every((path) => !path.includes(','))).toBe(true);
      expect(asked.some((path) => path.endsWith('/stores/lookups/validatecity/ES/valencia'))).toBe(true);
      expect(asked.some((path) => path.endsWith('/stores/lookups/requiredcity/ES/valencia/someone.new@newbakery.test'))).toBe(true);

      await user.clear(field('City'));
      await user.type(field('City'), 'Murcia');
      await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('We do not operate in Murcia yet.'));
      await user.clear(field('City'));
      await user.type(field('City'), 'Springfield');
      await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('We do not know this city in Spain. Check the spelling, or the country.'));
    } finally {
      backend.current.server.events.removeListener('request:start', listener);
    }
  });

  it('signs up: the check-your-inbox screen, the policy never sent, the e-mail in the outbox; resend and back to the form keep everything', async () => {
    const user = userEvent.setup();
    const d = details();
    const { services } = await openForm();
    await fill(user, d);
    await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('València: we operate there.'));
    await submit(user);

    const sent = await screen.findByTestId('register-email-sent', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBe(document.activeElement);
    expect(sent.textContent).toContain(`We sent a validation link to ${d.email}.`);
    // What the server holds: the details as typed, the city before the first comma, no policy.
    const registration = registrationOf(d.email)!;
    expect(registration).toMatchObject({
      store_name: 'Forn Nou',
      name_op: 'Marta Puig',
      phone: '+34 600 111 222',
      country: 'ES',
      address: 'valencia, Comunitat Valenciana, Carrer de la Pau 7',
      city: 'valencia',
      city_name: 'València',
      language: 'en',
      sends: 1,
    });
    expect(registration).not.toHaveProperty('policy');
    expect(mailsTo(d.email)).toHaveLength(1);
    expect(services.journal.events().filter((e) => e.type === 'registration.emailSent')).toEqual([expect.objectContaining({ email: d.email, resend: false })]);
    expect(JSON.stringify(services.journal.export())).not.toContain(d.password);

    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(await screen.findByText(`Sent again to ${d.email}.`)).toBeTruthy();
    expect(mailsTo(d.email)).toHaveLength(2);
    expect(registrationOf(d.email)).toMatchObject({ sends: 2 });

    await user.click(screen.getByRole('button', { name: 'Change my details' }));
    await screen.findByTestId('register-form');
    expect(field('Store name').value).toBe('Forn Nou');
    expect(field('Email').value).toBe(d.email);
    expect(field('Password').value).toBe(d.password);
    expect(field('City').value).toBe('valencia, Comunitat Valenciana');
    expect(country().value).toBe('ES');
    expect((screen.getByTestId('register-policy') as HTMLInputElement).checked).toBe(true);
  });

  it('what was typed survives a reload, said to be restored, except the passwords, which are never stored', async () => {
    const user = userEvent.setup();
    const d = details();
    await openForm();
    await fill(user, d);
    await waitFor(() => expect(Object.keys(sessionStorage).some((key) => key.startsWith('console.draft.'))).toBe(true));
    await waitFor(() => expect(JSON.stringify(sessionStorage)).toContain(d.street));
    expect(JSON.stringify(sessionStorage)).not.toContain(d.password);

    cleanup();
    await openForm();
    expectEverythingKept({ ...d, password: '', confirmation: '' });
    expect(screen.getByText('Your unsaved changes were restored.')).toBeTruthy();
  });

  it('an e-mail that already has an account is refused on the e-mail field, nothing typed lost, with sign-in and recovery at hand', async () => {
    const user = userEvent.setup();
    const d = details({ email: 'demo@store.test', city: 'Sevilla' });
    await openForm();
    await fill(user, d);
    await submit(user);

    expect(await screen.findByText('An account already uses this e-mail.', {}, { timeout: 5000 })).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Store name').value).toBe('Forn Nou');
    expect(field('Password').value).toBe(d.password);
    expect(field('City').value).toBe('Sevilla');
    expect(screen.getByRole('link', { name: 'Sign in with it' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Recover its password' }).getAttribute('href')).toBe('/auth/recovery');
    // Editing the e-mail clears the refusal.
    await user.clear(field('Email'));
    await user.type(field('Email'), freshEmail());
    expect(screen.queryByText('An account already uses this e-mail.')).toBeNull();
  });

  it('a city the checks refuse keeps the form from being sent', async () => {
    const user = userEvent.setup();
    const d = details({ city: 'Murcia' });
    await openForm();
    await fill(user, d);
    await waitFor(() => expect(screen.getByTestId('register-city-status').textContent).toBe('We do not operate in Murcia yet.'));
    await submit(user);
    expect(document.activeElement).toBe(field('City'));
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    expect(registrationOf(d.email)).toBeUndefined();
  });

  it('a server out of reach says so and keeps everything typed; sending again works', async () => {
    const user = userEvent.setup();
    const d = details();
    await openForm();
    await fill(user, d);
    backend.current.faults.fail('POST /stores/signup', 'offline', { times: 1 });
    await submit(user);
    // No answer at all: whether it arrived cannot be known (issue 23), and sending again is safe.
    expect((await screen.findByTestId('register-error', {}, { timeout: 5000 })).textContent).toBe(
      'We could not confirm that the sign-up arrived. Sending it again is safe: it will not create a second registration.',
    );
    expect(field('Email').value).toBe(d.email);
    expect(field('Repeat the password').value).toBe(d.confirmation);
    await submit(user);
    expect(await screen.findByTestId('register-email-sent', {}, { timeout: 5000 })).toBeTruthy();
    expect(registrationOf(d.email)).toBeTruthy();
  });

  it('a sign-up whose answer is lost says it could not be confirmed and that sending again is safe; sending again makes no second registration (issue 23)', async () => {
    const user = userEvent.setup();
    const d = details();
    await openForm();
    await fill(user, d);
    backend.current.faults.fail('POST /stores/signup', 'lost-response', { times: 1 });
    await submit(user);
    expect((await screen.findByTestId('register-error', {}, { timeout: 5000 })).textContent).toBe(
      'We could not confirm that the sign-up arrived. Sending it again is safe: it will not create a second registration.',
    );
    expect(field('Email').value).toBe(d.email);
    expect(field('Repeat the password').value).toBe(d.confirmation);
    // It had arrived: the server holds it and sent the link.
    expect(registrationOf(d.email)).toBeTruthy();
    await submit(user);
    expect(await screen.findByTestId('register-email-sent', {}, { timeout: 5000 })).toBeTruthy();
    const registrations = (backend.current.devkit.records('registrations') as Array<{ email: string; validatedAt: unknown }>).filter((r) => r.email === d.email);
    expect(registrations).toHaveLength(1);
    const links = mailsTo(d.email).map((m) => m.link);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(1);
  });

  it('a city the server refuses while its check is still running is shown on the City field, with the focus there and nothing typed lost', async () => {
    const user = userEvent.setup();
    // The city check gets no answer until the test lets it through to the real handler.
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.open = resolve));
    const letThrough = () => gate.open?.();
    backend.current.server.use(
      http.post(`${API}/stores/lookups/validatecity/:country/:city`, async () => {
        await held;
      }),
    );
    try {
      const d = details({ city: 'Murcia' });
      await openForm();
      await fill(user, d);
      await waitFor(() => expect(cityStatus()).toBe('Checking the city…'));
      await submit(user);

      await waitFor(() => expect(messageOf(field('City'))).toBe(CITY_REFUSED), { timeout: 5000 });
      expect(field('City').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field('City'));
      expect(screen.queryByTestId('register-error')).toBeNull();
      expectEverythingKept(d);
      expect(registrationOf(d.email)).toBeUndefined();

      // The check, once answered, agrees with the server.
      letThrough();
      await waitFor(() => expect(cityStatus()).toBe('We do not operate in Murcia yet.'));
    } finally {
      letThrough();
      backend.current.server.resetHandlers();
    }
  });

  it('a city the server refuses after its check failed is shown on the City field; a served city then signs up', async () => {
    const user = userEvent.setup();
    backend.current.faults.fail('POST /stores/lookups/validatecity/{country}/{address}', 503);
    const d = details({ city: 'Murcia' });
    await openForm();
    await fill(user, d);
    await waitFor(() => expect(cityStatus()).toBe('The city could not be checked now; it is checked again when you create the account.'));
    await submit(user);

    await waitFor(() => expect(messageOf(field('City'))).toBe(CITY_REFUSED), { timeout: 5000 });
    expect(document.activeElement).toBe(field('City'));
    expectEverythingKept(d);
    expect(registrationOf(d.email)).toBeUndefined();

    // Editing the city clears the refusal; a city the platform serves is accepted.
    await user.clear(field('City'));
    expect(screen.queryByText(CITY_REFUSED)).toBeNull();
    await user.type(field('City'), 'Sevilla');
    await submit(user);
    expect(await screen.findByTestId('register-email-sent', {}, { timeout: 5000 })).toBeTruthy();
    expect(registrationOf(d.email)).toMatchObject({ city_name: 'Sevilla' });
  });

  it('a 400 that names a field ("phone: …") shows the server’s message on that field, with the focus there and nothing typed lost', async () => {
    const user = userEvent.setup();
    backend.current.server.use(
      http.post(`${API}/stores/signup`, () => HttpResponse.json({ field: 'phone', message: 'phone: this number cannot receive text messages' }, { status: 400 }), { once: true }),
    );
    try {
      const d = details();
      await openForm();
      await fill(user, d);
      await submit(user);

      await waitFor(() => expect(messageOf(field('Phone'))).toBe('The server refused this value: this number cannot receive text messages'), { timeout: 5000 });
      expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field('Phone'));
      expect(screen.queryByTestId('register-error')).toBeNull();
      expectEverythingKept(d);
      expect(registrationOf(d.email)).toBeUndefined();
    } finally {
      backend.current.server.resetHandlers();
    }
  });

  it('a 400 that names no field says so above the button, with the server’s message and nothing typed lost', async () => {
    const user = userEvent.setup();
    backend.current.server.use(
      http.post(`${API}/stores/signup`, () => HttpResponse.json({ message: 'Sign-ups are paused for maintenance' }, { status: 400 }), { once: true }),
    );
    try {
      const d = details();
      await openForm();
      await fill(user, d);
      await submit(user);

      expect((await screen.findByTestId('register-error', {}, { timeout: 5000 })).textContent).toBe('The server refused the details: Sign-ups are paused for maintenance');
      expect(screen.getByRole('alert').textContent).toBe('The server refused the details: Sign-ups are paused for maintenance');
      expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
      expectEverythingKept(d);
      expect(registrationOf(d.email)).toBeUndefined();
    } finally {
      backend.current.server.resetHandlers();
    }
  });

  it('a sign-up the server took without sending the e-mail says so and keeps everything typed; creating the account again sends it', async () => {
    const user = userEvent.setup();
    backend.current.server.use(http.post(`${API}/stores/signup`, () => HttpResponse.json({ was_send_email_to_validate: false }), { once: true }));
    try {
      const d = details();
      await openForm();
      await fill(user, d);
      await submit(user);

      expect((await screen.findByTestId('register-error', {}, { timeout: 5000 })).textContent).toBe('We could not send the validation e-mail. Create the account again to retry.');
      expectEverythingKept(d);
      expect(mailsTo(d.email)).toEqual([]);

      await submit(user);
      expect(await screen.findByTestId('register-email-sent', {}, { timeout: 5000 })).toBeTruthy();
      expect(mailsTo(d.email)).toHaveLength(1);
    } finally {
      backend.current.server.resetHandlers();
    }
  });

  it('starts with the e-mail the previous page handed over in the history state (the validation page’s "send me a new link"), never in the URL', async () => {
    renderConsoleAt('/auth/register', {}, { email: 'marta@fornnou.test' });
    await screen.findByTestId('register-form', {}, { timeout: 5000 });
    expect(field('Email').value).toBe('marta@fornnou.test');
    expect(window.location.search).toBe('');
  });

  it('hands the refused e-mail to recovery through the history state: the recovery form starts with it', async () => {
    const user = userEvent.setup();
    const d = details({ email: 'demo@store.test', city: 'Sevilla' });
    await openForm();
    await fill(user, d);
    await submit(user);
    await user.click(await screen.findByRole('link', { name: 'Recover its password' }, { timeout: 5000 }));
    await screen.findByTestId('recovery-form', {}, { timeout: 5000 });
    expect(window.location.pathname + window.location.search).toBe('/auth/recovery');
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe('demo@store.test');
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    const { services } = await openForm();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('debe estar marcada')).toBeTruthy();
    expect(screen.getByLabelText('Nombre de la tienda', { selector: 'input' })).toBeTruthy();
    expect([...country().options].find((o) => o.value === 'DE')?.textContent).toBe('Alemania');
  });
});

describe('the public pages and a signed-in operator', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it.each(['/auth/register', '/auth/validate/marta%40fornnou.test/5f1c0ffee', '/auth/recovery', '/auth/login'])('%s sends a signed-in operator to /', async (path) => {
    renderConsoleAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/overview');
    expect(screen.queryByTestId('register-form')).toBeNull();
  });
});
