import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/machines/journal/events';
import { reduceEvents } from '../../src/machines/journal/journal';
import { pickup } from '../../src/machines/pickups/paths';
import { truck } from '../../src/machines/trucks/paths';

/** The trucks and pickups projections: the whole list as loaded, edited in place by saves and deletes. */
const T = 1_736_150_000_000;
const state = (...events: DomainEvent[]) => reduceEvents(events);

const ACTIVE = [truck(1), truck(2), truck(3)];
const loadedActive: DomainEvent = { type: 'trucks.loaded', at: T, status: 'active', search: '', page: { data: ACTIVE, limit: 10, offset: 0, total: 3 } };
const PICKUPS = [pickup(1), pickup(2)];
const loadedPickups: DomainEvent = { type: 'pickups.loaded', at: T, search: 'lola', page: { data: PICKUPS, limit: 10, offset: 0, total: 2 } };

describe('trucks projection', () => {
  it('starts empty and not loaded (the screen shows skeletons, not "no trucks")', () => {
    expect(state().trucks).toEqual({ status: 'active', search: '', items: [], limit: 10, offset: 0, total: 0, loaded: false });
  });

  it('holds the tab, the search and the whole list as loaded', () => {
    expect(state(loadedActive).trucks).toEqual({ status: 'active', search: '', items: ACTIVE, limit: 10, offset: 0, total: 3, loaded: true });
  });

  it('a deleted truck leaves the list at once, the total with it; an unknown id changes nothing', () => {
    expect(state(loadedActive, { type: 'truck.deleted', at: T + 1, id: 2 }).trucks).toMatchObject({ items: [truck(1), truck(3)], total: 2 });
    expect(state(loadedActive, { type: 'truck.deleted', at: T + 1, id: 9 }).trucks).toEqual(state(loadedActive).trucks);
  });

  it('a saved truck replaces its row; one whose status changed leaves the tab; another tab’s truck changes nothing', () => {
    const renamed = truck(2, { name: 'Van 2 (Ruzafa)' });
    expect(state(loadedActive, { type: 'truck.saved', at: T + 1, truck: renamed }).trucks.items).toEqual([truck(1), renamed, truck(3)]);
    const parked = truck(2, { status: 'maintenance' });
    expect(state(loadedActive, { type: 'truck.saved', at: T + 1, truck: parked }).trucks).toMatchObject({ items: [truck(1), truck(3)], total: 2 });
    const elsewhere = truck(8, { status: 'inactive' });
    expect(state(loadedActive, { type: 'truck.saved', at: T + 1, truck: elsewhere }).trucks).toEqual(state(loadedActive).trucks);
  });

  it('switching the store or signing out forgets the list', () => {
    expect(state(loadedActive, { type: 'store.switched', at: T + 1, fromStoreId: 1, toStoreId: 2 }).trucks.loaded).toBe(false);
    expect(state(loadedActive, { type: 'session.signedOut', at: T + 1, reason: 'user' }).trucks).toEqual(state().trucks);
  });
});

describe('pickups projection', () => {
  it('holds the search and the whole list as loaded', () => {
    expect(state(loadedPickups).pickups).toEqual({ search: 'lola', items: PICKUPS, limit: 10, offset: 0, total: 2, loaded: true });
  });

  it('a deleted location leaves the list at once; a saved one replaces its row', () => {
    expect(state(loadedPickups, { type: 'pickup.deleted', at: T + 1, id: 1 }).pickups).toMatchObject({ items: [pickup(2)], total: 1 });
    const moved = pickup(2, { lat: 39.5, lon: -0.4 });
    expect(state(loadedPickups, { type: 'pickup.saved', at: T + 1, pickup: moved }).pickups.items).toEqual([pickup(1), moved]);
    expect(state(loadedPickups, { type: 'pickup.saved', at: T + 1, pickup: pickup(7) }).pickups).toEqual(state(loadedPickups).pickups);
  });

  it('switching the store or signing out forgets the list', () => {
    expect(state(loadedPickups, { type: 'store.switched', at: T + 1, fromStoreId: 1, toStoreId: 2 }).pickups.loaded).toBe(false);
    expect(state(loadedPickups, { type: 'session.signedOut', at: T + 1, reason: 'expired' }).pickups).toEqual(state().pickups);
  });
});
