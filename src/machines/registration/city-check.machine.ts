import * as z from 'zod';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { cityOf } from '../../api/registration';
import { CITY_CHECK_DEBOUNCE_MS } from '../../lib/constants';
import { isCountryCode } from '../../lib/countries';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The sign-up form's city check, made while the operator types: once they pause
 * (CITY_CHECK_DEBOUNCE_MS), validatecity asks whether the city exists in the country and, when
 * the e-mail is already a valid address, requiredcity whether a new store with that e-mail may
 * register there. Only the text before the first comma is the city (spec section 5), so typing
 * ", Spain" after it asks nothing new.
 *
 *   any ─city.changed (nothing to check)→ idle
 *   any ─city.changed (same question as the last one)→ stays
 *   any ─city.changed (a new question)→ waiting ─after the pause→ checking ─→ accepted | unknownCity | notServed | taken | failed
 *
 * A change while a check is running starts over: the running check is stopped and its answer,
 * should it still arrive, is dropped, so an older answer can never overwrite a newer question's.
 * A failed check blocks nothing: the server checks the city again when the form is sent.
 */

export interface CityQuery {
  /** Two-letter code. */
  country: string;
  /** cityOf(what was typed). */
  city: string;
  /** Lower case; '' while the e-mail typed is not an address yet (then only validatecity is asked). */
  email: string;
}

export interface CityCheckResult {
  /** validatecity: a city the platform knows in that country. */
  valid: boolean;
  /** How the platform writes it ("València" for "valencia"), when valid. */
  city: string | null;
  /** requiredcity, when asked: the platform operates there … */
  served: boolean | null;
  /** … and this e-mail has no store there yet. */
  available: boolean | null;
}

export interface CityCheckContext {
  /** The question being asked or last answered. */
  query: CityQuery | null;
  result: CityCheckResult | null;
}

export type CityCheckEvent = { type: 'city.changed'; country: string; address: string; email: string };

const isEmail = (text: string) => z.email().safeParse(text).success;

/** The question a form state asks; null when there is nothing to check yet. */
export function cityQueryOf(event: { country: string; address: string; email: string }): CityQuery | null {
  const city = cityOf(event.address);
  if (city === '' || !isCountryCode(event.country)) return null;
  const email = event.email.trim().toLowerCase();
  return { country: event.country, city, email: isEmail(email) ? email : '' };
}

const sameQuery = (a: CityQuery | null, b: CityQuery | null) =>
  a !== null && b !== null && a.country === b.country && a.city.toLowerCase() === b.city.toLowerCase() && a.email === b.email;

export const cityCheckMachine = setup({
  types: {
    context: {} as CityCheckContext,
    events: {} as CityCheckEvent,
  },
  actors: {
    /** validatecity, then (with an e-mail) requiredcity. */
    checkCity: promiseNotProvided<CityCheckResult, CityQuery>('checkCity'),
  },
  actions: {
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    nothingToCheck: ({ event }) => cityQueryOf(event) === null,
    alreadyAsked: ({ context, event }) => sameQuery(context.query, cityQueryOf(event)),
    unknownCity: (_, params: { result: CityCheckResult }) => !params.result.valid,
    notServed: (_, params: { result: CityCheckResult }) => params.result.served === false,
    taken: (_, params: { result: CityCheckResult }) => params.result.available === false,
  },
  delays: {
    typingPause: CITY_CHECK_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'cityCheck',
  context: { query: null, result: null },
  initial: 'idle',
  on: {
    'city.changed': [
      { guard: 'nothingToCheck', target: '.idle', actions: assign({ query: null, result: null }) },
      { guard: 'alreadyAsked' },
      // Re-entering restarts the pause (and stops a check under way).
      { target: '.waiting', reenter: true, actions: assign({ query: ({ event }) => cityQueryOf(event), result: null }) },
    ],
  },
  states: {
    idle: { description: 'No city or no country yet: nothing to check.' },
    waiting: {
      description: 'The operator is typing: the check waits for a pause.',
      after: { typingPause: 'checking' },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkCity',
        src: 'checkCity',
        input: ({ context }) => context.query!,
        onDone: [
          { guard: { type: 'unknownCity', params: ({ event }) => ({ result: event.output }) }, target: 'unknownCity', actions: assign({ result: ({ event }) => event.output }) },
          { guard: { type: 'notServed', params: ({ event }) => ({ result: event.output }) }, target: 'notServed', actions: assign({ result: ({ event }) => event.output }) },
          { guard: { type: 'taken', params: ({ event }) => ({ result: event.output }) }, target: 'taken', actions: assign({ result: ({ event }) => event.output }) },
          { target: 'accepted', actions: assign({ result: ({ event }) => event.output }) },
        ],
        // The question is forgotten, so the same city typed again asks again.
        onError: { target: 'failed', actions: [assign({ query: null }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    accepted: { description: 'A city the platform knows (and, with an e-mail, serves and where this e-mail has no store yet).' },
    unknownCity: { description: '"We do not know this city in that country."' },
    notServed: { description: '"We do not operate in this city yet."' },
    taken: { description: '"This e-mail already has a store in this city."' },
    failed: { description: 'The check could not be made; the server checks again when the form is sent.' },
  },
});

export type CityCheckSnapshot = SnapshotFrom<typeof cityCheckMachine>;
export type CityCheckOutcome = 'idle' | 'waiting' | 'checking' | 'accepted' | 'unknownCity' | 'notServed' | 'taken' | 'failed';
export const selectCityOutcome = (s: CityCheckSnapshot): CityCheckOutcome => s.value as CityCheckOutcome;
/** The platform's last answer (null before one). */
export const selectCityResult = (s: CityCheckSnapshot) => s.context.result;
/** The country of the question asked or last answered ('' before one). */
export const selectCityCountry = (s: CityCheckSnapshot) => s.context.query?.country ?? '';
/** Outcomes that stop the form from being sent: the server would refuse it. */
export const isBlockingCityOutcome = (outcome: CityCheckOutcome) => outcome === 'unknownCity' || outcome === 'notServed' || outcome === 'taken';
