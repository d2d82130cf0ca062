import { describe, expect, it } from 'vitest';
import { deliveriesListMachine } from '../../src/machines/deliveries/list.machine';
import { NARROW_FILTER, PATH_CHANGED, PATH_HELD, deliveriesListPathModel } from '../../src/machines/deliveries/list.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(deliveriesListPathModel);

const pathTaking = (label: string) => firstPathTaking(deliveriesListPathModel.machine, paths, label);

describe('delivery orders list machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(deliveriesListPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(deliveriesListPathModel, path));
    const report = coverage(deliveriesListMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(9);
    expect(report.transitions.total).toBe(9);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(6);
  });

  describe('include the operator-facing branches by name', () => {
    it('another filter or page loads that page; the trucks region is left as it was', () => {
      const { state } = pathTaking('deliveriesList.list —deliveries.show→ deliveriesList.list.loading');
      expect(state.machine.hasTag('busy')).toBe(true);
      expect(state.machine.context).toMatchObject({ filter: NARROW_FILTER, page: 1 });
      expect(state.machine.matches({ trucks: 'idle' })).toBe(true);
    });

    it('a page the projection already holds is not recorded again; a changed one is', () => {
      const held = pathTaking('deliveriesList.list.loading —xstate.done.actor.loadPage→ deliveriesList.list.ready');
      expect(held.steps.at(-1)!.event).toMatchObject({ output: PATH_HELD });
      const news = pathTaking('deliveriesList.list.loading —xstate.done.actor.loadPage [pageDiffers]→ deliveriesList.list.ready');
      expect(news.steps.at(-1)!.event).toMatchObject({ output: PATH_CHANGED });
    });

    it('a failed load shows the failure, and Retry loads again', () => {
      const failed = pathTaking('deliveriesList.list.loading —xstate.error.actor.loadPage→ deliveriesList.list.failed');
      expect(failed.state.machine.matches({ list: 'failed' })).toBe(true);
      const retried = pathTaking('deliveriesList.list.failed —deliveries.retry→ deliveriesList.list.loading');
      expect(retried.state.machine.matches({ list: 'loading' })).toBe(true);
    });

    it('the trucks load when the filters first open, and again after a failure', () => {
      const loaded = pathTaking('deliveriesList.trucks.loading —xstate.done.actor.loadTrucks→ deliveriesList.trucks.ready');
      expect(loaded.state.machine.context.trucks).toEqual(['Van 1', 'Van 2']);
      const again = pathTaking('deliveriesList.trucks.failed —deliveries.needTrucks→ deliveriesList.trucks.loading');
      expect(again.state.machine.matches({ trucks: 'loading' })).toBe(true);
    });
  });
});
