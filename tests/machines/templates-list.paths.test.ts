import { describe, expect, it } from 'vitest';
import { templatesListMachine } from '../../src/machines/templates/list.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { templatesListPathModel } from '../../src/machines/templates/list.paths';

const paths = generatePaths(templatesListPathModel);

const pathTaking = (label: string) => firstPathTaking(templatesListMachine, paths, label);

const keyOf = (label: string) => allTransitions(templatesListMachine).find((t) => t.label === label)!.key;

describe('templates list machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(templatesListPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(templatesListPathModel, path));
    const report = coverage(templatesListMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(11);
    expect(report.transitions.total).toBe(18);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(13);
  });

  describe('include the operator-facing branches by name', () => {
    it('another tab, search or page loads that page', () => {
      const { state } = pathTaking('templatesList.list —templates.show→ templatesList.list.loading');
      expect(state.machine.matches({ list: 'loading' })).toBe(true);
      expect(state.machine.hasTag('busy')).toBe(true);
      expect(state.machine.context).toMatchObject({ filter: 'recurring', search: 'cake', page: 1 });
    });

    it('a failed load shows the failure, and Retry loads again', () => {
      const failed = pathTaking('templatesList.list.loading —xstate.error.actor.loadPage→ templatesList.list.failed');
      expect(failed.state.machine.matches({ list: 'failed' })).toBe(true);
      const retried = pathTaking('templatesList.list.failed —templates.retry→ templatesList.list.loading');
      expect(retried.state.machine.matches({ list: 'loading' })).toBe(true);
    });

    it('cancelling the "Delete template?" dialog deletes nothing', () => {
      const asked = pathTaking('templatesList.mutation.idle —templates.askDelete→ templatesList.mutation.confirmingDelete');
      expect(asked.state.machine.context.deleting).toMatchObject({ template: { id: 2 }, index: 1 });
      const { state, steps } = pathTaking('templatesList.mutation.confirmingDelete —templates.cancelDelete→ templatesList.mutation.idle');
      expect(state.machine.context.deleting).toBeNull();
      expect(steps.map((step) => step.state.machine.value)).not.toContainEqual(expect.objectContaining({ mutation: 'deleting' }));
    });

    it('a delete done on a page on screen refreshes it quietly in the same step, and the refreshed page lands', () => {
      const refreshed = keyOf('templatesList.list.ready.idle —templates.refresh→ templatesList.list.ready.refreshing');
      const done = pathTaking('templatesList.mutation.deleting —xstate.done.actor.deleteTemplate→ templatesList.mutation.idle');
      // The first delete the graph finds is answered while the first page still loads: nothing to refresh.
      expect(done.state.taken).not.toContain(refreshed);
      expect(done.state.machine.matches({ list: 'loading', mutation: 'idle' })).toBe(true);

      const onScreen = pathTaking('templatesList.list.ready.idle —templates.refresh→ templatesList.list.ready.refreshing');
      expect(onScreen.state.taken).toContain(keyOf('templatesList.mutation.deleting —xstate.done.actor.deleteTemplate→ templatesList.mutation.idle'));
      expect(onScreen.state.machine.matches({ list: { ready: 'refreshing' }, mutation: 'idle' })).toBe(true);
      expect(onScreen.state.machine.hasTag('busy')).toBe(false);
      expect(onScreen.state.machine.context.deleting).toBeNull();

      const landed = pathTaking('templatesList.list.ready.refreshing —xstate.done.actor.refreshPage→ templatesList.list.ready.idle');
      expect(landed.state.machine.matches({ list: { ready: 'idle' } })).toBe(true);
    });

    it('a failed refresh keeps the page on screen (only logged)', () => {
      const { state } = pathTaking('templatesList.list.ready.refreshing —xstate.error.actor.refreshPage→ templatesList.list.ready.idle');
      expect(state.machine.matches({ list: { ready: 'idle' } })).toBe(true);
    });

    it('a refused delete ends the delete ("Error on delete"; the row is put back by the journal)', () => {
      const { state, steps } = pathTaking('templatesList.mutation.deleting —xstate.error.actor.deleteTemplate→ templatesList.mutation.idle');
      expect(steps.at(-2)!.state.machine.hasTag('mutating')).toBe(true);
      expect(state.machine.matches({ mutation: 'idle' })).toBe(true);
      expect(state.machine.hasTag('mutating')).toBe(false);
      expect(state.machine.context.deleting).toBeNull();
    });

    it('a status change remembers the status to put back, and a refusal ends it ("Error on change status")', () => {
      const changing = pathTaking('templatesList.mutation.idle —templates.setStatus→ templatesList.mutation.changingStatus');
      expect(changing.state.machine.context.changing).toMatchObject({ template: { id: 1 }, status: 0, previous: 1 });
      expect(changing.state.machine.hasTag('mutating')).toBe(true);
      const refused = pathTaking('templatesList.mutation.changingStatus —xstate.error.actor.setStatus→ templatesList.mutation.idle');
      expect(refused.state.machine.context.changing).toBeNull();
      const done = pathTaking('templatesList.mutation.changingStatus —xstate.done.actor.setStatus→ templatesList.mutation.idle');
      expect(done.state.machine.context.changing).toBeNull();
    });
  });
});
