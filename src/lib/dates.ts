import dayjs, { type Dayjs } from 'dayjs';

/**
 * The console's date arithmetic, parsing and formatting, on dayjs, in the browser's local time.
 * Instants are milliseconds (what the api layer decodes and lib/clock's now() returns); calendar
 * days are 'YYYY-MM-DD' text (what the URL and a native date input hold).
 *
 * "Now" is always an argument, taken from lib/clock's now() (tests replace it): never call dayjs()
 * without an instant, it would read the machine's clock instead.
 *
 * No plugin is extended, because none is needed yet: dayjs's core reads 'YYYY-MM-DD' and
 * 'YYYY-MM-DD HH:mm' as local time, and every format the console shows (spec section 9) is made of
 * digits, so no locale is involved. A plugin a helper comes to need is extended here, once. This
 * module reaches the signed-in pages only, not the sign-in page (scripts/check-bundle-budget.ts).
 */
export { dayjs, type Dayjs };

/** How a calendar day is written: in the URL, in a native date input, in the delivery map's requests. */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** The local calendar day an instant (ms) falls in, 'YYYY-MM-DD'. */
export const calendarDayOf = (at: number): string => dayjs(at).format(DAY_FORMAT);

/**
 * A calendar day written 'YYYY-MM-DD', at its first instant (local midnight; where a DST change
 * skips midnight, the first local time that exists); null when the text is not a real day.
 * Strict: the text must be exactly what that day prints as, so 2025-02-30 (which rolls over to
 * 2 March), 2025-1-5, '2025-01-05T00:00' and years before 100 (read as 19xx) are not days. That
 * round trip is the check customParseFormat's strict mode makes; the core already reads this
 * format as local time, so the plugin is not needed for it.
 */
export function parseCalendarDay(day: string): Dayjs | null {
  const start = dayjs(day);
  return start.isValid() && start.format(DAY_FORMAT) === day ? start : null;
}

/** The first instant (ms) of the local day `at` falls in. */
export const startOfLocalDay = (at: number): number => dayjs(at).startOf('day').valueOf();

/** The same wall-clock time `days` calendar days later (or, negative, earlier): 23- and 25-hour days included. */
export const shiftDays = (at: number, days: number): number => dayjs(at).add(days, 'day').valueOf();

/**
 * The instant a local calendar day ('YYYY-MM-DD') reads a wall-clock time ('HH:mm', or
 * 'HH:mm:ss.SSS'), parsed by dayjs as a Date would build it: a time that a change to summer time
 * skips lands that much later, an hour read twice in autumn is its first reading.
 */
const atWallClock = (day: string, time: string): number => dayjs(`${day} ${time}`).valueOf();

/** `time`'s wall-clock time (to the millisecond) on `day`'s local calendar day. */
export const withTimeOf = (day: number, time: number): number => atWallClock(calendarDayOf(day), dayjs(time).format('HH:mm:ss.SSS'));

/** "HH:mm" of an instant, local: what an <input type="time"> shows. */
export const timeOfDay = (at: number): string => dayjs(at).format('HH:mm');

/** `base`'s local day at the time of day "HH:mm" (seconds zero); null while the text is no complete time. */
export function atTimeOfDay(base: number, hhmm: string): number | null {
  // What a time input holds, two digits each; dayjs's parser alone would also take "9:5".
  if (!/^\d{2}:\d{2}$/.test(hhmm)) return null;
  return atWallClock(calendarDayOf(base), hhmm);
}

/** An instant as a <time dateTime> attribute writes it (ISO 8601, UTC). */
export const isoDateTime = (at: number): string => dayjs(at).toISOString();
