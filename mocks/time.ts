/**
 * Time helpers shared by the handlers and the scenario seeds. The server speaks unix seconds; the
 * mock backend's clock gives milliseconds. "Today" is the browser's local day, the same day the
 * operator sees on screen, so a seed dated "today at 09:00" and the overview's "today" agree.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Milliseconds → unix seconds, as the wire carries them. */
export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Unix seconds → milliseconds. */
export const millis = (unixSeconds: number): number => unixSeconds * 1000;

/** Local midnight of the day `ms` falls in. */
export function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Local midnight `days` days after the day of `ms` (negative goes back). DST-safe, unlike `+ n × DAY_MS`. */
export function addDays(ms: number, days: number): number {
  const date = new Date(startOfDay(ms));
  date.setDate(date.getDate() + days);
  return date.getTime();
}

/** `hours` (may be fractional) after local midnight of `day`. */
export function atHour(day: number, hours: number): number {
  const date = new Date(startOfDay(day));
  date.setHours(Math.floor(hours), Math.round((hours % 1) * 60), 0, 0);
  return date.getTime();
}

/** Local midnight of the first day of the month `ms` falls in. */
export function startOfMonth(ms: number): number {
  const date = new Date(startOfDay(ms));
  date.setDate(1);
  return date.getTime();
}

/** Local midnight of the first day of the month `months` months after the month of `ms` (negative goes back). */
export function addMonths(ms: number, months: number): number {
  const date = new Date(startOfMonth(ms));
  date.setMonth(date.getMonth() + months);
  return date.getTime();
}

/** The local calendar month of `ms` as the platform writes it: "2026-03". */
export function monthKey(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** A clock for the mock server. */
export type ServerClock = () => number;

/** A clock that starts at `start` and then ticks in real time (tests seed "as of" a fixed moment). */
export function clockFrom(start: number): ServerClock {
  const offset = start - Date.now();
  return () => Date.now() + offset;
}
