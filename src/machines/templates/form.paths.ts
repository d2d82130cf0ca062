import type { Lookups } from '../../api/lookups';
import { TemplateSchema, type Template } from '../../api/templates';
import { blankTemplateValues, templateFormMachine, type TemplateFormLoaded, type TemplateFormValues } from './form.machine';
import { MONDAY_9AM_SECONDS, offerWire } from '../path-model/fixtures';
import { answerLost } from '../path-model/lost-answer';
import { PATH_CLOCK_START, type PathEvent, type PathModel } from '../path-model/model';

/**
 * The events the template form graph is explored with, on the edit page of template 21 (store 1):
 * - the load's answers: the template (no image yet, no draft) and a failure;
 * - the operator's form: typing, the pause that writes the draft (`draft.persist`: the debounced
 *   raise, sent as its timer would send it), Save, Retry after a failed load or save, and an
 *   image upload (the edit page's upload answers the template's media);
 * - every effect's outcome: the saved template, a 400 with the rule's message and a 500.
 */
const lookups: Lookups = { offer_type: [{ id: 1, name: 'Bakery' }], dietary_fit: [{ id: 2, name: 'Vegan' }], cuisine_type: [], business_type: [] };

const { id: _offerId, ...embedded } = offerWire({ quantity: 0, quantity_left: 0, origin: 'template', repeat_on_days: [5] });

/** Template 21 as the server answers it, with no image unless told otherwise. */
export function pathTemplate(overrides: { name?: string; media?: Template['media'] } = {}): Template {
  const name = overrides.name ?? 'Friday cake box';
  return TemplateSchema.parse({
    id: 21,
    name,
    store_id: 1,
    repeat_on_days: [5],
    template_quantity: 6,
    media: overrides.media ?? [],
    status: 1,
    audit_creation_date: MONDAY_9AM_SECONDS,
    audit_update_date: MONDAY_9AM_SECONDS,
    offer: { ...embedded, name },
  });
}

export const typedTemplate: TemplateFormValues = {
  ...blankTemplateValues(PATH_CLOCK_START),
  name: 'Friday bread box',
  template_quantity: 4,
  repeat_on_days: [5],
  unit_price: 4,
  origin_price: 8,
  offer_type: [1],
};

// No "draft restored" answer: the draft only matters to the load's assign, not to any transition,
// and a state that holds values without any typing would have the graph fire the draft's timer
// before the operator has typed (it is raised by `form.changed` only).
const loaded: TemplateFormLoaded = { lookups, template: pathTemplate(), draft: null };

export const TEMPLATE_RULE_MESSAGE = 'Offer price should be at least 45% of its ordinary listing price';
export const UPLOADED_MEDIA: Template['media'] = [{ url: 'https://img.test/box.jpg', kind: 'cover' }];

export const templateFormPathEvents = [
  { type: 'xstate.done.actor.load', output: loaded },
  { type: 'xstate.error.actor.load', error: { kind: 'http', status: 500 } },
  { type: 'form.retryLoad' },
  { type: 'form.changed', values: typedTemplate },
  { type: 'draft.persist' },
  { type: 'form.mediaUploaded', media: UPLOADED_MEDIA },
  { type: 'form.submit', values: typedTemplate },
  { type: 'xstate.done.actor.saveTemplate', output: pathTemplate({ name: typedTemplate.name }) },
  { type: 'xstate.error.actor.saveTemplate', error: { kind: 'http', status: 400, message: TEMPLATE_RULE_MESSAGE } },
  { type: 'xstate.error.actor.saveTemplate', error: { kind: 'http', status: 500 } },
  // A create whose answer was lost (issue 23), then the check: found, not there, or failed too.
  { type: 'xstate.error.actor.saveTemplate', error: answerLost(typedTemplate, 'PUT /stores/templates') },
  { type: 'xstate.done.actor.findCreated', output: pathTemplate({ name: typedTemplate.name }) },
  { type: 'xstate.done.actor.findCreated', output: null },
  { type: 'xstate.error.actor.findCreated', error: { kind: 'network' } },
  { type: 'form.retry' },
] satisfies readonly PathEvent<typeof templateFormMachine>[];

export const templateFormPathModel: PathModel<typeof templateFormMachine> = {
  machine: templateFormMachine,
  input: { templateId: 21, storeId: 1 },
  events: templateFormPathEvents,
};
