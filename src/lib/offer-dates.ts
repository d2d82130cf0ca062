import { dayjs, shiftDays, startOfLocalDay, withTimeOf } from './dates';

/**
 * Pure date arithmetic of the offer form (spec section 4, "Offer date behaviour"). Times are
 * milliseconds, local time; the dates themselves are dayjs's (lib/dates.ts). The machine in
 * src/machines/offers/dates.machine.ts decides when each rule applies; these functions only compute.
 */
export type OfferDay = 'today' | 'tomorrow';

export { atTimeOfDay, shiftDays, startOfLocalDay, timeOfDay } from './dates';

/** Which day a time falls on, seen from `now`: in the past, today, tomorrow, or later. */
export function dayRelativeTo(at: number, now: number): 'past' | OfferDay | 'later' {
  const today = dayjs(now).startOf('day');
  const day = dayjs(at).startOf('day');
  if (day.isBefore(today)) return 'past';
  if (day.isSame(today)) return 'today';
  if (day.isSame(today.add(1, 'day').startOf('day'))) return 'tomorrow';
  return 'later';
}

/** Moves a time onto the chosen day (keeping its wall-clock time). */
export function onDay(at: number, day: OfferDay, now: number): number {
  const target = day === 'today' ? startOfLocalDay(now) : startOfLocalDay(shiftDays(now, 1));
  let moved = at;
  // Step by whole days so the wall-clock time never changes, whatever DST does.
  while (startOfLocalDay(moved) < target) moved = shiftDays(moved, 1);
  while (startOfLocalDay(moved) > target) moved = shiftDays(moved, -1);
  return moved;
}

/**
 * An end time is entered as a time of day after a start: when that time of day is at or before
 * the start's, it means the next day. Returns the end placed on the right day.
 */
export function endAfterStart(start: number, end: number): number {
  const sameDay = withTimeOf(start, end);
  return sameDay <= start ? shiftDays(sameDay, 1) : sameDay;
}

/** The "(TOMORROW)" hint: the end lies on a later calendar day than the start. */
export function endsNextDay(start: number, end: number): boolean {
  return dayjs(end).isAfter(start, 'day');
}

/** The four times of a template's windows, as milliseconds on some day. */
export interface TemplateWindows {
  orderFrom: number;
  orderTo: number;
  pickupFrom: number;
  pickupTo: number;
}

/** `at`'s time of day on `start`'s day, or on the next day when that would be before `start`. */
function atOrAfter(start: number, at: number): number {
  const sameDay = withTimeOf(start, at);
  return sameDay < start ? shiftDays(sameDay, 1) : sameDay;
}

/**
 * A template keeps times of day, not dates: each day's offer opens at the same hours. The form
 * enters four times of day; this places them after the order start, in order: the order end
 * after the order start, the pickup start at or after the order start (nobody collects before
 * they could order), the pickup end after the pickup start. Each lands within a day of the one it
 * follows, so a window that crosses midnight reads "(TOMORROW)" (see endsNextDay).
 */
export function placeTemplateWindows(windows: TemplateWindows): TemplateWindows {
  const { orderFrom } = windows;
  const pickupFrom = atOrAfter(orderFrom, windows.pickupFrom);
  return {
    orderFrom,
    orderTo: endAfterStart(orderFrom, windows.orderTo),
    pickupFrom,
    pickupTo: endAfterStart(pickupFrom, windows.pickupTo),
  };
}
