import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayEnd, dayStart, addDays, isDay } from '../../src/lib/calendar-days';
import { atTimeOfDay, calendarDayOf, isoDateTime, parseCalendarDay, shiftDays, startOfLocalDay, timeOfDay, withTimeOf } from '../../src/lib/dates';
import { daysIn } from '../../src/lib/finance-range';
import { formatClockTime, formatDeliveryDate } from '../../src/lib/delivery-format';
import { formatDate, formatDateAndTime, formatDateTime } from '../../src/lib/format';
import { dayRelativeTo, endsNextDay } from '../../src/lib/offer-dates';

/**
 * lib/dates.ts: the console's local-time dates on dayjs. The properties hold each helper to what a
 * Date built from the same wall-clock fields gives (the rule the console followed before dayjs),
 * in UTC and in zones whose clocks change: by an hour at 02:00 (Madrid, New York, Sydney), by half
 * an hour (Lord Howe Island), and at midnight, so that some days start at 01:00 (Santiago).
 */
const ZONES = ['UTC', 'Europe/Madrid', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago'];

/** Instants from 1971 to 2100, to the millisecond. */
const instants = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) });

/** Node reads TZ again whenever it is assigned; `undefined` must be deleted, not assigned. */
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local wall-clock fields of an instant. */
function fields(at: number) {
  const d = new Date(at);
  return { y: d.getFullYear(), M: d.getMonth(), d: d.getDate(), h: d.getHours(), m: d.getMinutes(), s: d.getSeconds(), ms: d.getMilliseconds() };
}

/** The days (year, month index, date) from `from` to `to` that are not 24 hours long in the current zone. */
function changeDays(from: number, to: number): [number, number, number][] {
  const days: [number, number, number][] = [];
  for (let at = new Date(from, 0, 1); at.getFullYear() <= to; at = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1)) {
    const next = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
    if (next.getTime() - at.getTime() !== 86_400_000) days.push([at.getFullYear(), at.getMonth(), at.getDate()]);
  }
  return days;
}

/** The local instant of a date and time, as the Date constructor reads it. */
const local = (y: number, M: number, d: number, h = 0, m = 0) => new Date(y, M - 1, d, h, m).getTime();

describe.each(ZONES)('dates in %s', (zone) => {
  useZone(zone);

  it('an instant falls in the calendar day its local fields name', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const { y, M, d } = fields(at);
        expect(calendarDayOf(at)).toBe(`${pad(y, 4)}-${pad(M + 1)}-${pad(d)}`);
      }),
    );
  });

  it('a day starts where a Date built for its midnight does, and contains every instant it names', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const { y, M, d } = fields(at);
        const start = new Date(y, M, d).getTime();
        expect(startOfLocalDay(at)).toBe(start);
        expect(parseCalendarDay(calendarDayOf(at))?.valueOf()).toBe(start);
        expect(start <= at && at <= dayEnd(calendarDayOf(at))! + 999).toBe(true);
      }),
    );
  });

  it('a text is a day exactly when a Date built from it names it back', () => {
    const text = fc
      .tuple(fc.integer({ min: 0, max: 2200 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 33 }))
      .map(([y, M, d]) => ({ y, M, d, text: `${pad(y, 4)}-${pad(M)}-${pad(d)}` }));
    fc.assert(
      fc.property(text, ({ y, M, d, text: day }) => {
        const date = new Date(y, M - 1, d);
        const real = y >= 100 && date.getFullYear() === y && date.getMonth() === M - 1 && date.getDate() === d;
        expect(isDay(day)).toBe(real);
        expect(parseCalendarDay(day)?.valueOf() ?? null).toBe(real ? date.getTime() : null);
      }),
    );
  });

  it('shifting by days keeps the wall-clock fields, as the Date constructor does', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -400, max: 400 }), (at, days) => {
        const { y, M, d, h, m, s, ms } = fields(at);
        expect(shiftDays(at, days)).toBe(new Date(y, M, d + days, h, m, s, ms).getTime());
      }),
    );
  });

  it("one instant's time of day on another's day, as the Date constructor builds it", () => {
    fc.assert(
      fc.property(instants, instants, (day, time) => {
        const a = fields(day);
        const b = fields(time);
        expect(withTimeOf(day, time)).toBe(new Date(a.y, a.M, a.d, b.h, b.m, b.s, b.ms).getTime());
      }),
    );
  });

  it('a time input\'s "HH:mm" on a day, as Date#setHours places it, and back', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (base, h, m) => {
        const expected = new Date(base).setHours(h, m, 0, 0);
        expect(atTimeOfDay(base, `${pad(h)}:${pad(m)}`)).toBe(expected);
        const { h: hours, m: minutes } = fields(expected);
        expect(timeOfDay(expected)).toBe(`${pad(hours)}:${pad(minutes)}`);
      }),
    );
  });

  it('on the days the clocks change, around the change, too', () => {
    const changes = changeDays(2020, 2030);
    expect(changes.length > 0).toBe(zone !== 'UTC');
    if (changes.length === 0) return;
    const clock = fc.record({ h: fc.integer({ min: 0, max: 3 }), m: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }), ms: fc.integer({ min: 0, max: 999 }) });
    fc.assert(
      fc.property(fc.constantFrom(...changes), clock, fc.integer({ min: 0, max: 23 }), fc.integer({ min: -3, max: 3 }), ([y, M, d], t, noon, days) => {
        const day = new Date(y, M, d, noon).getTime();
        // The same time of day, taken from a day without a change.
        const time = new Date(2021, 5, 15, t.h, t.m, t.s, t.ms).getTime();
        expect(withTimeOf(day, time)).toBe(new Date(y, M, d, t.h, t.m, t.s, t.ms).getTime());
        expect(atTimeOfDay(day, `${pad(t.h)}:${pad(t.m)}`)).toBe(new Date(day).setHours(t.h, t.m, 0, 0));
        const before = new Date(y, M, d - 1, t.h, t.m, t.s, t.ms).getTime();
        const { y: by, M: bM, d: bd, h, m, s, ms } = fields(before);
        expect(shiftDays(before, 1 + days)).toBe(new Date(by, bM, bd + 1 + days, h, m, s, ms).getTime());
        expect(startOfLocalDay(day)).toBe(new Date(y, M, d).getTime());
        expect(dayEnd(calendarDayOf(day))).toBe(new Date(y, M, d + 1).getTime() - 1000);
      }),
    );
  });

  it('the offer form reads days as before: past, today, tomorrow, later; an end on a later day', () => {
    fc.assert(
      fc.property(instants, instants, (at, now) => {
        const day = fields(at);
        const today = fields(now);
        const dayStartMs = new Date(day.y, day.M, day.d).getTime();
        const todayMs = new Date(today.y, today.M, today.d).getTime();
        const tomorrowMs = new Date(today.y, today.M, today.d + 1).getTime();
        const expected = dayStartMs < todayMs ? 'past' : dayStartMs === todayMs ? 'today' : dayStartMs === tomorrowMs ? 'tomorrow' : 'later';
        expect(dayRelativeTo(at, now)).toBe(expected);
        expect(endsNextDay(now, at)).toBe(dayStartMs > todayMs);
      }),
    );
  });

  it('writes the spec\'s formats from the local fields', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const { y, M, d, h, m, s } = fields(at);
        expect(formatDateTime(at)).toBe(`${y}/${pad(M + 1)}/${pad(d)} ${pad(h)}:${pad(m)}`);
        expect(formatDate(at)).toBe(`${pad(d)} ${pad(M + 1)} ${y}`);
        expect(formatDateAndTime(at)).toBe(`${pad(d)} ${pad(M + 1)} ${y} ${pad(h)}:${pad(m)}`);
        expect(formatDeliveryDate(at)).toBe(`${y}/${pad(M + 1)}/${pad(d)} | ${pad(h)}:${pad(m)}`);
        expect(formatClockTime(at)).toBe(`${pad(h)}:${pad(m)}:${pad(s)}`);
        expect(isoDateTime(at)).toBe(new Date(at).toISOString());
      }),
    );
  });
});

describe('month and year ends', () => {
  useZone('Europe/Madrid');

  it('days and wall-clock times roll over into the next month and year', () => {
    expect(shiftDays(local(2026, 1, 31, 20), 1)).toBe(local(2026, 2, 1, 20));
    expect(shiftDays(local(2024, 2, 28, 9, 30), 1)).toBe(local(2024, 2, 29, 9, 30));
    expect(shiftDays(local(2025, 2, 28, 9, 30), 1)).toBe(local(2025, 3, 1, 9, 30));
    expect(shiftDays(local(2026, 12, 31, 23, 30), 1)).toBe(local(2027, 1, 1, 23, 30));
    expect(shiftDays(local(2027, 1, 1, 0, 15), -1)).toBe(local(2026, 12, 31, 0, 15));
    expect(calendarDayOf(local(2026, 12, 31, 23, 59) + 59_999)).toBe('2026-12-31');
    expect(calendarDayOf(local(2027, 1, 1))).toBe('2027-01-01');
    expect(addDays('2024-12-31', 60)).toBe('2025-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('only real days parse', () => {
    expect(parseCalendarDay('2024-02-29')?.valueOf()).toBe(local(2024, 2, 29));
    for (const text of ['2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '20260105', '2026-01-05T00:00', '2026-01-05 ', '0050-01-01', 'today', '']) {
      expect({ text, day: parseCalendarDay(text) }).toEqual({ text, day: null });
    }
  });
});

describe('days on which the clocks change at 02:00 (Madrid)', () => {
  useZone('Europe/Madrid');

  it('the 23-hour day: 02:30 does not exist, and reads as 03:30 wherever it is asked for', () => {
    // Madrid moves to summer time on 29 March 2026: 02:00 becomes 03:00.
    expect(parseCalendarDay('2026-03-29')?.valueOf()).toBe(local(2026, 3, 29));
    expect((dayEnd('2026-03-29')! + 1000 - dayStart('2026-03-29')!) / 3600_000).toBe(23);
    expect(shiftDays(local(2026, 3, 28, 12), 1) - local(2026, 3, 28, 12)).toBe(23 * 3600_000);
    expect(timeOfDay(shiftDays(local(2026, 3, 28, 2, 30), 1))).toBe('03:30');
    expect(atTimeOfDay(local(2026, 3, 29, 12), '02:30')).toBe(local(2026, 3, 29, 3, 30));
    expect(withTimeOf(local(2026, 3, 29, 12), local(2026, 3, 1, 2, 30))).toBe(local(2026, 3, 29, 3, 30));
    expect(daysIn({ from: '2026-03-28', to: '2026-03-30' })).toBe(3);
  });

  it('the 25-hour day: 02:30 happens twice, and means the first of them', () => {
    // And back to winter time on 25 October 2026: 03:00 becomes 02:00 again.
    expect((dayEnd('2026-10-25')! + 1000 - dayStart('2026-10-25')!) / 3600_000).toBe(25);
    expect(shiftDays(local(2026, 10, 24, 12), 1) - local(2026, 10, 24, 12)).toBe(25 * 3600_000);
    const first = atTimeOfDay(local(2026, 10, 25, 12), '02:30')!;
    expect(isoDateTime(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(calendarDayOf(first)).toBe('2026-10-25');
    expect(daysIn({ from: '2026-10-24', to: '2026-10-26' })).toBe(3);
  });
});

describe('a day whose midnight the clocks skip (Santiago)', () => {
  useZone('America/Santiago');

  it('starts at 01:00 and is still one whole day', () => {
    // Chile moves to summer time at midnight on 7 September 2025: 00:00 becomes 01:00.
    const start = dayStart('2025-09-07')!;
    expect(timeOfDay(start)).toBe('01:00');
    expect(calendarDayOf(start)).toBe('2025-09-07');
    expect(dayEnd('2025-09-06')! + 1000).toBe(start);
    expect((dayEnd('2025-09-07')! + 1000 - start) / 3600_000).toBe(23);
    expect(addDays('2025-09-07', 1)).toBe('2025-09-08');
    expect(addDays('2025-09-08', -1)).toBe('2025-09-07');
    expect(daysIn({ from: '2025-09-06', to: '2025-09-08' })).toBe(3);
    expect(daysIn({ from: '2025-09-07', to: '2025-09-07' })).toBe(1);
    expect(startOfLocalDay(local(2025, 9, 7, 15))).toBe(start);
    expect(dayRelativeTo(local(2025, 9, 8, 0, 30), local(2025, 9, 7, 1))).toBe('tomorrow');
  });
});
