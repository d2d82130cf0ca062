import { describe, expect, it } from 'vitest';
import { counterMachine } from '../../src/machines/orders/counter.machine';
import { ANA_LOPEZ, counterPathModel, counterRefreshPathModel, JOSE, PATH_OPEN_ORDERS } from '../../src/machines/orders/counter.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, type ModelPath, type PathModel, firstPathTaking } from '../../src/machines/path-model/model';

const models = [
  { name: 'undo window', model: counterPathModel as PathModel, paths: generatePaths(counterPathModel) },
  { name: 'timed refresh', model: counterRefreshPathModel as PathModel, paths: generatePaths(counterRefreshPathModel) },
];
const allPaths = models.flatMap(({ paths }) => paths);

const pathTaking = (label: string) => firstPathTaking(counterMachine, allPaths, label);

const ids = (path: ModelPath) => path.state.machine.context.orders.map((o: { id: number }) => o.id);

describe('counter machine: generated paths run against a real actor', () => {
  describe.each(models.map((m) => [m.name, m] as const))('%s model', (_, { model, paths }) => {
    it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (__, path) => {
      const executed = await executePath(model, path);
      expect(executed.steps).toHaveLength(path.steps.length);
    });
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const { model, paths } of models) for (const path of paths) executed.push(await executePath(model, path));
    const report = coverage(counterMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(16);
    expect(report.transitions.total).toBe(29);
    expect(report.complete).toBe(true);
    expect(models.map(({ paths }) => paths.length)).toEqual([13, 6]);
  });

  describe('include the operator-facing branches by name', () => {
    it('Enter with several matches selects nothing and says so; with none, says that', () => {
      const several = pathTaking('counter.desk.searching —counter.submit [severalMatches]→ (no target)');
      expect(several.state.machine.context).toMatchObject({ query: 'ana', selected: null, unresolved: 'several' });
      const none = pathTaking('counter.desk.searching —counter.submit→ (no target)');
      expect(none.state.machine.context).toMatchObject({ selected: null, unresolved: 'none' });
    });

    it('Enter with one match selects it; a click on a match selects that one', () => {
      const single = pathTaking('counter.desk.searching —counter.submit [singleMatch]→ counter.desk.selected');
      expect(single.state.machine.context).toMatchObject({ query: 'jose', selected: JOSE, unresolved: null });
      const chosen = pathTaking('counter.desk.searching —counter.choose [isOpenOrder]→ counter.desk.selected');
      expect(chosen.state.machine.context.selected).toEqual(ANA_LOPEZ);
    });

    it('Enter on a selected order hands it over: the desk clears and the order leaves the open orders at once', () => {
      const { state } = pathTaking('counter.desk.selected —counter.submit [not]→ counter.desk.searching');
      expect(state.machine.matches({ desk: 'searching', pickup: 'sending' })).toBe(true);
      expect(state.machine.context).toMatchObject({ query: '', selected: null, picked: { order: ANA_LOPEZ, index: 0 } });
      expect(state.machine.hasTag('sending')).toBe(true);
      expect(ids(pathTaking('counter.pickup.idle —counter.pickUp→ counter.pickup.sending'))).not.toContain(ANA_LOPEZ.id);
    });

    it('a refused handover puts the order back where it stood', () => {
      const { state } = pathTaking('counter.pickup.sending —xstate.error.actor.markPickedUp→ counter.pickup.idle');
      expect(state.machine.context.orders).toEqual(PATH_OPEN_ORDERS);
      expect(state.machine.context.picked).toBeNull();
    });

    it('Undo puts the order back at once; a failed undo takes it out again', () => {
      const undoing = pathTaking('counter.pickup.undoable —counter.undo→ counter.pickup.undoing');
      expect(undoing.state.machine.context.orders).toEqual(PATH_OPEN_ORDERS);
      const undone = pathTaking('counter.pickup.undoing —xstate.done.actor.undoPickup→ counter.pickup.idle');
      expect(undone.state.machine.context).toMatchObject({ orders: PATH_OPEN_ORDERS, picked: null });
      const failed = pathTaking('counter.pickup.undoing —xstate.error.actor.undoPickup→ counter.pickup.idle');
      expect(ids(failed)).not.toContain(ANA_LOPEZ.id);
      expect(failed.state.machine.context.picked).toBeNull();
    });

    it('the undo window closes on its own, and the next handover closes it too', () => {
      const closed = pathTaking('counter.pickup.undoable —xstate.after.undoWindow.counter.pickup.undoable→ counter.pickup.idle');
      expect(closed.state.machine.context.picked).toBeNull();
      expect(ids(closed)).not.toContain(ANA_LOPEZ.id);
      const next = pathTaking('counter.pickup.undoable —counter.pickUp→ counter.pickup.sending');
      expect(next.steps.at(-2)!.state.machine.matches({ pickup: 'undoable' })).toBe(true);
      expect(next.state.machine.matches({ pickup: 'sending' })).toBe(true);
    });

    it('the open orders refresh on their timer, and a failed refresh keeps them', () => {
      const refreshed = pathTaking('counter.data.ready.refreshing —xstate.done.actor.refreshOpenOrders→ counter.data.ready.scheduling');
      expect(refreshed.state.machine.matches({ data: { ready: 'waiting' } })).toBe(true);
      const failed = pathTaking('counter.data.ready.refreshing —xstate.error.actor.refreshOpenOrders→ counter.data.ready.scheduling');
      expect(failed.state.machine.context.orders).toEqual(PATH_OPEN_ORDERS);
    });

    it('hidden, the counter stops refreshing; shown again, it refreshes at once', () => {
      const paused = pathTaking('counter.data.ready.waiting —counter.pause→ counter.data.ready.paused');
      expect(paused.state.machine.context.hidden).toBe(true);
      const resumed = pathTaking('counter.data.ready.paused —counter.resume→ counter.data.ready.refreshing');
      expect(resumed.state.machine.context.hidden).toBe(false);
    });
  });
});
