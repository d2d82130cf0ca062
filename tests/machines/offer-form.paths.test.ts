import { describe, expect, it } from 'vitest';
import { coverOf, offerFormMachine } from '../../src/machines/offers/form.machine';
import { offerFormCreatePathModel, offerFormPathModel, SAVE_RULE_MESSAGE } from '../../src/machines/offers/form.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(offerFormPathModel);
/** The create page adds the template choice (guarded to new offers). */
const createPaths = generatePaths(offerFormCreatePathModel);

const pathTaking = (label: string) => firstPathTaking(offerFormMachine, paths, label);

describe('offer form machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(offerFormPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(offerFormPathModel, path));
    for (const path of createPaths) executed.push(await executePath(offerFormCreatePathModel, path));
    const report = coverage(offerFormMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(13);
    expect(report.transitions.total).toBe(26);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(14);
  });

  it('the create page: choosing a template fills a new offer from it', async () => {
    const chosen = createPaths.find((path) => path.steps.some((step) => step.event.type === 'form.templateChosen'));
    expect(chosen).toBeDefined();
    const executed = await executePath(offerFormCreatePathModel, chosen!);
    expect(executed.steps).toHaveLength(chosen!.steps.length);
    expect(chosen!.state.machine.context).toMatchObject({ startedFrom: 21, dirty: true, initial: { origin: 'template', template_id: 21 } });
  });

  describe('include the operator-facing branches by name', () => {
    it('a failed save keeps every field and shows the server’s message', () => {
      const { state } = pathTaking('offerForm.saving —xstate.error.actor.saveOffer→ offerForm.editing.failed');
      expect(state.machine.value).toEqual({ editing: 'failed' });
      expect(state.machine.context).toMatchObject({ error: { kind: 'server', message: SAVE_RULE_MESSAGE }, dirty: true, values: { name: 'Bread bag', saveAsTemplate: false } });
    });

    it('Retry saves the same values again', () => {
      const path = pathTaking('offerForm.editing.failed —form.retry→ offerForm.saving');
      const failed = path.steps.at(-2)!.state.machine;
      expect(path.state.machine.value).toBe('saving');
      expect(path.state.machine.context).toMatchObject({ error: null, values: failed.context.values });
    });

    it('save as template with the offer’s image: template created, then the image copied to it', () => {
      const toCopy = pathTaking('offerForm.savingTemplate —xstate.done.actor.createTemplate [hasMedia]→ offerForm.copyingMedia');
      expect(toCopy.state.machine.value).toBe('copyingMedia');
      expect(toCopy.state.machine.context.template).toMatchObject({ id: 21 });
      expect(coverOf(toCopy.state.machine.context.offer)).not.toBeNull();

      const copied = pathTaking('offerForm.copyingMedia —xstate.done.actor.copyMediaToTemplate→ offerForm.saved');
      expect(copied.state.machine.status).toBe('done');
      expect(copied.state.machine.context.dirty).toBe(false);
    });

    it('save as template without an image: saved straight after the template', () => {
      const { state, steps } = pathTaking('offerForm.savingTemplate —xstate.done.actor.createTemplate→ offerForm.saved');
      expect(steps.map((step) => step.state.machine.value)).not.toContain('copyingMedia');
      expect(coverOf(state.machine.context.offer)).toBeNull();
      expect(state.machine.status).toBe('done');
      expect(state.machine.context).toMatchObject({ dirty: false, template: { id: 21 } });
    });

    it('a failed template creation keeps the form, the offer already saved; Retry creates only the template', () => {
      const { state } = pathTaking('offerForm.savingTemplate —xstate.error.actor.createTemplate→ offerForm.editing.templateFailed');
      expect(state.machine.value).toEqual({ editing: 'templateFailed' });
      expect(state.machine.context).toMatchObject({ error: { kind: 'general' }, offerId: 7, template: null, dirty: true });
      const retried = pathTaking('offerForm.editing.templateFailed —form.retry→ offerForm.savingTemplate');
      expect(retried.state.machine.value).toBe('savingTemplate');
    });

    it('a failed image copy still ends saved: offer and template exist', () => {
      const { state } = pathTaking('offerForm.copyingMedia —xstate.error.actor.copyMediaToTemplate→ offerForm.saved');
      expect(state.machine.status).toBe('done');
      expect(state.machine.value).toBe('saved');
      expect(state.machine.context).toMatchObject({ dirty: false, error: null, template: { id: 21 } });
    });

    it('a failed load can be retried', () => {
      const { state } = pathTaking('offerForm.loadFailed —form.retryLoad→ offerForm.loading');
      expect(state.machine.value).toBe('loading');
    });
  });
});
