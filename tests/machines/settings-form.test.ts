import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Account } from '../../src/api/accounts';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import type { Billing, OperatorProfileInput } from '../../src/api/settings';
import type { StoreProfile } from '../../src/api/stores';
import { FORM_DRAFT_DEBOUNCE_MS } from '../../src/lib/form-draft';
import { createJournal, type Journal } from '../../src/machines/journal/journal';
import {
  selectSettingsJustSaved,
  selectSettingsLoadFailed,
  selectSettingsLoading,
  selectSettingsRestoredDraft,
  selectSettingsSaveError,
  selectSettingsSaving,
  selectSettingsUnsaved,
  type SettingsFormInput,
  type SettingsSaveInput,
} from '../../src/machines/settings/form.machine';
import {
  blankBilling,
  businessInfoValuesOf,
  liveBillingFormMachine,
  liveBusinessInfoFormMachine,
  liveOperatorProfileFormMachine,
  type BusinessInfoValues,
} from '../../src/machines/settings/live';
import { operatorProfileFailure } from '../../src/machines/profile/form.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM, sessionUser, storeProfile, storeProfileWire } from '../../src/machines/path-model/fixtures';

/**
 * The settings form machine through its three live wirings (real journal and projections, the
 * snackbar and log actions): with fake load and save actors the test settles by hand, and, where a
 * test is about what goes over the wire, the live effects against a scripted server.
 */
const BASE = 'https://api.settings-form.test';

const profile = (overrides: Parameters<typeof storeProfileWire>[0] = {}): StoreProfile => storeProfile(overrides);

const billingWire = (overrides: Partial<Billing> = {}): Billing => ({
  store_id: 1,
  legal_name: 'Panadería Sol S.L.',
  tax_id: 'B12345678',
  billing_email: 'billing@store.test',
  address_print: 'Calle Mayor 1',
  city: 'Madrid',
  postal_code: '28013',
  country: 'ES',
  iban: 'ES91 2100 0418 4502 0005 1332',
  invoice_frequency: 'monthly',
  ...overrides,
});

const operatorAccount: Account = { id: 7, store_id: 1, store_name: 'Bakery Sol', kind: 'operator', holder: 'ana@store.test' };

// ---- the scripted server (only for the tests that keep the live effects) --------------------

const received: Array<{ method: string; path: string; body?: unknown; query?: string }> = [];
/** Per path: the next answer, instead of the default. */
const answers = new Map<string, () => Response>();
const answer = (key: string, fallback: () => Response) => {
  const override = answers.get(key);
  answers.delete(key);
  return (override ?? fallback)();
};

const server = setupServer(
  route.get(`${BASE}/stores/profile/:id`, ({ params, request }) => {
    received.push({ method: 'GET', path: new URL(request.url).pathname });
    return answer('GET profile', () => HttpResponse.json(storeProfileWire({ id: Number(params.id) })));
  }),
  route.post(`${BASE}/stores/profile/basic`, async ({ request }) => {
    const body = (await request.json()) as BusinessInfoValues;
    received.push({ method: 'POST', path: '/stores/profile/basic', body });
    return answer('POST basic', () => HttpResponse.json(storeProfileWire({ ...body, apiKey: 'key-secret-1234567' })));
  }),
  route.get(`${BASE}/stores/accounts`, ({ request }) => {
    const url = new URL(request.url);
    received.push({ method: 'GET', path: url.pathname, query: url.search });
    return answer('GET accounts', () => HttpResponse.json({ data: [operatorAccount], limit: 100, offset: 0, total: 1 }));
  }),
  route.post(`${BASE}/stores/operator/profile`, async ({ request }) => {
    const body = (await request.json()) as OperatorProfileInput;
    received.push({ method: 'POST', path: '/stores/operator/profile', body });
    return answer('POST operator', () => HttpResponse.json({ ...sessionUser().operator, ...body }));
  }),
  route.get(`${BASE}/stores/profile/billing/:id`, ({ params, request }) => {
    received.push({ method: 'GET', path: new URL(request.url).pathname });
    return answer('GET billing', () => HttpResponse.json(billingWire({ store_id: Number(params.id) })));
  }),
  route.post(`${BASE}/stores/profile/billing/:id`, async ({ request }) => {
    const body = (await request.json()) as Billing;
    received.push({ method: 'POST', path: new URL(request.url).pathname, body });
    return answer('POST billing', () => HttpResponse.json(body));
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
});
afterAll(() => server.close());

// ---- the harness ------------------------------------------------------------------------------

const started: AnyActorRef[] = [];

/** A journal with Ana signed in to store 1 (Bakery Sol), as the shell has it. */
function signedInJournal(): Journal {
  const journal = createJournal();
  journal.append({ type: 'session.signedIn', at: MONDAY_9AM, user: sessionUser(), via: 'password' });
  return journal;
}

/** Fake load and save actors: each call waits until the test settles it. */
function fakeActors<TData, TValues>() {
  const calls = {
    load: [] as Array<{ input: SettingsFormInput; reply: Deferred<TData> }>,
    save: [] as Array<{ input: SettingsSaveInput<TData, TValues>; reply: Deferred<TData> }>,
  };
  const actors = {
    load: fromPromise<TData, SettingsFormInput>(({ input }) => {
      const reply = deferred<TData>();
      calls.load.push({ input, reply });
      return reply.promise;
    }),
    save: fromPromise<TData, SettingsSaveInput<TData, TValues>>(({ input }) => {
      const reply = deferred<TData>();
      calls.save.push({ input, reply });
      return reply.promise;
    }),
  };
  return { calls, actors };
}

function businessInfoHarness({ live = false }: { live?: boolean } = {}) {
  const journal = signedInJournal();
  const notices: SnackbarRequest[] = [];
  const { calls, actors } = fakeActors<StoreProfile, BusinessInfoValues>();
  const machine = liveBusinessInfoFormMachine({ journal, notify: (m) => notices.push(m) });
  const actor = createActor(live ? machine : machine.provide({ actors }), { input: { storeId: 1 } }).start();
  started.push(actor);
  return { actor, journal, notices, calls };
}

function operatorHarness() {
  const journal = signedInJournal();
  const notices: SnackbarRequest[] = [];
  const actor = createActor(liveOperatorProfileFormMachine({ journal, notify: (m) => notices.push(m) }), { input: { storeId: 1 } }).start();
  started.push(actor);
  return { actor, journal, notices };
}

function billingHarness() {
  const journal = signedInJournal();
  const notices: SnackbarRequest[] = [];
  const actor = createActor(liveBillingFormMachine({ journal, notify: (m) => notices.push(m) }), { input: { storeId: 1 } }).start();
  started.push(actor);
  return { actor, journal, notices };
}

const apiError = (init: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'http', status: 500, message: 'Internal error', operation: 'POST /stores/profile/basic', ...init });

const typed = (overrides: Partial<BusinessInfoValues> = {}): BusinessInfoValues => ({ ...businessInfoValuesOf(profile()), ...overrides });

describe('settings form machine', () => {
  beforeEach(() => {
    received.length = 0;
    answers.clear();
    // The live machines log failed calls; these tests fail them on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    for (const actor of started.splice(0)) actor.stop();
    vi.restoreAllMocks();
  });

  it('loads the form’s values from the server’s answer: nothing unsaved yet', async () => {
    const { actor, calls } = businessInfoHarness();
    expect(selectSettingsLoading(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.load[0].input).toEqual({ storeId: 1 });
    calls.load[0].reply.resolve(profile());
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(context.saved).toEqual({
      id: 1,
      name: 'Bakery Sol',
      description: 'Bread and pastries',
      email: 'sol@store.test',
      phone: '+34 600 000 000',
      address: { address_print: 'Calle Mayor 1, Madrid', city: 'Madrid', country: 'ES', postal_code: '28013' },
    });
    expect(context.values).toEqual(context.saved);
    expect(context.data?.lat).toBe(40.4169);
    expect(selectSettingsUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('knows whether the form differs from the server: typing makes it unsaved, typing it back does not', async () => {
    const { actor, calls } = businessInfoHarness();
    calls.load[0].reply.resolve(profile());
    await settle();
    actor.send({ type: 'form.changed', values: typed({ name: 'Bakery Sol & Co' }) });
    expect(selectSettingsUnsaved(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.values?.name).toBe('Bakery Sol & Co');
    actor.send({ type: 'form.changed', values: typed() });
    expect(selectSettingsUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('a save records store.profileSaved without the API key, the side navigation’s name follows, and says "Successfully saved"', async () => {
    const { actor, calls, journal, notices } = businessInfoHarness();
    calls.load[0].reply.resolve(profile());
    await settle();
    const values = typed({ name: 'Sol Bakery', description: 'Sourdough' });
    actor.send({ type: 'form.changed', values });
    actor.send({ type: 'form.submit', values });
    expect(selectSettingsSaving(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.save[0].input).toEqual({ storeId: 1, values, data: profile() });

    calls.save[0].reply.resolve(profile({ name: 'Sol Bakery', description: 'Sourdough', apiKey: 'key-secret-1234567' }));
    await settle();
    expect(selectSettingsJustSaved(actor.getSnapshot())).toBe(true);
    expect(selectSettingsUnsaved(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.saved).toEqual(values);
    expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);

    const saved = journal.events().filter((e) => e.type === 'store.profileSaved');
    expect(saved).toHaveLength(1);
    expect(JSON.stringify(journal.export())).not.toContain('key-secret');
    expect(saved[0]).toMatchObject({ profile: { id: 1, name: 'Sol Bakery', description: 'Sourdough' } });
    expect(journal.state().session.user?.store.name).toBe('Sol Bakery');
    expect(journal.state().store.profile?.name).toBe('Sol Bakery');
  });

  it('the echo of what it holds (the form reset after a save) keeps the saved notice; the next change leaves it', async () => {
    const { actor, calls } = businessInfoHarness();
    calls.load[0].reply.resolve(profile());
    await settle();
    actor.send({ type: 'form.submit', values: typed({ name: 'Sol Bakery' }) });
    calls.save[0].reply.resolve(profile({ name: 'Sol Bakery' }));
    await settle();
    actor.send({ type: 'form.changed', values: typed({ name: 'Sol Bakery' }) });
    expect(selectSettingsJustSaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.changed', values: typed({ name: 'Sol Bakery 2' }) });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(selectSettingsUnsaved(actor.getSnapshot())).toBe(true);
  });

  describe('the draft (issue #23, 15)', () => {
    const KEY = 'console.draft.business-info.1';
    const stored = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    beforeEach(() => sessionStorage.clear());

    it('keeps what is typed once typing pauses, at once after a failed save, and drops it once saved', async () => {
      const { actor, calls } = businessInfoHarness();
      calls.load[0].reply.resolve(profile());
      await settle();
      const values = typed({ name: 'Sol Bakery' });
      actor.send({ type: 'form.changed', values });
      expect(stored()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, FORM_DRAFT_DEBOUNCE_MS + 50));
      expect(stored()).toEqual(values);

      sessionStorage.clear();
      actor.send({ type: 'form.submit', values });
      calls.save[0].reply.reject(apiError());
      await settle();
      expect(stored()).toEqual(values);

      actor.send({ type: 'form.submit', values });
      calls.save[1].reply.resolve(profile({ name: 'Sol Bakery' }));
      await settle();
      expect(stored()).toBeNull();
    });

    it('opens on a draft a reload left behind (unsaved, marked restored); typing it back to the server’s drops it', async () => {
      const draft = typed({ name: 'Typed before the reload' });
      sessionStorage.setItem(KEY, JSON.stringify(draft));
      const { actor, calls } = businessInfoHarness();
      calls.load[0].reply.resolve(profile());
      await settle();
      expect(actor.getSnapshot().context).toMatchObject({ values: draft, saved: typed(), dirty: true, restoredDraft: true });
      expect(selectSettingsRestoredDraft(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'form.changed', values: typed() });
      expect(selectSettingsRestoredDraft(actor.getSnapshot())).toBe(false);
      expect(stored()).toBeNull();
    });

    it('drops a draft that does not read with the form’s schema', async () => {
      sessionStorage.setItem(KEY, JSON.stringify({ name: 42 }));
      const { actor, calls } = businessInfoHarness();
      calls.load[0].reply.resolve(profile());
      await settle();
      expect(actor.getSnapshot().context).toMatchObject({ values: typed(), dirty: false, restoredDraft: false });
      expect(sessionStorage.getItem(KEY)).toBeNull();
    });
  });

  it('a failed save says "Error on store data save", keeps every value, records nothing; saving again goes through', async () => {
    const { actor, calls, journal, notices } = businessInfoHarness();
    calls.load[0].reply.resolve(profile());
    await settle();
    const values = typed({ name: 'Sol Bakery', phone: '+34 611 111 111' });
    actor.send({ type: 'form.changed', values });
    actor.send({ type: 'form.submit', values });
    calls.save[0].reply.reject(apiError());
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(selectSettingsSaveError(actor.getSnapshot())).toBe('settings.general.saveFailed');
    expect(notices).toEqual([{ key: 'settings.general.saveFailed', severity: 'error' }]);
    expect(actor.getSnapshot().context).toMatchObject({ values, dirty: true });
    expect(journal.events().some((e) => e.type === 'store.profileSaved')).toBe(false);
    expect(console.info).toHaveBeenCalledWith('Business info call failed', expect.objectContaining({ kind: 'http', status: 500 }));
    // Typing keeps the message until the next attempt.
    actor.send({ type: 'form.changed', values: { ...values, address: { ...values.address, city: 'Getafe' } } });
    expect(selectSettingsSaveError(actor.getSnapshot())).toBe('settings.general.saveFailed');

    actor.send({ type: 'form.submit', values });
    expect(selectSettingsSaveError(actor.getSnapshot())).toBeNull();
    expect(calls.save[1].input.values).toEqual(values);
    calls.save[1].reply.resolve(profile({ name: 'Sol Bakery', phone: '+34 611 111 111' }));
    await settle();
    expect(selectSettingsJustSaved(actor.getSnapshot())).toBe(true);
    expect(notices.at(-1)).toEqual({ key: 'common.successfullySaved', severity: 'success' });
    expect(journal.state().session.user?.store.name).toBe('Sol Bakery');
  });

  it('after a failed save, discarding the changes leaves nothing to retry: the message goes', async () => {
    const { actor, calls, notices } = businessInfoHarness();
    calls.load[0].reply.resolve(profile());
    await settle();
    actor.send({ type: 'form.submit', values: typed({ name: 'Sol Bakery' }) });
    calls.save[0].reply.reject(apiError({ kind: 'timeout', status: undefined }));
    await settle();
    expect(selectSettingsSaveError(actor.getSnapshot())).toBe('settings.general.saveFailed');
    actor.send({ type: 'form.changed', values: typed() });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, dirty: false });
    expect(notices).toEqual([{ key: 'settings.general.saveFailed', severity: 'error' }]);
  });

  it('a failed load can be retried', async () => {
    const { actor, calls } = businessInfoHarness();
    calls.load[0].reply.reject(apiError({ operation: 'GET /stores/profile/{id}' }));
    await settle();
    expect(selectSettingsLoadFailed(actor.getSnapshot())).toBe(true);
    expect(console.info).toHaveBeenCalledWith('Business info call failed', expect.objectContaining({ operation: 'GET /stores/profile/{id}' }));
    actor.send({ type: 'form.retryLoad' });
    expect(selectSettingsLoading(actor.getSnapshot())).toBe(true);
    calls.load[1].reply.resolve(profile());
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
  });

  describe('business info over the wire', () => {
    it('loads GET /stores/profile/{id}; Save posts the edited fields with the store id, never the API key or a position', async () => {
      const { actor, journal } = businessInfoHarness({ live: true });
      await waitFor(actor, (s) => s.matches('editing'));
      expect(received).toEqual([{ method: 'GET', path: '/stores/profile/1' }]);
      const values = typed({ name: 'Sol Bakery', address: { ...typed().address, city: 'Alcalá' } });
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
      expect(received[1]).toEqual({ method: 'POST', path: '/stores/profile/basic', body: values });
      expect(Object.keys(received[1].body as object)).not.toContain('apiKey');
      expect(journal.state().session.user?.store.name).toBe('Sol Bakery');
      expect(JSON.stringify(journal.export())).not.toContain('key-secret');
    });
  });

  describe('operators (the admin profile)', () => {
    it('maps a failure to its message: a refusal (4xx) → "Error to post admin info"; anything else → "Error in update Admin store"', () => {
      const op = 'POST /stores/operator/profile';
      for (const status of [400, 403, 404, 409, 422]) {
        expect(operatorProfileFailure(new ApiError({ kind: 'http', status, message: 'refused', operation: op }))).toBe('settings.security.postFailed');
      }
      for (const status of [500, 502, 503]) {
        expect(operatorProfileFailure(new ApiError({ kind: 'http', status, message: 'down', operation: op }))).toBe('settings.security.updateFailed');
      }
      for (const kind of ['timeout', 'network', 'unexpected-response'] as const) {
        expect(operatorProfileFailure(new ApiError({ kind, message: kind, operation: op }))).toBe('settings.security.updateFailed');
      }
      expect(operatorProfileFailure(new Error('boom'))).toBe('settings.security.updateFailed');
    });

    it('opens on the session’s operator and the store’s operator accounts', async () => {
      const { actor } = operatorHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      expect(received).toEqual([{ method: 'GET', path: '/stores/accounts', query: '?scope=store&limit=100&offset=0&kind=operator' }]);
      expect(actor.getSnapshot().context.saved).toEqual({ name_op: 'Ana', phone: '+34 600 000 001', preferences: { language: 'en' } });
      expect(actor.getSnapshot().context.data?.accounts).toEqual([operatorAccount]);
    });

    it('opens even when the accounts list fails: the list is unavailable, the failure logged', async () => {
      answers.set('GET accounts', () => HttpResponse.json({ message: 'down' }, { status: 503 }));
      const { actor } = operatorHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.data?.accounts).toBeNull();
      expect(actor.getSnapshot().context.saved?.name_op).toBe('Ana');
      expect(console.info).toHaveBeenCalledWith('Store accounts did not load', expect.objectContaining({ status: 503 }));
    });

    it('a save posts the profile and records operator.profileSaved: the session’s operator and the UI language follow', async () => {
      const { actor, journal, notices } = operatorHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      const values: OperatorProfileInput = { name_op: 'Ana María', phone: '+34 622 222 222', preferences: { language: 'es' } };
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
      expect(received.at(-1)).toEqual({ method: 'POST', path: '/stores/operator/profile', body: values });
      expect(journal.events().filter((e) => e.type === 'operator.profileSaved')).toHaveLength(1);
      expect(journal.state().session.user?.operator).toMatchObject({ name_op: 'Ana María', phone: '+34 622 222 222', role: 'OPERATOR' });
      expect(journal.state().preferences.language).toBe('es');
      expect(actor.getSnapshot().context.data?.accounts).toEqual([operatorAccount]);
      expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    });

    it('a 400 says "Error to post admin info", a 500 "Error in update Admin store"; the values stay', async () => {
      const { actor, journal, notices } = operatorHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      const values: OperatorProfileInput = { name_op: 'Ana María', phone: '+34 622 222 222', preferences: { language: 'en' } };
      answers.set('POST operator', () => HttpResponse.json({ message: 'phone: Enter a valid phone number' }, { status: 400 }));
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
      expect(selectSettingsSaveError(actor.getSnapshot())).toBe('settings.security.postFailed');

      answers.set('POST operator', () => HttpResponse.json({ message: 'down' }, { status: 500 }));
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'failed' }) && s.context.error === 'settings.security.updateFailed');
      expect(notices).toEqual([
        { key: 'settings.security.postFailed', severity: 'error' },
        { key: 'settings.security.updateFailed', severity: 'error' },
      ]);
      expect(actor.getSnapshot().context.values).toEqual(values);
      expect(journal.events().some((e) => e.type === 'operator.profileSaved')).toBe(false);
    });
  });

  describe('billing', () => {
    it('loads GET /stores/profile/billing/{id} and posts the edit for the loaded store; the journal records the saved details', async () => {
      const { actor, journal, notices } = billingHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      expect(received).toEqual([{ method: 'GET', path: '/stores/profile/billing/1' }]);
      expect(actor.getSnapshot().context.saved).toEqual(billingWire());
      expect(actor.getSnapshot().context.data).toEqual({ billing: billingWire(), storeId: 1 });
      const before = journal.events().length;
      const values = { ...billingWire(), legal_name: 'Sol Panaderos S.L.', invoice_frequency: 'weekly' as const };
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
      expect(received[1]).toEqual({ method: 'POST', path: '/stores/profile/billing/1', body: values });
      expect(actor.getSnapshot().context.saved).toEqual(values);
      expect(journal.events().slice(before)).toMatchObject([{ type: 'store.billingSaved', billing: values }]);
      expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    });

    it('a store without billing details (GET answers 404) starts from a blank form; the first save creates them', async () => {
      answers.set('GET billing', () => HttpResponse.json({ message: 'Store 1 has no billing details yet' }, { status: 404 }));
      const { actor } = billingHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.data).toEqual({ billing: null, storeId: 1 });
      expect(actor.getSnapshot().context.saved).toEqual(blankBilling(1));
      actor.send({ type: 'form.submit', values: billingWire() });
      await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
      expect(actor.getSnapshot().context.data).toEqual({ billing: billingWire(), storeId: 1 });
    });

    it('any other load failure is a failed load', async () => {
      answers.set('GET billing', () => HttpResponse.json({ message: 'down' }, { status: 500 }));
      const { actor } = billingHarness();
      await waitFor(actor, (s) => s.matches('loadFailed'));
      expect(console.info).toHaveBeenCalledWith('Billing call failed', expect.objectContaining({ status: 500, operation: 'GET /stores/profile/billing/{id}' }));
    });

    it('a failed save says "Error to post billing" and keeps the values', async () => {
      answers.set('POST billing', () => HttpResponse.json({ message: 'down' }, { status: 503 }));
      const { actor, notices } = billingHarness();
      await waitFor(actor, (s) => s.matches('editing'));
      const values = { ...billingWire(), iban: 'ES79 2100 0813 6101 2345 6789' };
      actor.send({ type: 'form.submit', values });
      await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
      expect(selectSettingsSaveError(actor.getSnapshot())).toBe('settings.billing.saveFailed');
      expect(notices).toEqual([{ key: 'settings.billing.saveFailed', severity: 'error' }]);
      expect(actor.getSnapshot().context).toMatchObject({ values, dirty: true });
    });
  });
});
