import { describe, expect, it } from 'vitest';
import { deliveryMapMachine } from '../../src/machines/deliveries/map.machine';
import { MAP_CHANGED, MAP_HELD, deliveryMapPathModel } from '../../src/machines/deliveries/map.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(deliveryMapPathModel);

const pathTaking = (label: string) => firstPathTaking(deliveryMapPathModel.machine, paths, label);

describe('delivery map machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(deliveryMapPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(deliveryMapPathModel, path));
    const report = coverage(deliveryMapMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(7);
    expect(report.transitions.total).toBe(17);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(11);
  });

  describe('include the operator-facing branches by name', () => {
    it('a refresh that brings nothing new is not recorded, and the map waits for the next one', () => {
      const quiet = pathTaking('deliveryMap.ready.refreshing —xstate.done.actor.refreshToday→ deliveryMap.ready.scheduling');
      expect(quiet.steps.at(-1)!.event).toMatchObject({ output: MAP_HELD });
      expect(quiet.state.machine.matches({ ready: 'waiting' })).toBe(true);
      expect(quiet.state.machine.context.refreshedAt).not.toBeNull();
      const news = pathTaking('deliveryMap.ready.refreshing —xstate.done.actor.refreshToday [dayDiffers]→ deliveryMap.ready.scheduling');
      expect(news.steps.at(-1)!.event).toMatchObject({ output: MAP_CHANGED });
    });

    it('a failed refresh keeps the map and backs off', () => {
      const failed = pathTaking('deliveryMap.ready.refreshing —xstate.error.actor.refreshToday→ deliveryMap.ready.scheduling');
      expect(failed.state.machine.context.failures).toBe(1);
      expect(failed.state.machine.matches({ ready: 'waiting' })).toBe(true);
    });

    it('hidden, the map asks nothing; shown again, it refreshes at once', () => {
      const paused = pathTaking('deliveryMap.ready.waiting —map.pause→ deliveryMap.ready.paused');
      expect(paused.state.machine.context.hidden).toBe(true);
      const resumed = pathTaking('deliveryMap.ready.paused —map.resume→ deliveryMap.ready.refreshing');
      expect(resumed.state.machine.context.hidden).toBe(false);
      // Loaded while hidden: straight to paused, no timer.
      const hiddenLoad = pathTaking('deliveryMap.ready.scheduling —(always) [isHidden]→ deliveryMap.ready.paused');
      expect(hiddenLoad.state.machine.matches({ ready: 'paused' })).toBe(true);
    });

    it('a failed first load shows Retry and tries again on its own after the wait', () => {
      const failed = pathTaking('deliveryMap.loading —xstate.error.actor.loadToday→ deliveryMap.failed');
      expect(failed.state.machine.context.failures).toBe(1);
      const retried = pathTaking('deliveryMap.failed —xstate.after.pollDelay.deliveryMap.failed [not]→ deliveryMap.loading');
      expect(retried.state.machine.hasTag('busy')).toBe(true);
    });
  });
});
