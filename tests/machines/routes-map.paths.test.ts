import { describe, expect, it } from 'vitest';
import { routesMapMachine } from '../../src/machines/deliveries/routes-map.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../../src/machines/path-model/model';
import { PATH_ROUTE, PATH_ROUTES, routesMapPathModel } from '../../src/machines/deliveries/routes-map.paths';

const paths = generatePaths(routesMapPathModel);

/** The first generated path that takes the transition labelled `label`, cut just after the step that takes it. */
function pathTaking(label: string): ModelPath {
  const transition = allTransitions(routesMapMachine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}". Known: ${allTransitions(routesMapMachine).map((t) => t.label).join(' | ')}`);
  for (const path of paths) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index > 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

describe('routes-map machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(routesMapPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(routesMapPathModel, path));
    const report = coverage(routesMapMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(4);
    expect(report.transitions.total).toBe(10);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('an answered request draws its route and asks for the next one', () => {
      const { state } = pathTaking('routesMap.loading —xstate.done.actor.fetchRoute→ routesMap.checking');
      expect(Object.keys(state.machine.context.drawn)).toEqual(['van-1']);
      expect(state.machine.context.drawn['van-1'].route).toEqual(PATH_ROUTE);
      expect(state.machine.value).toBe('loading');
      expect(state.machine.context.queue.map((p: { id: string }) => p.id)).toEqual(['van-2']);
    });

    it('a failed request ends in "We cannot read map" once the queue is done; Retry asks for the failed ones again', () => {
      const failed = pathTaking('routesMap.checking —(always) [hasFailures]→ routesMap.failed');
      expect(failed.state.machine.value).toBe('failed');
      expect(failed.state.machine.context.failed.length).toBeGreaterThan(0);
      const retried = pathTaking('routesMap.failed —routes.retry→ routesMap.checking');
      expect(retried.state.machine.value).toBe('loading');
      expect(retried.state.machine.context.failed).toEqual([]);
    });

    it('the same routes again while a request is under way leave it running; changed places stop it', () => {
      const kept = pathTaking('routesMap.loading —routes.changed [underWayStillWanted]→ (no target)');
      expect(kept.state.machine.context.queue[0].id).toBe('van-1');
      const stopped = pathTaking('routesMap.loading —routes.changed→ routesMap.checking');
      expect(stopped.state.machine.context.routes).not.toEqual(PATH_ROUTES);
    });
  });
});
