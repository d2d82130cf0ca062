/**
 * Pure date arithmetic of the offer form (spec section 4, "Offer date behaviour"). Times are
 * milliseconds, local time. The machine in src/machines/offer-dates.machine.ts decides when each
 * rule applies; these functions only compute.
 */
export type OfferDay = 'today' | 'tomorrow';


export function startOfLocalDay(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The same wall-clock time `days` calendar days later (safe across daylight-saving changes). */
export function shiftDays(at: number, days: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()).getTime();
}

/** Which day a time falls on, seen from `now`: today, tomorrow, or later/earlier. */
export function dayOf(at: number, now: number): 'past' | OfferDay | 'later' {
  const today = startOfLocalDay(now);
  const day = startOfLocalDay(at);
  if (day < today) return 'past';
  if (day === today) return 'today';
  if (day === startOfLocalDay(shiftDays(today, 1))) return 'tomorrow';
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
  const sameDay = onDayOf(end, start);
  return sameDay <= start ? shiftDays(sameDay, 1) : sameDay;
}

/** The "(TOMORROW)" hint: the end lies on a later calendar day than the start. */
export function endsNextDay(start: number, end: number): boolean {
  return startOfLocalDay(end) > startOfLocalDay(start);
}

function onDayOf(at: number, reference: number): number {
  const d = new Date(at);
  const r = new Date(reference);
  return new Date(r.getFullYear(), r.getMonth(), r.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()).getTime();
}


const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM" of a time, local: what an <input type="time"> shows. */
export function timeOfDay(at: number): string {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `base`'s day at the time of day "HH:MM"; null while the input holds no complete time. */
export function atTimeOfDay(base: number, hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const d = new Date(base);
  d.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return d.getTime();
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
  const sameDay = onDayOf(at, start);
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
