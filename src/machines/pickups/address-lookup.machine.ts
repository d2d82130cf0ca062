import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * "Find from address" on the pickup location form: the address and country typed are
 * geocoded, and a position found moves the form's marker.
 *
 *   idle ─lookup.find→ finding ─→ found     (emits `lookup.found`: the form takes the position)
 *                              ├→ notFound  ("No place matches this address…")
 *                              └→ failed    (the geocoder did not answer; Find again retries)
 *
 * A pickup-form concern of its own, not part of the shared record form (trucks have no address):
 * the form machine keeps the values, this one the look-up. The geocoder is an injected actor
 * (src/machines/pickups/live.ts). Setting the position another way (a map click, typing it) sends
 * `lookup.dismiss`, so an outcome about an older position does not linger.
 */

export interface Position {
  lat: number;
  lon: number;
}

export interface AddressQuery {
  address: string;
  /** Two-letter country code. */
  country: string;
  /** Prefer matches near this place (the store). */
  near?: Position;
}

export interface AddressLookupContext {
  /** What the last look-up asked. */
  query: AddressQuery | null;
  /** What it found. */
  found: Position | null;
}

export type AddressLookupEvent = ({ type: 'lookup.find' } & AddressQuery) | { type: 'lookup.dismiss' };
export type AddressLookupEmitted = { type: 'lookup.found'; position: Position };

export const addressLookupMachine = setup({
  types: {
    context: {} as AddressLookupContext,
    events: {} as AddressLookupEvent,
    emitted: {} as AddressLookupEmitted,
  },
  actors: {
    geocode: promiseNotProvided<Position | null, AddressQuery>('geocode'),
  },
  guards: {
    /** Nothing to look up without an address. */
    hasAddress: ({ event }) => event.type === 'lookup.find' && event.address.trim() !== '',
    wasFound: (_, params: { position: Position | null }) => params.position !== null,
  },
  actions: {
    // Injected: the log.
    logFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'addressLookup',
  context: { query: null, found: null },
  initial: 'idle',
  on: {
    // A newer address replaces a look-up still running (the invoke restarts).
    'lookup.find': {
      guard: 'hasAddress',
      target: '.finding',
      actions: assign({
        query: ({ event }) => ({ address: event.address.trim(), country: event.country, ...(event.near ? { near: event.near } : {}) }),
        found: null,
      }),
    },
  },
  states: {
    idle: {},
    finding: {
      tags: 'busy',
      on: { 'lookup.dismiss': 'idle' },
      invoke: {
        id: 'geocode',
        src: 'geocode',
        input: ({ context }) => context.query!,
        onDone: [
          {
            guard: { type: 'wasFound', params: ({ event }) => ({ position: event.output }) },
            target: 'found',
            actions: [assign({ found: ({ event }) => event.output }), emit(({ event }) => ({ type: 'lookup.found' as const, position: event.output! }))],
          },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    found: {
      description: '"Position found from the address": the marker moved there.',
      on: { 'lookup.dismiss': 'idle' },
    },
    notFound: {
      description: '"No place matches this address": the operator checks it, or sets the position on the map.',
      on: { 'lookup.dismiss': 'idle' },
    },
    failed: {
      description: '"The address could not be looked up": Find again retries.',
      on: { 'lookup.dismiss': 'idle' },
    },
  },
});

export type AddressLookupSnapshot = SnapshotFrom<typeof addressLookupMachine>;
export type AddressLookupOutcome = 'idle' | 'finding' | 'found' | 'notFound' | 'failed';
export const selectLookupOutcome = (s: AddressLookupSnapshot): AddressLookupOutcome => s.value as AddressLookupOutcome;
