import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsNextDay, placeTemplateWindows, type TemplateWindows } from '../../src/lib/offer-dates';

/**
 * placeTemplateWindows: a template keeps four times of day; placed after the order start they
 * must come out in order, each within a day of the one it follows, each at the time of day the
 * operator entered — also across midnight and month and year ends.
 *
 * The functions work in local time. The file runs in UTC, where a day is always 24 hours, so the
 * bounds below are exact whatever zone the machine running the tests is set to.
 */
const DAY_MS = 24 * 3600_000;
let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'UTC';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const wallClock = (t: number) => {
  const d = new Date(t);
  return [d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()];
};

/** How far into its (local) day a time is. */
const msOfDay = (t: number) => {
  const [h, min, sec, ms] = wallClock(t);
  return ((h * 60 + min) * 60 + sec) * 1000 + ms;
};

const atOrBefore = (end: number, start: number) => msOfDay(end) <= msOfDay(start);

/** Any moment from 2020 to 2030, to the millisecond. */
const anyTime = fc.integer({ min: at(2020, 1, 1, 0), max: at(2030, 12, 31, 23, 59) });
/** A minute close to midnight on a month's or a year's last or first day (Feb 28/29 included). */
const nearBoundary = fc
  .record({
    year: fc.integer({ min: 2020, max: 2030 }),
    day: fc.constantFrom([1, 31], [1, 1], [2, 28], [2, 29], [3, 1], [4, 30], [6, 30], [12, 31]),
    minute: fc.oneof(fc.integer({ min: 22 * 60, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 2 * 60 })),
  })
  .map(({ year, day: [month, day], minute }) => at(year, month, day, Math.floor(minute / 60), minute % 60));
const time = fc.oneof(anyTime, nearBoundary);
const windows = fc.record({ orderFrom: time, orderTo: time, pickupFrom: time, pickupTo: time });

describe('placeTemplateWindows', () => {
  it('31 Dec 23:30: ends after midnight land in the new year; a pickup earlier in the day goes to 1 Jan', () => {
    const orderFrom = at(2026, 12, 31, 23, 30);
    expect(placeTemplateWindows({ orderFrom, orderTo: at(2026, 12, 31, 0, 30), pickupFrom: at(2026, 12, 31, 23, 45), pickupTo: at(2026, 12, 31, 1, 0) })).toEqual({
      orderFrom,
      orderTo: at(2027, 1, 1, 0, 30),
      pickupFrom: at(2026, 12, 31, 23, 45),
      pickupTo: at(2027, 1, 1, 1, 0),
    });
    // Times entered on another day: only their times of day count.
    expect(placeTemplateWindows({ orderFrom, orderTo: at(2025, 3, 2, 23, 0), pickupFrom: at(2030, 6, 1, 8, 0), pickupTo: at(2020, 1, 1, 7, 0) })).toEqual({
      orderFrom,
      orderTo: at(2027, 1, 1, 23, 0),
      pickupFrom: at(2027, 1, 1, 8, 0),
      pickupTo: at(2027, 1, 2, 7, 0),
    });
  });

  it('an end at the very time of its start is a whole day later; a pickup at the order start stays there', () => {
    const orderFrom = at(2028, 2, 28, 22, 0);
    expect(placeTemplateWindows({ orderFrom, orderTo: orderFrom, pickupFrom: orderFrom, pickupTo: orderFrom })).toEqual({
      orderFrom,
      orderTo: at(2028, 2, 29, 22, 0),
      pickupFrom: orderFrom,
      pickupTo: at(2028, 2, 29, 22, 0),
    });
  });

  it('properties: for any four times, in order, each within 24 h of the one it follows', () => {
    fc.assert(
      fc.property(windows, (input) => {
        const placed = placeTemplateWindows(input);
        expect(placed.orderFrom).toBe(input.orderFrom);
        expect(placed.orderTo).toBeGreaterThan(placed.orderFrom);
        expect(placed.orderTo - placed.orderFrom).toBeLessThanOrEqual(DAY_MS);
        expect(placed.pickupFrom).toBeGreaterThanOrEqual(placed.orderFrom);
        expect(placed.pickupFrom - placed.orderFrom).toBeLessThan(DAY_MS);
        expect(placed.pickupTo).toBeGreaterThan(placed.pickupFrom);
        expect(placed.pickupTo - placed.pickupFrom).toBeLessThanOrEqual(DAY_MS);
      }),
      { numRuns: 500 },
    );
  });

  it('properties: every time keeps its wall-clock time of day, and the "(TOMORROW)" hint matches crossing midnight', () => {
    fc.assert(
      fc.property(windows, (input) => {
        const placed = placeTemplateWindows(input);
        const keys = ['orderFrom', 'orderTo', 'pickupFrom', 'pickupTo'] as const;
        expect(keys.map((key) => [key, ...wallClock(placed[key])])).toEqual(keys.map((key) => [key, ...wallClock(input[key])]));
        // The end shows "(TOMORROW)" exactly when its time of day is at or before its start's.
        expect(endsNextDay(placed.orderFrom, placed.orderTo)).toBe(atOrBefore(input.orderTo, input.orderFrom));
        expect(endsNextDay(placed.pickupFrom, placed.pickupTo)).toBe(atOrBefore(input.pickupTo, input.pickupFrom));
      }),
      { numRuns: 500 },
    );
  });

  it('properties: placing windows already placed changes nothing', () => {
    fc.assert(
      fc.property(windows, (input) => {
        const placed: TemplateWindows = placeTemplateWindows(input);
        expect(placeTemplateWindows(placed)).toEqual(placed);
      }),
      { numRuns: 300 },
    );
  });
});
