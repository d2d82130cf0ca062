import { describe, expect, it } from 'vitest';
import { selectSettingsJustSaved, selectSettingsSaveError, selectSettingsUnsaved } from '../../src/machines/settings/form.machine';
import { operatorProfileFormMachine } from '../../src/machines/settings/live';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { savedProfile, settingsFormPathModel, typedProfile } from '../../src/machines/settings/form.paths';

const paths = generatePaths(settingsFormPathModel);

const pathTaking = (label: string) => firstPathTaking(operatorProfileFormMachine, paths, label);

describe('settings form machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(settingsFormPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(settingsFormPathModel, path));
    const report = coverage(operatorProfileFormMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(8);
    expect(report.transitions.total).toBe(11);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(5);
  });

  describe('include the operator-facing branches by name', () => {
    it('the form opens on what the server holds: nothing unsaved', () => {
      const loaded = pathTaking('operatorProfileForm.loading —xstate.done.actor.load→ operatorProfileForm.restoring');
      expect(loaded.state.machine.value).toBe('restoring');
      const { state } = pathTaking('operatorProfileForm.restoring —xstate.done.actor.readDraft→ operatorProfileForm.editing');
      expect(state.machine.value).toEqual({ editing: 'idle' });
      expect(state.machine.context).toMatchObject({ saved: savedProfile, values: savedProfile, dirty: false, restoredDraft: false });
    });

    it('a draft that cannot be read still opens the form on what the server holds', () => {
      const { state } = pathTaking('operatorProfileForm.restoring —xstate.error.actor.readDraft→ operatorProfileForm.editing');
      expect(state.machine.context).toMatchObject({ values: savedProfile, dirty: false, restoredDraft: false });
    });

    it('a failed load can be retried', () => {
      expect(pathTaking('operatorProfileForm.loading —xstate.error.actor.load→ operatorProfileForm.loadFailed').state.machine.value).toBe('loadFailed');
      expect(pathTaking('operatorProfileForm.loadFailed —form.retryLoad→ operatorProfileForm.loading').state.machine.value).toBe('loading');
    });

    it('typing makes the form unsaved', () => {
      const { state } = pathTaking('operatorProfileForm.editing —form.changed [valuesChanged]→ (no target)');
      expect(state.machine.context).toMatchObject({ values: typedProfile, dirty: true });
      expect(selectSettingsUnsaved(state.machine)).toBe(true);
    });

    it('a save shows the saved notice and makes the answer the new baseline', () => {
      const { state } = pathTaking('operatorProfileForm.saving —xstate.done.actor.save→ operatorProfileForm.editing.saved');
      expect(selectSettingsJustSaved(state.machine)).toBe(true);
      expect(state.machine.context).toMatchObject({ saved: typedProfile, values: typedProfile, dirty: false, error: null });
    });

    it('after a save, the next change leaves the notice', () => {
      const { state } = pathTaking('operatorProfileForm.editing.saved —form.changed [valuesChanged]→ operatorProfileForm.editing.idle');
      expect(state.machine.value).toEqual({ editing: 'idle' });
      expect(state.machine.context).toMatchObject({ values: savedProfile, saved: typedProfile, dirty: true });
    });

    it('a refused save shows "Error to post admin info"; the values stay for Save again', () => {
      const { state } = pathTaking('operatorProfileForm.saving —xstate.error.actor.save→ operatorProfileForm.editing.failed');
      expect(selectSettingsSaveError(state.machine)).toBe('settings.security.postFailed');
      expect(state.machine.context).toMatchObject({ values: typedProfile, saved: savedProfile, dirty: true });
    });

    it('discarding the changes after a failure clears the message', () => {
      const { state } = pathTaking('operatorProfileForm.editing.failed —form.changed [backToSaved]→ operatorProfileForm.editing.idle');
      expect(state.machine.value).toEqual({ editing: 'idle' });
      expect(state.machine.context).toMatchObject({ values: savedProfile, saved: savedProfile, dirty: false, error: null });
    });
  });
});
