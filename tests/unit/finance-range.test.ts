import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_DEFAULT_DAYS } from '../../src/lib/constants';
import {
  addDays,
  dayEnd,
  calendarDayOf,
  daysIn,
  dayStart,
  defaultFinanceRange,
  financeRangeFromParams,
  financeRangeFromSeconds,
  financeRangeProblems,
  financeRangeToSeconds,
  isDay,
  FINANCE_MAX_DAYS,
  isValidFinanceRange,
} from '../../src/lib/finance-range';

/** Instants from 1971 to 2100: wide enough for month, year and leap-day ends, all after the epoch in every zone. */
const instants = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) });
/** Real days of that span, as the date input writes them. */
const days = instants.map(calendarDayOf);
const ranges = fc.tuple(days, days).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));
/** Ranges the rule accepts by length: one day up to a year. */
const shortRanges = fc.tuple(days, fc.integer({ min: 0, max: FINANCE_MAX_DAYS - 1 })).map(([from, extra]) => ({ from, to: addDays(from, extra) }));

/** Runs the same properties in UTC and in zones with daylight saving time in both hemispheres. */
const ZONES = ['UTC', 'Europe/Madrid', 'America/New_York', 'Australia/Sydney'];

/** Node reads TZ again whenever it is assigned; `undefined` must be deleted, not assigned (it would become the zone "undefined"). */
function useZone(zone: string) {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}

describe.each(ZONES)('finance range in %s', (zone) => {
  useZone(zone);

  it('the default is the last 7 days ending today, today included', () => {
    expect(FINANCE_DEFAULT_DAYS).toBe(7);
    fc.assert(
      fc.property(instants, (now) => {
        const range = defaultFinanceRange(now);
        expect(range.to).toBe(calendarDayOf(now));
        expect(daysIn(range)).toBe(7);
        expect(addDays(range.from, 6)).toBe(range.to);
        expect(dayStart(range.to)! <= now && now <= dayEnd(range.to)! + 999).toBe(true);
        expect(financeRangeProblems(range, now)).toEqual([]);
      }),
    );
  });

  it('no valid range ends after today, starts after it ends or covers more than a year', () => {
    const anyRange = fc.oneof(ranges, shortRanges);
    fc.assert(
      fc.property(anyRange, instants, (range, now) => {
        const valid = isValidFinanceRange(range, now);
        expect(!valid || (range.to <= calendarDayOf(now) && range.from <= range.to && daysIn(range) <= FINANCE_MAX_DAYS)).toBe(true);
      }),
    );
    // A range whose end is after today is refused with "Choose a date no later than today".
    fc.assert(
      fc.property(anyRange, instants, (range, now) => {
        const refused = financeRangeProblems(range, now).some((p) => p.field === 'to' && p.message === 'summary.range.future');
        expect(range.to <= calendarDayOf(now) || refused).toBe(true);
      }),
    );
  });

  it('accepts every range of up to a year that ends by today, and says which day is in the future otherwise', () => {
    fc.assert(
      fc.property(shortRanges, instants, (range, now) => {
        const today = calendarDayOf(now);
        const future = (['from', 'to'] as const).filter((field) => range[field] > today).map((field) => `${field}:summary.range.future`);
        expect(financeRangeProblems(range, now).map((p) => `${p.field}:${p.message}`)).toEqual(future);
      }),
    );
  });

  it('a range converts to seconds from the first second of the first day to the last second of the last, and back', () => {
    fc.assert(
      fc.property(ranges, (range) => {
        const { date_from, date_to } = financeRangeToSeconds(range);
        expect(Number.isInteger(date_from) && Number.isInteger(date_to)).toBe(true);
        expect(date_from * 1000).toBe(dayStart(range.from));
        expect(calendarDayOf(date_from * 1000)).toBe(range.from);
        // One second earlier is the day before; one second later than the end is the day after.
        expect(calendarDayOf(date_from * 1000 - 1000)).toBe(addDays(range.from, -1));
        expect(calendarDayOf(date_to * 1000)).toBe(range.to);
        expect(calendarDayOf(date_to * 1000 + 1000)).toBe(addDays(range.to, 1));
        expect(financeRangeFromSeconds({ date_from, date_to })).toEqual(range);
      }),
    );
  });

  it('every instant falls in the day it names, and adding days moves by calendar days', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -400, max: 400 }), (at, shift) => {
        const day = calendarDayOf(at);
        expect(isDay(day)).toBe(true);
        expect(dayStart(day)! <= at && at <= dayEnd(day)! + 999).toBe(true);
        expect(addDays(addDays(day, shift), -shift)).toBe(day);
        expect(daysIn({ from: day, to: addDays(day, Math.abs(shift)) })).toBe(Math.abs(shift) + 1);
      }),
    );
  });

  it('crosses month and year ends, and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(defaultFinanceRange(new Date(2026, 0, 3, 12).getTime())).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(defaultFinanceRange(new Date(2024, 2, 2, 0, 0, 1).getTime())).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    // The last second of New Year's Eve is still last year.
    const { date_to } = financeRangeToSeconds({ from: '2025-12-31', to: '2025-12-31' });
    expect(calendarDayOf(date_to * 1000)).toBe('2025-12-31');
    expect(date_to + 1).toBe(financeRangeToSeconds({ from: '2026-01-01', to: '2026-01-01' }).date_from);
  });
});

describe('finance range: days that change the clocks', () => {
  useZone('Europe/Madrid');

  it('a 23-hour and a 25-hour day convert exactly', () => {
    // Madrid moves to summer time on 30 March 2025 and back on 26 October 2025.
    const spring = financeRangeToSeconds({ from: '2025-03-30', to: '2025-03-30' });
    expect(spring.date_to - spring.date_from + 1).toBe(23 * 3600);
    const autumn = financeRangeToSeconds({ from: '2025-10-26', to: '2025-10-26' });
    expect(autumn.date_to - autumn.date_from + 1).toBe(25 * 3600);
    expect(daysIn({ from: '2025-03-29', to: '2025-03-31' })).toBe(3);
    expect(defaultFinanceRange(new Date(2025, 2, 31, 8).getTime())).toEqual({ from: '2025-03-25', to: '2025-03-31' });
  });
});

describe('the range rule', () => {
  const now = new Date(2025, 0, 6, 9).getTime();

  it('needs real days: empty, impossible and malformed days each say so under their field', () => {
    expect(financeRangeProblems({ from: '', to: '2025-01-06' }, now)).toEqual([{ field: 'from', message: 'summary.range.required' }]);
    expect(financeRangeProblems({ from: '2025-01-01', to: '2025-02-30' }, now)).toEqual([{ field: 'to', message: 'summary.range.invalid' }]);
    expect(financeRangeProblems({ from: '2025-1-1', to: 'today' }, now)).toEqual([
      { field: 'from', message: 'summary.range.invalid' },
      { field: 'to', message: 'summary.range.invalid' },
    ]);
    expect(financeRangeProblems({ from: '1969-12-30', to: '2025-01-06' }, now)).toEqual([{ field: 'from', message: 'summary.range.tooEarly' }]);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('0050-01-01')).toBe(false);
  });

  it('refuses a day after today ("Choose a date no later than today"), today itself is fine', () => {
    expect(financeRangeProblems({ from: '2025-01-06', to: '2025-01-06' }, now)).toEqual([]);
    expect(financeRangeProblems({ from: '2025-01-01', to: '2025-01-07' }, now)).toEqual([{ field: 'to', message: 'summary.range.future' }]);
    expect(financeRangeProblems({ from: '2025-01-07', to: '2025-01-08' }, now)).toEqual([
      { field: 'from', message: 'summary.range.future' },
      { field: 'to', message: 'summary.range.future' },
    ]);
    // The last millisecond of today is still today.
    expect(financeRangeProblems({ from: '2025-01-06', to: '2025-01-06' }, new Date(2025, 0, 6, 23, 59, 59, 999).getTime())).toEqual([]);
  });

  it('covers at most a year (366 days, so a leap year fits)', () => {
    expect(FINANCE_MAX_DAYS).toBe(366);
    expect(financeRangeProblems({ from: '2024-01-01', to: '2024-12-31' }, now)).toEqual([]);
    expect(financeRangeProblems({ from: '2024-01-06', to: '2025-01-06' }, now)).toEqual([{ field: 'to', message: 'summary.range.tooLong' }]);
    expect(financeRangeProblems({ from: '2023-12-31', to: '2024-12-31' }, now)).toEqual([{ field: 'to', message: 'summary.range.tooLong' }]);
  });

  it('needs from on or before to', () => {
    expect(financeRangeProblems({ from: '2025-01-05', to: '2025-01-04' }, now)).toEqual([{ field: 'to', message: 'summary.range.order' }]);
    fc.assert(
      fc.property(ranges, (range) => {
        const reversed = { from: range.to, to: range.from };
        const problems = financeRangeProblems(reversed, Date.UTC(2100, 0, 2));
        expect(problems).toEqual(range.from === range.to ? [] : [{ field: 'to', message: 'summary.range.order' }]);
      }),
    );
  });
});

describe('the range in the URL', () => {
  const now = new Date(2025, 0, 6, 9).getTime();
  const read = (query: string) => financeRangeFromParams(new URLSearchParams(query), now);
  const fallback = { from: '2024-12-31', to: '2025-01-06' };

  it('reads ?from=&to= when both are there and pass the rule', () => {
    expect(read('from=2024-12-01&to=2024-12-31')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(read('from=2025-01-06&to=2025-01-06&status=pending')).toEqual({ from: '2025-01-06', to: '2025-01-06' });
  });

  it('falls back to the last 7 days when a side is missing or the range is not valid', () => {
    expect(defaultFinanceRange(now)).toEqual(fallback);
    for (const query of ['', 'from=2024-12-01', 'to=2024-12-31', 'from=2024-12-01&to=2025-01-07', 'from=2025-01-05&to=2025-01-01', 'from=yesterday&to=2025-01-01', 'from=2024-02-30&to=2025-01-01', 'from=2023-01-01&to=2025-01-01']) {
      expect({ query, range: read(query) }).toEqual({ query, range: fallback });
    }
  });

  it('whatever the URL says, the range read is valid', () => {
    const text = fc.oneof(days, fc.string({ maxLength: 12 }), fc.constant('2099-01-01'));
    fc.assert(
      fc.property(text, text, instants, (from, to, at) => {
        const range = financeRangeFromParams(new URLSearchParams({ from, to }), at);
        expect(isValidFinanceRange(range, at)).toBe(true);
      }),
    );
  });
});
