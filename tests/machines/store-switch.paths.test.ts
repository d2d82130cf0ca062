import { describe, expect, it } from 'vitest';
import { storeSwitchMachine } from '../../src/machines/store/switch.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_ACCOUNTS, storeSwitchPathModel } from '../../src/machines/store/switch.paths';

const paths = generatePaths(storeSwitchPathModel);

const pathTaking = (label: string) => firstPathTaking(storeSwitchMachine, paths, label);

describe('store switch machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(storeSwitchPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(storeSwitchPathModel, path));
    const report = coverage(storeSwitchMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(6);
    expect(report.transitions.total).toBe(8);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('opening the switcher loads the accounts; a failed load offers Retry', () => {
      const loaded = pathTaking('storeSwitch.loadingAccounts —xstate.done.actor.loadAccounts→ storeSwitch.choosing');
      expect(loaded.state.machine.context.accounts).toEqual(PATH_ACCOUNTS);
      pathTaking('storeSwitch.loadingAccounts —xstate.error.actor.loadAccounts→ storeSwitch.loadFailed');
      const retried = pathTaking('storeSwitch.loadFailed —storeSwitch.retry→ storeSwitch.loadingAccounts');
      expect(retried.state.machine.hasTag('loading')).toBe(true);
    });

    it('only another store of the list is switched to; the switch ends in the page reload', () => {
      const chosen = pathTaking('storeSwitch.choosing —storeSwitch.choose [isAnotherStore]→ storeSwitch.switching');
      expect(chosen.steps.at(-1)!.event).toEqual({ type: 'storeSwitch.choose', storeId: 2 });
      expect(chosen.state.machine.context.chosenStoreId).toBe(2);
      const switched = pathTaking('storeSwitch.switching —xstate.done.actor.switchStore→ storeSwitch.switched');
      expect(switched.state.machine.status).toBe('done');
      expect(switched.state.machine.hasTag('blocking')).toBe(true);
    });

    it('a refused switch goes back to the list with nothing chosen', () => {
      const { state } = pathTaking('storeSwitch.switching —xstate.error.actor.switchStore→ storeSwitch.choosing');
      expect(state.machine.context.chosenStoreId).toBeNull();
    });
  });
});
