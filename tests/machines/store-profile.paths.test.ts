import { describe, expect, it } from 'vitest';
import { storeProfileMachine } from '../../src/machines/store/profile.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { storeProfilePathModel } from '../../src/machines/store/profile.paths';

const paths = generatePaths(storeProfilePathModel);

const pathTaking = (label: string) => firstPathTaking(storeProfileMachine, paths, label);

describe('store profile machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(storeProfilePathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(storeProfilePathModel, path));
    const report = coverage(storeProfileMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(4);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('a failed profile load is retried for the same store; a loaded one can be reloaded', () => {
      const failed = pathTaking('storeProfile.loading —xstate.error.actor.loadProfile→ storeProfile.failed');
      expect(failed.state.machine.context.storeId).toBe(1);
      const retried = pathTaking('storeProfile.failed —storeProfile.reload→ storeProfile.loading');
      expect(retried.state.machine.hasTag('loading')).toBe(true);
      const reloaded = pathTaking('storeProfile.loaded —storeProfile.reload→ storeProfile.loading');
      expect(reloaded.steps.map((step) => step.state.machine.value)).toEqual(['loading', 'loaded', 'loading']);
    });
  });
});
