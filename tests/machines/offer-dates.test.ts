import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { manualClock, setClock } from '../../src/lib/clock';
import { dayRelativeTo, endAfterStart, endsNextDay, onDay, shiftDays, startOfLocalDay } from '../../src/lib/offer-dates';
import {
  offerDatesMachine,
  selectOrderDay,
  selectOrderEndsTomorrow,
  selectPickupDay,
  selectPickupDayDisabled,
  selectPickupEndsTomorrow,
  type OfferWindows,
} from '../../src/machines/offers/dates.machine';
import { executePath, pathTitle } from '../support/path-runner';
import { offerDatesPathModel, offerDatesTomorrowModel } from '../../src/machines/offers/dates.paths';
import { coverage, generatePaths } from '../../src/machines/path-model/model';

const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('offer date arithmetic', () => {
  it('moves a time onto today or tomorrow keeping its wall-clock time', () => {
    const now = at(2026, 11, 22, 9);
    expect(onDay(at(2026, 11, 22, 18), 'tomorrow', now)).toBe(at(2026, 11, 23, 18));
    expect(onDay(at(2026, 11, 23, 18), 'today', now)).toBe(at(2026, 11, 22, 18));
    expect(onDay(at(2026, 11, 25, 7, 30), 'tomorrow', now)).toBe(at(2026, 11, 23, 7, 30));
  });

  it('places an end at or before its start on the next day (the "(TOMORROW)" case)', () => {
    const start = at(2026, 11, 22, 22);
    expect(endAfterStart(start, at(2026, 11, 22, 23))).toBe(at(2026, 11, 22, 23));
    expect(endAfterStart(start, at(2026, 11, 22, 1))).toBe(at(2026, 11, 23, 1));
    expect(endAfterStart(start, start)).toBe(at(2026, 11, 23, 22));
    expect(endsNextDay(start, at(2026, 11, 23, 1))).toBe(true);
    expect(endsNextDay(start, at(2026, 11, 22, 23))).toBe(false);
  });

  it('crosses month and year ends', () => {
    expect(shiftDays(at(2026, 1, 31, 20), 1)).toBe(at(2026, 2, 1, 20));
    expect(shiftDays(at(2026, 12, 31, 23, 30), 1)).toBe(at(2027, 1, 1, 23, 30));
    expect(onDay(at(2026, 2, 28, 21), 'tomorrow', at(2026, 2, 28, 8))).toBe(at(2026, 3, 1, 21));
    expect(dayRelativeTo(at(2027, 1, 1, 0, 5), at(2026, 12, 31, 23, 55))).toBe('tomorrow');
  });

  it('properties: whatever the times, an end lands after its start and within a day of it', () => {
    const time = fc.integer({ min: at(2020, 1, 1, 0), max: at(2030, 12, 31, 23) });
    fc.assert(
      fc.property(time, time, (start, end) => {
        const placed = endAfterStart(start, end);
        expect(placed).toBeGreaterThan(start);
        expect(placed - start).toBeLessThanOrEqual(25 * 3600_000);
        expect(new Date(placed).getHours()).toBe(new Date(end).getHours());
        expect(new Date(placed).getMinutes()).toBe(new Date(end).getMinutes());
      }),
    );
  });

  it('properties: onDay lands on the chosen day with the same wall-clock time, also around midnight', () => {
    const time = fc.integer({ min: at(2020, 1, 1, 0), max: at(2030, 12, 31, 23) });
    fc.assert(
      fc.property(time, time, fc.constantFrom('today' as const, 'tomorrow' as const), (moment, now, day) => {
        const moved = onDay(moment, day, now);
        expect(dayRelativeTo(moved, now)).toBe(day);
        expect(new Date(moved).getHours()).toBe(new Date(moment).getHours());
        expect(new Date(moved).getMinutes()).toBe(new Date(moment).getMinutes());
        expect(startOfLocalDay(moved)).toBe(startOfLocalDay(day === 'today' ? now : shiftDays(now, 1)));
      }),
    );
  });
});

describe('offer dates machine', () => {
  const NOW = at(2026, 11, 22, 9);
  let restore: () => void;
  beforeEach(() => {
    restore = setClock(manualClock(NOW));
  });
  afterEach(() => restore());

  const todayWindows: OfferWindows = {
    orderFrom: at(2026, 11, 22, 10),
    orderTo: at(2026, 11, 22, 18),
    pickupFrom: at(2026, 11, 22, 18),
    pickupTo: at(2026, 11, 22, 20),
  };
  const start = (windows = todayWindows) => createActor(offerDatesMachine, { input: { windows } }).start();

  it('starts on the days the dates are on', () => {
    const actor = start();
    expect(selectOrderDay(actor.getSnapshot())).toBe('today');
    expect(selectPickupDay(actor.getSnapshot())).toBe('today');
    expect(selectPickupDayDisabled(actor.getSnapshot())).toBe(false);
    const tomorrow = start({ ...todayWindows, orderFrom: at(2026, 11, 23, 10), orderTo: at(2026, 11, 23, 18), pickupFrom: at(2026, 11, 23, 18), pickupTo: at(2026, 11, 23, 20) });
    expect(selectOrderDay(tomorrow.getSnapshot())).toBe('tomorrow');
    expect(selectPickupDayDisabled(tomorrow.getSnapshot())).toBe(true);
  });

  it('"tomorrow" for the order shifts every date a day ahead and locks the pickup day', () => {
    const actor = start();
    actor.send({ type: 'dates.chooseOrderDay', day: 'tomorrow' });
    const s = actor.getSnapshot();
    expect(s.context).toEqual({
      orderFrom: at(2026, 11, 23, 10),
      orderTo: at(2026, 11, 23, 18),
      pickupFrom: at(2026, 11, 23, 18),
      pickupTo: at(2026, 11, 23, 20),
    });
    expect(selectPickupDay(s)).toBe('tomorrow');
    expect(selectPickupDayDisabled(s)).toBe(true);
    actor.send({ type: 'dates.choosePickupDay', day: 'today' });
    expect(selectPickupDay(actor.getSnapshot())).toBe('tomorrow');
  });

  it('"today" moves the dates back a day and unlocks the pickup day', () => {
    const actor = start();
    actor.send({ type: 'dates.chooseOrderDay', day: 'tomorrow' });
    actor.send({ type: 'dates.chooseOrderDay', day: 'today' });
    expect(actor.getSnapshot().context).toEqual(todayWindows);
    expect(selectPickupDayDisabled(actor.getSnapshot())).toBe(false);
  });

  it('the pickup day alone moves only the pickup window', () => {
    const actor = start();
    actor.send({ type: 'dates.choosePickupDay', day: 'tomorrow' });
    expect(actor.getSnapshot().context).toEqual({ ...todayWindows, pickupFrom: at(2026, 11, 23, 18), pickupTo: at(2026, 11, 23, 20) });
    actor.send({ type: 'dates.choosePickupDay', day: 'today' });
    expect(actor.getSnapshot().context).toEqual(todayWindows);
  });

  it('setting the order start copies it into the pickup start and end', () => {
    const actor = start();
    actor.send({ type: 'dates.setOrderStart', at: at(2026, 11, 22, 12) });
    expect(actor.getSnapshot().context).toMatchObject({ orderFrom: at(2026, 11, 22, 12), pickupFrom: at(2026, 11, 22, 12), pickupTo: at(2026, 11, 22, 12) });
  });

  it('an end time at or before its start goes to the next day with the (TOMORROW) hint', () => {
    const actor = start();
    actor.send({ type: 'dates.setOrderEnd', at: at(2026, 11, 22, 8) });
    expect(actor.getSnapshot().context.orderTo).toBe(at(2026, 11, 23, 8));
    expect(selectOrderEndsTomorrow(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dates.setPickupStart', at: at(2026, 11, 22, 23) });
    actor.send({ type: 'dates.setPickupEnd', at: at(2026, 11, 22, 1) });
    expect(actor.getSnapshot().context.pickupTo).toBe(at(2026, 11, 23, 1));
    expect(selectPickupEndsTomorrow(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dates.setPickupEnd', at: at(2026, 11, 22, 23, 30) });
    expect(selectPickupEndsTomorrow(actor.getSnapshot())).toBe(false);
  });
});

describe('offer dates machine: generated paths', () => {
  const runs = [offerDatesPathModel, offerDatesTomorrowModel].flatMap((model) => generatePaths(model).map((path) => ({ model, path })));

  it.each(runs.map((run, index) => [pathTitle(run.path, index), run] as const))('%s', async (_, { model, path }) => {
    const executed = await executePath(model, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition', async () => {
    const executed = [];
    for (const { model, path } of runs) executed.push(await executePath(model, path));
    const report = coverage(offerDatesMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.complete).toBe(true);
  });
});
