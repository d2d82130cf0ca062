import { fromPromise } from 'xstate';
import type { ItemStatus } from '../../api/offers';
import { getLookups } from '../../api/lookups';
import type { Language } from '../../api/session';
import { createTemplate } from '../../api/templates';
import { now } from '../../lib/clock';
import { formDraft } from '../../lib/form-draft';
import { describeError as describe } from '../shared/describe-error';
import type { LiveDeps } from '../shared/live-deps';
import { createdRecord, createOnce, LOST_CREATE_LOOKUP, sameIds, sameText, type CreateAttempt } from '../shared/lost-answer';
import { deleteTemplate, getTemplate, listTemplates, setTemplateStatus, updateTemplate, type Template } from '../../api/templates';
import { templatesListMachine, type TemplatesPageRequest } from './list.machine';
import {
  templateDraftKey,
  templateFormMachine,
  TemplateDraftSchema,
  templateInputOf,
  type SaveTemplateInput,
  type TemplateFormValues,
} from './form.machine';

/** The templates list and the template form with their real calls. */
export function liveTemplatesListMachine({ journal, notify }: Pick<LiveDeps, 'journal' | 'notify'>) {
  return templatesListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: TemplatesPageRequest }) =>
        listTemplates(
          { ...(input.filter === 'recurring' ? { recurring: true } : {}), ...(input.search.trim() !== '' ? { search: input.search.trim() } : {}) },
          { limit: input.limit, offset: input.offset },
        ),
      ),
      deleteTemplate: fromPromise(({ input }: { input: { id: number } }) => deleteTemplate(input.id)),
      setStatus: fromPromise(({ input }: { input: { id: number; status: ItemStatus } }) => setTemplateStatus(input.id, input.status)),
    },
    actions: {
      recordLoaded: (_, { filter, search, page }) => journal.append({ type: 'templates.loaded', at: now(), filter, search, page }),
      recordDeleted: (_, { id }) => journal.append({ type: 'template.deleted', at: now(), id }),
      recordDeleteRefused: (_, { template, index }) => journal.append({ type: 'template.deleteRefused', at: now(), template, index }),
      recordStatusChanged: (_, { id, status }) => journal.append({ type: 'template.statusChanged', at: now(), id, status }),
      notifyDeleteFailed: () => notify({ key: 'templates.deleteFailed', severity: 'error' }),
      notifyStatusFailed: () => notify({ key: 'templates.statusFailed', severity: 'error' }),
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logLoadFailure: (_, { error }) => console.info('Templates did not load', describe(error)),
    },
  });
}

/** A template's draft, like an offer's. */
const templateDraft = (templateId: number | null) => formDraft(templateDraftKey(templateId), TemplateDraftSchema);

export interface TemplateFormDeps extends Pick<LiveDeps, 'journal' | 'notify'> {
  language: Language;
  goToList: () => void;
}

/** A template as the platform keeps what was sent. */
export function sameTemplate(template: Template, values: TemplateFormValues): boolean {
  const sent = templateInputOf(values);
  return (
    sameText(template.name, sent.name) &&
    template.template_quantity === sent.template_quantity &&
    sameIds(template.repeat_on_days, sent.repeat_on_days) &&
    template.offer.unit_price === sent.offer.unit_price &&
    template.offer.origin_price === sent.offer.origin_price
  );
}

export function liveTemplateFormMachine({ journal, notify, language, goToList }: TemplateFormDeps) {
  return templateFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { templateId: number | null; storeId: number } }) => {
        const [lookups, template] = await Promise.all([
          getLookups(input.storeId, language),
          input.templateId === null ? null : getTemplate(input.templateId),
        ]);
        return { lookups, template, draft: templateDraft(input.templateId).read() };
      }),
      saveTemplate: fromPromise(({ input }: { input: SaveTemplateInput }) =>
        input.templateId === null
          ? createOnce({ values: input.values, create: (values) => createTemplate(templateInputOf(values)) })
          : updateTemplate({ ...templateInputOf(input.values), id: input.templateId }),
      ),
      // POST …/activeTemplates/pagination/filters with the name as `search` (newest first): one made since the attempt, as it was sent.
      findCreated: fromPromise(async ({ input }: { input: CreateAttempt<TemplateFormValues> }) => {
        const { data } = await listTemplates({ search: input.values.name.trim() }, { limit: LOST_CREATE_LOOKUP, offset: 0 });
        return createdRecord(data, input, sameTemplate, (template) => template.audit_creation_date);
      }),
    },
    actions: {
      recordSaved: (_, { template }) => journal.append({ type: 'template.saved', at: now(), template }),
      notifySaved: (_, { answerLost }) => notify({ key: answerLost ? 'common.savedAfterLostAnswer' : 'common.successfullySaved', severity: 'success' }),
      goToList: () => goToList(),
      persistDraft: (_, { draftId, values }) => templateDraft(draftId).writeNow(values),
      clearDraft: (_, { draftId }) => templateDraft(draftId).clear(),
      logFailure: (_, { error }) => console.info('Template form call failed', describe(error)),
    },
  });
}
