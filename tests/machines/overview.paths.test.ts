import { describe, expect, it } from 'vitest';
import { overviewMachine } from '../../src/machines/store/overview.machine';
import { overviewPathModel } from '../../src/machines/store/overview.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(overviewPathModel);

const pathTaking = (label: string) => firstPathTaking(overviewMachine, paths, label);

describe('overview machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(overviewPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(overviewPathModel, path));
    const report = coverage(overviewMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(4);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('the figures can be reloaded once shown, and after a failed load', () => {
      const loaded = pathTaking('overview.loading —xstate.done.actor.loadHome→ overview.loaded');
      expect(loaded.state.machine.hasTag('loading')).toBe(false);
      const reloaded = pathTaking('overview.loaded —overview.reload→ overview.loading');
      expect(reloaded.state.machine.hasTag('loading')).toBe(true);
      const failed = pathTaking('overview.loading —xstate.error.actor.loadHome→ overview.failed');
      expect(failed.state.machine.value).toBe('failed');
      const retried = pathTaking('overview.failed —overview.reload→ overview.loading');
      expect(retried.steps.at(-2)!.state.machine.value).toBe('failed');
    });
  });
});
