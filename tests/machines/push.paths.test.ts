import { describe, expect, it } from 'vitest';
import { pushMachine } from '../../src/machines/notifications/push.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, type ModelPath, firstPathTaking } from '../../src/machines/path-model/model';
import { pushPathModel } from '../../src/machines/notifications/push.paths';

const paths = generatePaths(pushPathModel);

const pathTaking = (label: string) => firstPathTaking(pushMachine, paths, label);

const valuesOf = (path: ModelPath) => path.steps.map((step) => step.state.machine.value);

describe('push machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(pushPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(pushPathModel, path));
    const report = coverage(pushMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(8);
    expect(report.transitions.total).toBe(16);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('a browser that already allows notifications subscribes without asking', () => {
      const path = pathTaking('push.checking —xstate.done.actor.readPermission [answeredGranted]→ push.subscribed');
      expect(valuesOf(path)).toEqual(['checking', 'subscribed']);
    });

    it('a browser that has not decided waits for "Turn on notifications"; a click asks, and granted subscribes', () => {
      const asked = pathTaking('push.off —push.enable→ push.asking');
      expect(valuesOf(asked)).toEqual(['checking', 'off', 'asking']);
      expect(asked.state.machine.hasTag('busy')).toBe(true);
      const granted = paths.find((path) => valuesOf(path).join(' ').includes('off asking subscribed'));
      expect(granted).toBeDefined();
    });

    it('a prompt dismissed without a choice keeps the offer; a refusal is final', () => {
      expect(paths.some((path) => valuesOf(path).join(' ').includes('asking off'))).toBe(true);
      expect(paths.some((path) => valuesOf(path).join(' ').includes('asking blocked'))).toBe(true);
      const blocked = paths.filter((path) => path.state.machine.value === 'blocked');
      expect(blocked.length).toBeGreaterThan(0);
      for (const path of blocked) expect(path.state.machine.status).toBe('active');
    });

    it('a push while subscribed stays subscribed (it is recorded and shown by named actions)', () => {
      const path = pathTaking('push.subscribed —push.received→ (no target)');
      expect(path.state.machine.value).toBe('subscribed');
    });

    it('a failed subscription can be tried again', () => {
      const failed = pathTaking('push.subscribed —push.subscriptionFailed→ push.failed');
      expect(failed.state.machine.value).toBe('failed');
      const retried = pathTaking('push.failed —push.enable→ push.subscribed');
      expect(retried.steps.at(-2)!.state.machine.value).toBe('failed');
    });

    it('a platform without the topic subscription call (404/405) is said so once, and not retried', () => {
      const missing = pathTaking('push.subscribed —push.subscriptionFailed [subscriptionCallMissing]→ push.unavailable');
      expect(missing.state.machine.value).toBe('unavailable');
      expect(paths.some((path) => valuesOf(path).join(' ').includes('unavailable subscribed'))).toBe(false);
    });

    it('reading notifications is recorded whatever push is doing', () => {
      const read = pathTaking('push —notifications.markRead→ (no target)');
      expect(read.steps.at(-1)!.event).toMatchObject({ type: 'notifications.markRead', ids: [901] });
    });
  });
});
