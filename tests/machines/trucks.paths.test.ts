import { describe, expect, it } from 'vitest';
import { selectFormSaveError, selectFormUnsaved } from '../../src/machines/shared/record-form.machine';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../src/machines/shared/record-list.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, firstPathTaking, generatePaths, type ModelPath, type PathModel } from '../../src/machines/path-model/model';
import { loadedTruckValues, PATH_TRUCK, truckFormPathModel, trucksListPathModel, typedTruckValues } from '../../src/machines/trucks/paths';

async function coverageOf(model: PathModel, paths: ModelPath[]) {
  const executed: ExecutedPath[] = [];
  for (const path of paths) executed.push(await executePath(model, path));
  return coverage(model.machine, executed);
}

describe('trucks list machine (the shared record list): generated paths run against a real actor', () => {
  const model = trucksListPathModel as PathModel;
  const paths = generatePaths(model);
  const pathTaking = (label: string) => firstPathTaking(model.machine, paths, label);

  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(model, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const report = await coverageOf(model, paths);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(8);
    expect(report.transitions.total).toBe(10);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(6);
  });

  describe('include the operator-facing branches by name', () => {
    it('another tab or search loads that list', () => {
      const { state } = pathTaking('trucksList.list —list.show [queryChanged]→ trucksList.list.loading');
      expect(selectListPhase(state.machine)).toBe('loading');
      expect(state.machine.context.query).toEqual({ status: 'maintenance', search: 'van' });
    });

    it('a failed load shows the failure, and Retry loads again', () => {
      expect(selectListPhase(pathTaking('trucksList.list.loading —xstate.error.actor.loadList→ trucksList.list.failed').state.machine)).toBe('failed');
      expect(selectListPhase(pathTaking('trucksList.list.failed —list.retry→ trucksList.list.loading').state.machine)).toBe('loading');
    });

    it('the delete dialog names the truck; cancelling it deletes nothing', () => {
      const asked = pathTaking('trucksList.mutation.idle —list.askDelete [stateIn]→ trucksList.mutation.confirmingDelete');
      expect(selectConfirmingDelete(asked.state.machine)).toMatchObject({ id: 2, name: 'Van 2' });
      const { state, steps } = pathTaking('trucksList.mutation.confirmingDelete —list.cancelDelete→ trucksList.mutation.idle');
      expect(state.machine.context.deleting).toBeNull();
      expect(steps.map((step) => step.state.machine.value)).not.toContainEqual(expect.objectContaining({ mutation: 'deleting' }));
    });

    it('while the server deletes, the row is marked busy; a refusal ends the delete ("We have problems, to delete")', () => {
      const deleting = pathTaking('trucksList.mutation.confirmingDelete —list.confirmDelete→ trucksList.mutation.deleting');
      expect(selectDeletingId(deleting.state.machine)).toBe(2);
      expect(deleting.state.machine.hasTag('mutating')).toBe(true);
      const refused = pathTaking('trucksList.mutation.deleting —xstate.error.actor.deleteRecord→ trucksList.mutation.idle');
      expect(selectDeletingId(refused.state.machine)).toBeNull();
      expect(refused.state.machine.context.deleting).toBeNull();
    });

    it('a delete that lands while a list loads asks for the list again (the answer may predate it)', () => {
      const { state } = pathTaking('trucksList.list.loading —list.deleted→ trucksList.list.loading');
      expect(state.taken).toContain(allTransitions(model.machine).find((t) => t.label.includes('xstate.done.actor.deleteRecord'))!.key);
      expect(selectListPhase(state.machine)).toBe('loading');
    });
  });
});

describe('truck form machine (the shared record form): generated paths run against a real actor', () => {
  const model = truckFormPathModel as PathModel;
  const paths = generatePaths(model);
  const pathTaking = (label: string) => firstPathTaking(model.machine, paths, label);

  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(model, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const report = await coverageOf(model, paths);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(9);
    expect(report.transitions.total).toBe(12);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(7);
  });

  describe('include the operator-facing branches by name', () => {
    it('a lost answer is checked before anything else; found, it is saved and the notice says the answer was lost', () => {
      const checking = pathTaking('truckForm.saving —xstate.error.actor.save [answerLost]→ truckForm.checking');
      expect(checking.state.machine.context.attempt).toMatchObject({ values: typedTruckValues, knownIds: [] });
      expect(checking.state.machine.hasTag('busy')).toBe(true);
      const found = pathTaking('truckForm.checking —xstate.done.actor.findCreated [found]→ truckForm.saved');
      expect(found.state.machine.status).toBe('done');
      expect(found.state.machine.context).toMatchObject({ answerLost: true, dirty: false, record: { id: 12 } });
    });

    it('not there: not saved, every value kept; the check failing too leaves it uncertain, and Save checks again', () => {
      const notSaved = pathTaking('truckForm.checking —xstate.done.actor.findCreated→ truckForm.editing.failed');
      expect(selectFormSaveError(notSaved.state.machine)).toEqual({ kind: 'notSaved' });
      expect(notSaved.state.machine.context.values).toEqual(typedTruckValues);
      const uncertain = pathTaking('truckForm.checking —xstate.error.actor.findCreated→ truckForm.editing.uncertain');
      expect(selectFormSaveError(uncertain.state.machine)).toEqual({ kind: 'unconfirmed' });
      expect(pathTaking('truckForm.editing.uncertain —form.submit→ truckForm.checking').state.machine.matches('checking')).toBe(true);
    });

    it('the edit page opens on the truck: nothing unsaved', () => {
      const { state } = pathTaking('truckForm.loading —xstate.done.actor.load→ truckForm.editing');
      expect(state.machine.context).toMatchObject({ record: PATH_TRUCK, initial: loadedTruckValues, values: loadedTruckValues, dirty: false });
      expect(selectFormUnsaved(state.machine)).toBe(false);
    });

    it('typing makes the form unsaved (the leave guard asks)', () => {
      const { state } = pathTaking('truckForm.editing —form.changed [valuesChanged]→ (no target)');
      expect(selectFormUnsaved(state.machine)).toBe(true);
    });

    it('a save ends the form: nothing unsaved any more, whatever the path', () => {
      const { state } = pathTaking('truckForm.saving —xstate.done.actor.save→ truckForm.saved');
      expect(state.machine.status).toBe('done');
      expect(state.machine.context.record).toMatchObject({ id: 7, capacity: 44, status: 'maintenance' });
      expect(selectFormUnsaved(state.machine)).toBe(false);
    });

    it('a refused save keeps every value for Retry and says why (a 409 names the plate)', () => {
      const { state } = pathTaking('truckForm.saving —xstate.error.actor.save→ truckForm.editing.failed');
      expect(selectFormSaveError(state.machine)).toEqual({ kind: 'conflict', field: 'plate' });
      expect(state.machine.context.values).toEqual(typedTruckValues);
      expect(selectFormUnsaved(state.machine)).toBe(true);
    });

    it('a failed load can be retried', () => {
      expect(pathTaking('truckForm.loading —xstate.error.actor.load→ truckForm.loadFailed').state.machine.value).toBe('loadFailed');
      expect(pathTaking('truckForm.loadFailed —form.retryLoad→ truckForm.loading').state.machine.value).toBe('loading');
    });
  });
});
