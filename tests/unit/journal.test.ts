import { template } from '../../src/machines/templates/list.paths';
import { pickup } from '../../src/machines/pickups/paths';
import { truck } from '../../src/machines/trucks/paths';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { OfferSchema } from '../../src/api/offers';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal, initialProjectionState, reduceEvents, replay, type Journal, type JournalExport } from '../../src/machines/journal/journal';
import { projectionDefinitions, type ProjectionName } from '../../src/machines/journal/projections';
import { domainEventsArbitrary, domainEventTypes, eventArbitraries } from '../support/event-arbitraries';
import { offerWire, sessionUser, storeProfile } from '../../src/machines/path-model/fixtures';

const T = 1_736_150_000_000;
const user = sessionUser({ storeId: 1 });
const profile = storeProfile({ id: 1, name: 'Renamed bakery' });

/** One event for each projection, so together they leave no projection in its initial state. */
const touchesEveryProjection: DomainEvent[] = [
  { type: 'session.signedIn', at: T, user, via: 'password' },
  { type: 'store.profileLoaded', at: T + 1, profile },
  { type: 'accounts.loaded', at: T + 2, accounts: [{ id: 1, store_id: 1, store_name: 'Bakery Sol', kind: 'operator', holder: 'ana@store.test' }] },
  { type: 'lookups.loaded', at: T + 3, lang: 'es', lookups: { offer_type: [{ id: 1, name: 'Pan' }], dietary_fit: [], cuisine_type: [], business_type: [] } },
  { type: 'consent.given', at: T + 4 },
  { type: 'offers.loaded', at: T + 5, filter: 'active', page: { data: [z.decode(OfferSchema, offerWire())], limit: 10, offset: 0, total: 1 } },
  { type: 'templates.loaded', at: T + 6, filter: 'recurring', search: 'bread', page: { data: [template(4)], limit: 10, offset: 0, total: 1 } },
  {
    type: 'orders.loaded',
    at: T + 7,
    filter: { tab: 'sold', statuses: ['PICKED_UP'], from: '2026-11-15', to: null, search: 'ana', sort: 'newest' },
    page: { data: [], limit: 10, offset: 0, total: 0 },
  },
  {
    type: 'orders.synchronized',
    at: T + 8,
    sync: { synced_at: T + 8, since: 0, previous_synced_at: null, sent: 0, created: 0, updated: 0, orders: [] },
  },
  // --- deliveries (issue 7) ---
  {
    type: 'deliveries.loaded',
    at: T + 9,
    filter: { status: 'assigned', from: '2026-11-20', to: null, truck: 'Van 1', text: '' },
    page: { data: [], limit: 12, offset: 0, total: 0 },
  },
  { type: 'deliveries.todayLoaded', at: T + 10, day: '2026-11-22', deliveries: [] },
  // --- trucks & pickups (issue 7) ---
  { type: 'trucks.loaded', at: T + 11, status: 'maintenance', search: 'van', page: { data: [truck(3, { status: 'maintenance' })], limit: 10, offset: 0, total: 1 } },
  { type: 'pickups.loaded', at: T + 12, search: '', page: { data: [pickup(1), pickup(2)], limit: 10, offset: 0, total: 2 } },
  // --- registration (issue 8) ---
  { type: 'registration.emailSent', at: T + 13, email: 'new@bakery.test', resend: false },
];

function journalWith(events: readonly DomainEvent[], options?: { maxEvents?: number }): Journal {
  const journal = createJournal(options);
  for (const event of events) journal.append(event);
  return journal;
}

/** What a bug report carries: the export as text, read back. */
const throughJson = (exported: JournalExport): JournalExport => JSON.parse(JSON.stringify(exported));

const storeContexts = (journal: Journal) =>
  Object.fromEntries((Object.keys(projectionDefinitions) as ProjectionName[]).map((name) => [name, journal.stores[name].getSnapshot().context]));

describe('journal', () => {
  it('applies an appended event to every projection store', () => {
    const journal = journalWith(touchesEveryProjection);
    const state = journal.state();

    expect(state.session).toMatchObject({ user: { ...user, store: { ...user.store, name: 'Renamed bakery' } }, signedInAt: T });
    expect(state.store.profile).toEqual(profile);
    expect(state.notifications.items).toEqual(profile.notifications);
    expect(state.accounts.accounts).toHaveLength(1);
    expect(state.lookups.byLanguage.es?.offer_type).toEqual([{ id: 1, name: 'Pan' }]);
    expect(state.preferences).toEqual({ language: 'en', cookieConsent: true });
    expect(state.offers).toMatchObject({ filter: 'active', total: 1, loaded: true });
    expect(state.templates).toMatchObject({ filter: 'recurring', search: 'bread', total: 1, loaded: true });
    expect(state.orders).toMatchObject({ filter: { tab: 'sold', search: 'ana' }, total: 0, loaded: true });
    expect(state.crmSync.runs).toHaveLength(1);
    expect(state.deliveries).toMatchObject({ filter: { status: 'assigned', truck: 'Van 1' }, total: 0, loaded: true });
    expect(state.deliveriesToday).toEqual({ day: '2026-11-22', items: [] });
    expect(state.trucks).toMatchObject({ status: 'maintenance', search: 'van', items: [{ id: 3 }], total: 1, loaded: true });
    expect(state.pickups).toMatchObject({ search: '', total: 2, loaded: true });
    expect(state.registration).toEqual({ email: 'new@bakery.test', was_send_email_to_validate: true, email_was_verified_ok: false, email_was_verified_error: false });
    // state() is what the stores hold, not a separate copy.
    expect(storeContexts(journal)).toEqual(state);
    const untouched = (Object.keys(projectionDefinitions) as ProjectionName[]).filter((name) =>
      isDeepStrictEqual(state[name], initialProjectionState()[name]),
    );
    expect(untouched).toEqual([]);
  });

  it('tells subscribers about each event after the projections have it', () => {
    const journal = createJournal();
    const seen: Array<[string, string | null]> = [];
    const stop = journal.subscribe((event) => seen.push([event.type, journal.state().preferences.language]));
    journal.append({ type: 'preferences.languageChanged', at: T, language: 'es' });
    stop();
    journal.append({ type: 'consent.given', at: T + 1 });
    expect(seen).toEqual([['preferences.languageChanged', 'es']]);
  });

  it('keeps its own copy of an event, so a caller mutating it later changes nothing', () => {
    const event: DomainEvent = { type: 'session.signedIn', at: T, user: sessionUser(), via: 'password' };
    const journal = journalWith([event]);
    event.user.operator.name_op = 'Mallory';
    expect(journal.state().session.user?.operator.name_op).toBe('Ana');
    expect(journal.export().events[0]).toMatchObject({ user: { operator: { name_op: 'Ana' } } });
  });

  it('resets every projection to its initial state on session.signedOut', () => {
    const journal = journalWith([...touchesEveryProjection, { type: 'session.signedOut', at: T + 10, reason: 'user' }]);
    expect(journal.state()).toEqual(initialProjectionState());
    expect(storeContexts(journal)).toEqual(initialProjectionState());
  });

  it('keeps at most maxEvents events, yet its export replays to exactly the live state', () => {
    const journal = journalWith(touchesEveryProjection.concat(touchesEveryProjection.map((e) => ({ ...e, at: e.at + 100 }))), { maxEvents: 5 });
    expect(journal.events()).toHaveLength(5);
    const last = touchesEveryProjection.length - 1;
    expect(journal.events().map((e) => e.at)).toEqual([T + 100 + last - 4, T + 100 + last - 3, T + 100 + last - 2, T + 100 + last - 1, T + 100 + last]);
    expect(replay(journal.export())).toEqual(journal.state());
    // The events alone would not rebuild the state: the dropped ones live on in the checkpoint.
    expect(journal.export().checkpoint).not.toEqual(initialProjectionState());
  });

  it('exports plain JSON: the export read back from text replays to the same state', () => {
    const journal = journalWith(touchesEveryProjection, { maxEvents: 3 });
    const exported = journal.export();
    expect(throughJson(exported)).toEqual(exported);
    expect(replay(throughJson(exported))).toEqual(journal.state());
  });

  it('replays a bare event list from the initial state', () => {
    expect(replay(touchesEveryProjection)).toEqual(journalWith(touchesEveryProjection).state());
    expect(replay([])).toEqual(initialProjectionState());
  });

  it('has an arbitrary for every event type of the catalogue', () => {
    // The mapped type in event-arbitraries makes a missing one a type error; this guards the runtime list.
    expect(domainEventTypes).toEqual(Object.keys(eventArbitraries));
    fc.assert(
      fc.property(fc.constantFrom(...domainEventTypes).chain((type): fc.Arbitrary<DomainEvent> => eventArbitraries[type]), (event) => {
        expect(domainEventTypes).toContain(event.type);
        expect(JSON.parse(JSON.stringify(event))).toEqual(event);
      }),
      { numRuns: 200 },
    );
  });

  describe('property: the live state is the replayed state', () => {
    it.each([
      ['unbounded', undefined],
      ['bounded to 1', 1],
      ['bounded to 2', 2],
      ['bounded to 5', 5],
    ])('%s', (_, maxEvents) => {
      fc.assert(
        fc.property(domainEventsArbitrary({ maxLength: 30 }), (events) => {
          const journal = journalWith(events, { maxEvents });
          const live = journal.state();
          const exported = journal.export();

          expect(replay(exported)).toEqual(live);
          expect(replay(throughJson(exported))).toEqual(live);
          // Folding the whole history from scratch agrees too: bounding loses nothing.
          expect(reduceEvents(events)).toEqual(live);
          const kept = maxEvents === undefined ? events : events.slice(Math.max(0, events.length - maxEvents));
          expect(exported.events).toEqual(kept);
        }),
        { numRuns: 150 },
      );
    });
  });
});

describe('store projection: Settings → Devices', () => {
  it('store.devicesChanged replaces the allowance and the devices of the loaded store only', () => {
    const device = { id: 7, name: 'Scanner', model: 'TC22', registered_at: T };
    const journal = journalWith([
      { type: 'store.profileLoaded', at: T, profile },
      { type: 'store.devicesChanged', at: T + 1, storeId: profile.id + 1, devicesAllowed: 9, devices: [] },
    ]);
    expect(journal.state().store.profile).toEqual(profile);
    journal.append({ type: 'store.devicesChanged', at: T + 2, storeId: profile.id, devicesAllowed: 4, devices: [device] });
    expect(journal.state().store.profile).toEqual({ ...profile, devicesAllowed: 4, devices: [device] });
    // A renewed key changes nothing a projection holds (the key is never in the journal).
    journal.append({ type: 'store.apiKeyRenewed', at: T + 3, storeId: profile.id });
    expect(journal.state().store.profile).toEqual({ ...profile, devicesAllowed: 4, devices: [device] });
  });
});

describe('session projection: the user object survives events that do not change it', () => {
  it('a resumed session signing in as the remembered operator, then loading the same store profile, keeps the same user object', () => {
    // The store card as the profile has it (what the console stored when the operator signed in).
    const remembered = { ...user, store: { ...user.store, name: profile.name, lat: profile.lat, lon: profile.lon, avatar: profile.avatar } };
    const journal = journalWith([{ type: 'session.resuming', at: T, user: remembered }]);
    const shown = journal.state().session.user;
    journal.append({ type: 'session.signedIn', at: T + 1, user: structuredClone(remembered), via: 'provider' });
    expect(journal.state().session.user).toBe(shown);
    expect(journal.state().session.signedInAt).toBe(T + 1);
    journal.append({ type: 'store.profileLoaded', at: T + 2, profile: structuredClone(profile) });
    expect(journal.state().session.user).toBe(shown);
    // A profile that does change the store card does replace it.
    journal.append({ type: 'store.profileLoaded', at: T + 3, profile: { ...profile, name: 'Bakery Sol at the market' } });
    expect(journal.state().session.user?.store.name).toBe('Bakery Sol at the market');
  });

  it('another user signing in replaces it', () => {
    const journal = journalWith([{ type: 'session.resuming', at: T, user }]);
    const other = sessionUser({ storeId: 2 });
    journal.append({ type: 'session.signedIn', at: T + 1, user: other, via: 'provider' });
    expect(journal.state().session.user).toEqual(other);
  });
});

const flags = (journal: Journal) => journal.state().registration;

describe('registration projection: the flags of spec section 3', () => {
  it('records the e-mail sent, then the link accepted or refused, for that address', () => {
    const journal = journalWith([{ type: 'registration.emailSent', at: T, email: 'new@bakery.test', resend: false }]);
    expect(flags(journal)).toEqual({ email: 'new@bakery.test', was_send_email_to_validate: true, email_was_verified_ok: false, email_was_verified_error: false });
    journal.append({ type: 'registration.emailSent', at: T + 1, email: 'new@bakery.test', resend: true });
    journal.append({ type: 'registration.verified', at: T + 2, email: 'new@bakery.test' });
    expect(flags(journal)).toEqual({ email: 'new@bakery.test', was_send_email_to_validate: true, email_was_verified_ok: true, email_was_verified_error: false });
  });

  it('a link for another address (another tab, another day) does not inherit this one’s flags', () => {
    const journal = journalWith([
      { type: 'registration.emailSent', at: T, email: 'new@bakery.test', resend: false },
      { type: 'registration.verificationFailed', at: T + 1, email: 'other@bakery.test' },
    ]);
    expect(flags(journal)).toEqual({ email: 'other@bakery.test', was_send_email_to_validate: false, email_was_verified_ok: false, email_was_verified_error: true });
  });

  it('never holds a password: the events carry the e-mail only', () => {
    fc.assert(
      fc.property(fc
          .constantFrom<DomainEvent['type']>('registration.emailSent', 'registration.verified', 'registration.verificationFailed')
          .chain((type): fc.Arbitrary<DomainEvent> => eventArbitraries[type]), (event) => {
        expect(Object.keys(event).sort()).toEqual(event.type === 'registration.emailSent' ? ['at', 'email', 'resend', 'type'] : ['at', 'email', 'type']);
      }),
    );
  });
});
