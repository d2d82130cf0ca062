import { describe, expect, it } from 'vitest';
import { selectTemplateSaveError, selectTemplateUnsaved, templateFormMachine } from '../../src/machines/templates/form.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { TEMPLATE_RULE_MESSAGE, templateFormPathModel, typedTemplate, UPLOADED_MEDIA } from '../../src/machines/templates/form.paths';

const paths = generatePaths(templateFormPathModel);

const pathTaking = (label: string) => firstPathTaking(templateFormMachine, paths, label);

describe('template form machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(templateFormPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(templateFormPathModel, path));
    const report = coverage(templateFormMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(9);
    expect(report.transitions.total).toBe(16);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(9);
  });

  describe('include the operator-facing branches by name', () => {
    it('the edit page starts from the template, nothing unsaved', () => {
      const { state } = pathTaking('templateForm.loading —xstate.done.actor.load→ templateForm.editing');
      expect(state.machine.value).toEqual({ editing: 'idle' });
      expect(state.machine.context).toMatchObject({ templateId: 21, template: { id: 21 }, initial: { name: 'Friday cake box', template_quantity: 6 }, values: null });
      expect(selectTemplateUnsaved(state.machine)).toBe(false);
    });

    it('a failed load can be retried', () => {
      expect(pathTaking('templateForm.loading —xstate.error.actor.load→ templateForm.loadFailed').state.machine.value).toBe('loadFailed');
      expect(pathTaking('templateForm.loadFailed —form.retryLoad→ templateForm.loading').state.machine.value).toBe('loading');
    });

    it('typing keeps the values as unsaved work, and the pause writes them as the draft', () => {
      const typed = pathTaking('templateForm.editing —form.changed→ (no target)');
      expect(typed.state.machine.context).toMatchObject({ values: typedTemplate, dirty: true });
      expect(selectTemplateUnsaved(typed.state.machine)).toBe(true);
      const persisted = pathTaking('templateForm.editing —draft.persist [guard]→ (no target)');
      expect(persisted.steps.map((step) => step.event.type)).toContain('form.changed');
    });

    it('an uploaded image becomes the template’s media', () => {
      const { state } = pathTaking('templateForm.editing —form.mediaUploaded [guard]→ (no target)');
      expect(state.machine.context.template).toMatchObject({ id: 21, media: UPLOADED_MEDIA });
    });

    it('a saved template ends the flow: nothing unsaved', () => {
      const { state } = pathTaking('templateForm.saving —xstate.done.actor.saveTemplate→ templateForm.saved');
      expect(state.machine.status).toBe('done');
      expect(state.machine.context).toMatchObject({ dirty: false, templateId: 21, template: { name: typedTemplate.name } });
      expect(selectTemplateUnsaved(state.machine)).toBe(false);
    });

    it('a failed save keeps every field and shows the server’s message', () => {
      const { state } = pathTaking('templateForm.saving —xstate.error.actor.saveTemplate→ templateForm.editing.failed');
      expect(state.machine.value).toEqual({ editing: 'failed' });
      expect(selectTemplateSaveError(state.machine)).toEqual({ kind: 'server', message: TEMPLATE_RULE_MESSAGE });
      expect(state.machine.context).toMatchObject({ values: typedTemplate, dirty: true });
    });

    it('Retry saves the same values again', () => {
      const path = pathTaking('templateForm.editing.failed —form.retry→ templateForm.saving');
      const failed = path.steps.at(-2)!.state.machine;
      expect(path.state.machine.value).toBe('saving');
      expect(path.state.machine.context).toMatchObject({ error: null, values: failed.context.values });
    });
  });
});
