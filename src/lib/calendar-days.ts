import { calendarDayOf, DAY_FORMAT, parseCalendarDay } from './dates';

/**
 * Local calendar days as the URL and the date inputs write them (YYYY-MM-DD), and the instants
 * they start and end at. Shared by the finance range and the orders filter. The dates themselves
 * are dayjs's (lib/dates.ts).
 */
export { calendarDayOf };

/** Whether the text is a real calendar day (2024-02-29 is, 2025-02-29 and 2025-1-5 are not). */
export const isDay = (day: string): boolean => parseCalendarDay(day) !== null;

/** The first instant (ms) of a day, local time; null when the text is not a real day. */
export function dayStart(day: string): number | null {
  return parseCalendarDay(day)?.valueOf() ?? null;
}

/** The last second (ms, whole seconds) of a day, local time; null when the text is not a real day. */
export function dayEnd(day: string): number | null {
  const start = parseCalendarDay(day);
  // The next day's start, one second earlier. startOf('day') again: where a DST change skipped
  // this day's midnight, `start` reads 01:00 and so would the next day.
  return start === null ? null : start.add(1, 'day').startOf('day').valueOf() - 1000;
}

/** The day `days` calendar days after (or, negative, before) `day`. Throws on a day that is not real. */
export function addDays(day: string, days: number): string {
  const start = parseCalendarDay(day);
  if (!start) throw new Error(`Not a day: ${day}`);
  return start.add(days, 'day').format(DAY_FORMAT);
}
