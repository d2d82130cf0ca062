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

