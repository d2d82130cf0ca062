import { describe, expect, it } from 'vitest';
import { accountsListMachine } from '../../src/machines/accounts-list.machine';
import { DEVICES_TILL, accountsListPathModel } from '../support/accounts-list-paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../support/paths';

const paths = generatePaths(accountsListPathModel);

/** The first generated path that takes the transition labelled `label`, cut just after the step that takes it. */
function pathTaking(label: string): ModelPath {
  const transition = allTransitions(accountsListPathModel.machine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of paths) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index > 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

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
