import { describe, expect, it } from 'vitest';
import { orderDetailMachine } from '../../src/machines/orders/detail.machine';
import { orderDetailPathModel, PATH_ORDER } from '../../src/machines/orders/detail.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(orderDetailPathModel);

const pathTaking = (label: string) => firstPathTaking(orderDetailMachine, paths, label);

describe('order detail machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(orderDetailPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(orderDetailPathModel, path));
    const report = coverage(orderDetailMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(3);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('the dialog shows the order once it loads', () => {
      const { state } = pathTaking('orderDetail.loading —xstate.done.actor.loadOrder→ orderDetail.loaded');
      expect(state.machine.context).toEqual({ orderId: PATH_ORDER.id, order: PATH_ORDER, loadFailure: null });
      expect(state.machine.hasTag('loading')).toBe(false);
    });

    it('a failed load keeps the dialog open, and Retry loads the same order again', () => {
      const failed = pathTaking('orderDetail.loading —xstate.error.actor.loadOrder→ orderDetail.failed');
      expect(failed.state.machine.context.order).toBeNull();
      const retried = pathTaking('orderDetail.failed —orderDetail.retry→ orderDetail.loading');
      expect(retried.state.machine.hasTag('loading')).toBe(true);
      expect(retried.state.machine.context.orderId).toBe(PATH_ORDER.id);
    });
  });
});
