import { describe, expect, it } from 'vitest';
import { profileFormMachine } from '../../src/machines/profile/form.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_AS_LOADED, PATH_IN_SPANISH, PATH_OPERATOR, PATH_SAVED_OPERATOR, profileFormPathModel } from '../../src/machines/profile/form.paths';

const paths = generatePaths(profileFormPathModel);

const pathTaking = (label: string) => firstPathTaking(profileFormMachine, paths, label);

describe('profile form machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(profileFormPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(profileFormPathModel, path));
    const report = coverage(profileFormMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('opens on the session’s operator: nothing to save yet', () => {
      const { state } = pathTaking('profileForm.restoring —xstate.done.actor.readDraft→ profileForm.editing');
      expect(state.machine.context).toMatchObject({ saved: PATH_AS_LOADED, values: PATH_AS_LOADED, dirty: false });
    });

    it('choosing Spanish is an unsaved change', () => {
      const changed = pathTaking('profileForm.editing —form.changed [valuesChanged]→ (no target)');
      const dirtySteps = changed.steps.filter((step) => step.state.machine.context.dirty);
      expect(dirtySteps.at(-1)?.state.machine.context.values).toEqual(PATH_IN_SPANISH);
    });

    it('a save the server answers becomes the new baseline, with "Successfully saved"', () => {
      const { state } = pathTaking('profileForm.saving —xstate.done.actor.save→ profileForm.editing.saved');
      expect(state.machine.context).toMatchObject({ data: PATH_SAVED_OPERATOR, saved: PATH_IN_SPANISH, values: PATH_IN_SPANISH, dirty: false, error: null });
    });

    it('a refused save keeps every value and names the failure', () => {
      const { state } = pathTaking('profileForm.saving —xstate.error.actor.save→ profileForm.editing.failed');
      expect(state.machine.context).toMatchObject({ values: PATH_IN_SPANISH, error: 'settings.security.updateFailed', data: PATH_OPERATOR });
    });

    it('a load that fails offers Retry', () => {
      const retried = pathTaking('profileForm.loadFailed —form.retryLoad→ profileForm.loading');
      expect(retried.steps.at(-2)!.state.machine.value).toBe('loadFailed');
    });
  });
});
