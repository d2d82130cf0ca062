import { addDays, calendarDayOf, dayEnd, dayStart, isDay } from './calendar-days';
import { FINANCE_DEFAULT_DAYS } from './constants';
import { parseCalendarDay } from './dates';

export { addDays, calendarDayOf, dayEnd, dayStart, isDay };

/**
 * The finance view's date range (spec sections 5 and 9): two local calendar days, written
 * YYYY-MM-DD as a native date input and the URL hold them (?from=2025-01-01&to=2025-01-07), both
 * included. Pure: "now" is always passed in.
 *
 * Daylight saving time: a day runs from its local midnight to the next day's local midnight, so a
 * day on which the clocks change is 23 or 25 hours long and its seconds convert exactly. Where a
 * zone skips midnight itself (a DST change at 00:00), the day starts at the first local time that
 * exists (01:00), which still lies inside that day.
 */
export interface FinanceRange {
  from: string;
  to: string;
}

/** The range as the server takes it: unix seconds, from the first second of `from` to the last second of `to`. */
export interface FinanceRangeSeconds {
  date_from: number;
  date_to: number;
}

/** Message keys of the range rule (the screen words them from the catalogue). */
export type FinanceRangeMessage =
  | 'summary.range.required'
  | 'summary.range.invalid'
  | 'summary.range.tooEarly'
  | 'summary.range.future'
  | 'summary.range.order'
  | 'summary.range.tooLong';

/**
 * The longest range, in days: a year, leap day included. The platform's daily summary answers at
 * most this many days, so a longer range could not show its Daily tab.
 */
export const FINANCE_MAX_DAYS = 366;

export interface FinanceRangeProblem {
  field: keyof FinanceRange;
  message: FinanceRangeMessage;
}


/** Spec sections 5 and 9: the last 7 days up to today, today included (today − 6 … today). */
export function defaultFinanceRange(now: number, days = FINANCE_DEFAULT_DAYS): FinanceRange {
  const to = calendarDayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** One day's problem: empty, not a real day, before 1970 (the server speaks unix seconds), or after today. */
function dayProblem(day: string, today: string): FinanceRangeMessage | null {
  if (day.trim() === '') return 'summary.range.required';
  const start = dayStart(day);
  if (start === null) return 'summary.range.invalid';
  if (start < 0) return 'summary.range.tooEarly';
  // YYYY-MM-DD compares like the days it names.
  if (day > today) return 'summary.range.future';
  return null;
}

/**
 * The range rule: both days real, none after today, `from` not after `to` (the same day twice is
 * a one-day range), at most FINANCE_MAX_DAYS days. Each problem names the field it shows under
 * (problems of the range as a whole show under `to`); an empty list means the range may be applied.
 */
export function financeRangeProblems(range: FinanceRange, now: number): FinanceRangeProblem[] {
  const today = calendarDayOf(now);
  const problems: FinanceRangeProblem[] = [];
  for (const field of ['from', 'to'] as const) {
    const message = dayProblem(range[field], today);
    if (message) problems.push({ field, message });
  }
  if (problems.length > 0) return problems;
  if (range.from > range.to) return [{ field: 'to', message: 'summary.range.order' }];
  if (daysIn(range) > FINANCE_MAX_DAYS) return [{ field: 'to', message: 'summary.range.tooLong' }];
  return [];
}

export const isValidFinanceRange = (range: FinanceRange, now: number): boolean => financeRangeProblems(range, now).length === 0;

/** The range as the server takes it. Throws on days that are not real (check the rule first). */
export function financeRangeToSeconds(range: FinanceRange): FinanceRangeSeconds {
  const start = dayStart(range.from);
  const end = dayEnd(range.to);
  if (start === null || end === null) throw new Error(`Not a range of days: ${range.from} … ${range.to}`);
  return { date_from: Math.floor(start / 1000), date_to: Math.floor(end / 1000) };
}

/** The days a range in seconds covers (the inverse of financeRangeToSeconds). */
export function financeRangeFromSeconds(seconds: FinanceRangeSeconds): FinanceRange {
  return { from: calendarDayOf(seconds.date_from * 1000), to: calendarDayOf(seconds.date_to * 1000) };
}

/**
 * The range in the URL (?from=&to=). Both must be there and pass the rule together; otherwise
 * (a missing side, a typo, a date in the future, from after to, more than a year) the default range is shown, so a
 * link without dates always means "the last 7 days".
 */
export function financeRangeFromParams(params: URLSearchParams, now: number): FinanceRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from === null || to === null) return defaultFinanceRange(now);
  const range = { from, to };
  return isValidFinanceRange(range, now) ? range : defaultFinanceRange(now);
}

/** The number of days a valid range covers, both ends included (DST days count as one). */
export function daysIn(range: FinanceRange): number {
  const start = parseCalendarDay(range.from);
  const end = parseCalendarDay(range.to);
  if (start === null || end === null) throw new Error(`Not a range of days: ${range.from} … ${range.to}`);
  // dayjs counts days by the wall clock; rounded, a day whose midnight a DST change skipped (it
  // starts at 01:00) still counts whole.
  return Math.round(end.diff(start, 'day', true)) + 1;
}
