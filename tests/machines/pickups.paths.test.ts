import { describe, expect, it } from 'vitest';
import { selectFormSaveError, selectFormUnsaved } from '../../src/machines/shared/record-form.machine';
import { selectListPhase } from '../../src/machines/shared/record-list.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath, type PathModel } from '../../src/machines/path-model/model';
import { blankPickup, pickupFormPathModel, pickupsListPathModel, typedPickup } from '../../src/machines/pickups/paths';

/** The pickup locations machines: the same factories as the trucks', other instances (other types, ids and effects). */
function pathsOf(model: PathModel) {
  const paths = generatePaths(model);
  const pathTaking = (label: string): ModelPath => {
    const transition = allTransitions(model.machine).find((t) => t.label === label);
    if (!transition) throw new Error(`No transition "${label}"`);
    for (const path of paths) {
      const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
      if (index > 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
    }
    throw new Error(`No generated path takes "${label}"`);
  };
  const report = async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(model, path));
    return coverage(model.machine, executed);
  };
  return { paths, pathTaking, report };
}

describe('pickup locations list machine: generated paths run against a real actor', () => {
  const model = pickupsListPathModel as PathModel;
  const { paths, pathTaking, report } = pathsOf(model);

  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    expect((await executePath(model, path)).steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const covered = await report();
    expect(covered.stateNodes.missing).toEqual([]);
    expect(covered.transitions.missing).toEqual([]);
    expect([covered.stateNodes.total, covered.transitions.total, paths.length]).toEqual([8, 10, 6]);
  });

  it('a search loads the list for it', () => {
    const { state } = pathTaking('pickupsList.list —list.show [queryChanged]→ pickupsList.list.loading');
    expect(selectListPhase(state.machine)).toBe('loading');
    expect(state.machine.context.query).toEqual({ search: 'lola' });
  });
});

describe('pickup location form machine: generated paths run against a real actor', () => {
  const model = pickupFormPathModel as PathModel;
  const { paths, pathTaking, report } = pathsOf(model);

  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    expect((await executePath(model, path)).steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const covered = await report();
    expect(covered.stateNodes.missing).toEqual([]);
    expect(covered.transitions.missing).toEqual([]);
    expect([covered.stateNodes.total, covered.transitions.total, paths.length]).toEqual([9, 12, 7]);
  });

  it('a new location opens on its defaults (the store’s country, no position yet): nothing unsaved', () => {
    const { state } = pathTaking('pickupForm.loading —xstate.done.actor.load→ pickupForm.editing');
    expect(state.machine.context).toMatchObject({ record: null, initial: blankPickup, dirty: false });
    expect(selectFormUnsaved(state.machine)).toBe(false);
  });

  it('a refused save keeps every value, the position too; a 400 says the server’s reason', () => {
    const { state } = pathTaking('pickupForm.saving —xstate.error.actor.save→ pickupForm.editing.failed');
    expect(selectFormSaveError(state.machine)).toEqual({ kind: 'refused', message: 'country: XX is not a known two-letter country code' });
    expect(state.machine.context.values).toEqual(typedPickup);
  });
});
