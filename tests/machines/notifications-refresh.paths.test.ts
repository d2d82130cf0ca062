import { describe, expect, it } from 'vitest';
import { notificationsRefreshMachine } from '../../src/machines/notifications/refresh.machine';
import { notificationsRefreshPathModel } from '../../src/machines/notifications/refresh.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, firstPathTaking, generatePaths } from '../../src/machines/path-model/model';

const paths = generatePaths(notificationsRefreshPathModel);

const pathTaking = (label: string) => firstPathTaking(notificationsRefreshMachine, paths, label);

describe('notifications refresh machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(notificationsRefreshPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(notificationsRefreshPathModel, path));
    const report = coverage(notificationsRefreshMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(6);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('waits one interval first (the shell just loaded the list), then refreshes', () => {
      const refreshed = pathTaking('notificationsRefresh.waiting —poller.due→ notificationsRefresh.polling');
      expect(refreshed.steps.map((step) => step.state.machine.value)).toEqual(['waiting', 'polling']);
    });

    it('a failed refresh backs off; a good one resets the back-off', () => {
      const failed = pathTaking('notificationsRefresh.polling —xstate.error.actor.poll→ notificationsRefresh.waiting');
      expect(failed.state.machine.context.failures).toBe(1);
      const answered = pathTaking('notificationsRefresh.polling —xstate.done.actor.poll→ notificationsRefresh.waiting');
      expect(answered.state.machine.context.failures).toBe(0);
    });

    it('hidden, it asks nothing; shown again, it refreshes at once', () => {
      const paused = pathTaking('notificationsRefresh.waiting —poller.pause→ notificationsRefresh.paused');
      expect(paused.state.machine.value).toBe('paused');
      const resumed = pathTaking('notificationsRefresh.paused —poller.resume→ notificationsRefresh.polling');
      expect(resumed.steps.map((step) => step.state.machine.value)).toEqual(['waiting', 'paused', 'polling']);
      const dropped = pathTaking('notificationsRefresh.polling —poller.pause→ notificationsRefresh.paused');
      expect(dropped.state.machine.value).toBe('paused');
    });
  });
});
