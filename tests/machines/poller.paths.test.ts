import { describe, expect, it } from 'vitest';
import { pollerMachine } from '../../src/machines/shared/poller.machine';
import { pollerPathModel } from '../../src/machines/shared/poller.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, firstPathTaking, generatePaths } from '../../src/machines/path-model/model';

const paths = generatePaths(pollerPathModel);

const pathTaking = (label: string) => firstPathTaking(pollerMachine, paths, label);

describe('poller machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(pollerPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(pollerPathModel, path));
    const report = coverage(pollerMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.complete).toBe(true);
  });

  describe('include the branches the polling flows rely on by name', () => {
    it('a flow waiting for its next poll starts the wait', () => {
      const counting = pathTaking('poller.visible —poller.schedule→ poller.visible.counting');
      expect(counting.state.machine.matches({ visible: 'counting' })).toBe(true);
      expect(counting.state.machine.context.failures).toBe(0);
    });

    it('when the wait is over the poll is due, and the poller waits for the next schedule', () => {
      const due = pathTaking('poller.visible.counting —xstate.after.pollDelay.poller.visible.counting→ poller.visible.idle');
      expect(due.state.machine.matches({ visible: 'idle' })).toBe(true);
    });

    it('hidden, nothing is due; shown again, it waits for the flow (which polls at once)', () => {
      const hidden = pathTaking('poller.visible —poller.pause→ poller.hidden');
      expect(hidden.state.machine.value).toBe('hidden');
      const shown = pathTaking('poller.hidden —poller.resume→ poller.visible');
      expect(shown.state.machine.matches({ visible: 'idle' })).toBe(true);
    });
  });
});
