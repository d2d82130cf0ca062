/**
 * Local calendar days as the URL and the date inputs write them (YYYY-MM-DD), and the instants
 * they start and end at. Shared by the finance range and the orders filter.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day an instant (ms) falls in. */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function dateOf(day: string): Date | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  // new Date(2025, 1, 30) is 2 March: a day that does not exist does not survive the round trip.
  // (Years below 100 would be read as 19xx; they fail the same check.)
  return start.getFullYear() === year && start.getMonth() === month && start.getDate() === date ? start : null;
}

/** Whether the text is a real calendar day (2024-02-29 is, 2025-02-29 and 2025-1-5 are not). */
export const isDay = (day: string): boolean => dateOf(day) !== null;

/** The first instant (ms) of a day, local time; null when the text is not a real day. */
export function dayStart(day: string): number | null {
  return dateOf(day)?.getTime() ?? null;
}

/** The last second (ms, whole seconds) of a day, local time; null when the text is not a real day. */
export function dayEnd(day: string): number | null {
  const start = dateOf(day);
  if (!start) return null;
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime() - 1000;
}

/** The day `days` calendar days after (or, negative, before) `day`. Throws on a day that is not real. */
export function addDays(day: string, days: number): string {
  const start = dateOf(day);
  if (!start) throw new Error(`Not a day: ${day}`);
  return dayOf(new Date(start.getFullYear(), start.getMonth(), start.getDate() + days).getTime());
}
