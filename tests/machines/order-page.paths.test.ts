import { describe, expect, it } from 'vitest';
import { orderPageMachine } from '../../src/machines/orders/page.machine';
import { orderPagePathModel, PATH_CANCELLED, PATH_ORDER } from '../../src/machines/orders/page.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, PATH_CLOCK_START, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(orderPagePathModel);

const pathTaking = (label: string) => firstPathTaking(orderPageMachine, paths, label);

describe('order page machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(orderPagePathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(orderPagePathModel, path));
    const report = coverage(orderPageMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(7);
    expect(report.transitions.total).toBe(11);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(6);
  });

  describe('include the operator-facing branches by name', () => {
    it('a failed load shows the failure, and Retry loads again', () => {
      const failed = pathTaking('orderPage.loading —xstate.error.actor.loadOrder→ orderPage.failed');
      expect(failed.state.machine.value).toBe('failed');
      const retried = pathTaking('orderPage.failed —order.retry→ orderPage.loading');
      expect(retried.state.machine.hasTag('loading')).toBe(true);
    });

    it('"picked up" shows at once, and the server answer replaces it', () => {
      const changing = pathTaking('orderPage.ready.idle —order.setStatus [canSetStatus]→ orderPage.ready.changingStatus');
      expect(changing.state.machine.hasTag('mutating')).toBe(true);
      expect(changing.state.machine.context).toMatchObject({ order: { status: 1, pickup_date: PATH_CLOCK_START }, before: PATH_ORDER, attempted: 1 });
      const done = pathTaking('orderPage.ready.changingStatus —xstate.done.actor.setStatus→ orderPage.ready.idle');
      expect(done.state.machine.context).toEqual({ orderId: 20001, order: (done.steps.at(-1)!.event as { output: unknown }).output, before: null, attempted: null, loadFailure: null });
    });

    it('a refused change puts the order back as it was', () => {
      const { state } = pathTaking('orderPage.ready.changingStatus —xstate.error.actor.setStatus→ orderPage.ready.idle');
      expect(state.machine.context).toEqual({ orderId: 20001, order: PATH_ORDER, before: null, attempted: null, loadFailure: null });
    });

    it('cancel asks first; dismissing it changes nothing', () => {
      const asked = pathTaking('orderPage.ready.idle —order.askCancel [canCancel]→ orderPage.ready.confirmingCancel');
      expect(asked.state.machine.matches({ ready: 'confirmingCancel' })).toBe(true);
      const dismissed = pathTaking('orderPage.ready.confirmingCancel —order.dismissCancel→ orderPage.ready.idle');
      expect(dismissed.state.machine.context.order).toEqual(PATH_ORDER);
    });

    it('a confirmed cancel shows at once; the server answer stays, a refusal puts the order back', () => {
      const cancelling = pathTaking('orderPage.ready.confirmingCancel —order.confirmCancel→ orderPage.ready.cancelling');
      expect(cancelling.state.machine.context).toMatchObject({ order: { status: 3 }, before: PATH_ORDER, attempted: 3 });
      const done = pathTaking('orderPage.ready.cancelling —xstate.done.actor.cancelOrder→ orderPage.ready.idle');
      expect(done.state.machine.context.order).toEqual(PATH_CANCELLED);
      const refused = pathTaking('orderPage.ready.cancelling —xstate.error.actor.cancelOrder→ orderPage.ready.idle');
      expect(refused.state.machine.context.order).toEqual(PATH_ORDER);
    });
  });
});
