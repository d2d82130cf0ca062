import { describe, expect, it } from 'vitest';
import { syncMachine } from '../../src/machines/sync/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_SYNC, syncPathModel } from '../../src/machines/sync/paths';

const paths = generatePaths(syncPathModel);

const pathTaking = (label: string) => firstPathTaking(syncMachine, paths, label);

describe('CRM synchronisation machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(syncPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(syncPathModel, path));
    const report = coverage(syncMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(4);
    expect(report.transitions.total).toBe(10);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('the first "Synchronize now" of a session sends every order, and its run is remembered', () => {
      const started = pathTaking('sync.idle —sync.run→ sync.syncing');
      expect(started.state.machine.context).toMatchObject({ since: 0, lastSyncedAt: null });
      expect(started.state.machine.hasTag('busy')).toBe(true);
      const done = pathTaking('sync.syncing —xstate.done.actor.syncOrders→ sync.idle');
      expect(done.state.machine.context).toMatchObject({ lastSyncedAt: PATH_SYNC.synced_at, failure: null });
      expect(done.state.machine.hasTag('busy')).toBe(false);
    });

    it('"Full resync" asks first; cancelling sends nothing, confirming sends every order', () => {
      const cancelled = pathTaking('sync.confirmingFullResync —sync.cancelFullResync→ sync.idle');
      expect(cancelled.steps.map((step) => step.state.machine.value)).not.toContain('syncing');
      const confirmed = pathTaking('sync.confirmingFullResync —sync.confirmFullResync→ sync.syncing');
      expect(confirmed.steps.at(-2)!.state.machine.value).toBe('confirmingFullResync');
      expect(confirmed.state.machine.context.since).toBe(0);
    });

    it('a refused run says why (HTTP status and the server message), and Retry sends the same window again', () => {
      const failed = pathTaking('sync.syncing —xstate.error.actor.syncOrders→ sync.failed');
      expect(failed.state.machine.context.failure).toEqual({ reason: 'server', status: 500, message: 'HubSpot rejected the batch' });
      const retried = pathTaking('sync.failed —sync.retry→ sync.syncing');
      expect(retried.state.machine.context.since).toBe(failed.state.machine.context.since);
    });

    it('cancelling a "Full resync" asked after a failure goes back to the failure, which stays on screen', () => {
      const { state } = pathTaking('sync.confirmingFullResync —sync.cancelFullResync [lastAttemptFailed]→ sync.failed');
      expect(state.machine.value).toBe('failed');
      expect(state.machine.context.failure).toMatchObject({ reason: 'server', status: 500 });
    });
  });
});
