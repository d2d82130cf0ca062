import { describe, expect, it } from 'vitest';
import { accountsListMachine } from '../../src/machines/accounts/list.machine';
import { DEVICES_TILL, accountsListPathModel } from '../../src/machines/accounts/list.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(accountsListPathModel);

const pathTaking = (label: string) => firstPathTaking(accountsListPathModel.machine, paths, label);

describe('User/Devices list machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(accountsListPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(accountsListPathModel, path));
    const report = coverage(accountsListMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(4);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(3);
  });

  it('another kind, search or page loads it; a failure offers Retry', () => {
    const shown = pathTaking('accountsList —accounts.show→ accountsList.loading');
    expect(shown.state.machine.context).toMatchObject({ filter: DEVICES_TILL, page: 1 });
    const failed = pathTaking('accountsList.loading —xstate.error.actor.loadPage→ accountsList.failed');
    expect(failed.state.machine.matches('failed')).toBe(true);
  });
});
