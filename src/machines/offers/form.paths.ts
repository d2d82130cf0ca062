import type { Lookups } from '../../api/lookups';
import { OfferSchema, type Offer } from '../../api/offers';
import { TemplateSchema, type Template } from '../../api/templates';
import { blankOfferValues, offerFormMachine, type OfferFormLoaded, type OfferFormValues } from './form.machine';
import { MONDAY_9AM_SECONDS, offerWire } from '../path-model/fixtures';
import { answerLost } from '../path-model/lost-answer';
import { PATH_CLOCK_START, type PathEvent, type PathModel } from '../path-model/model';

/**
 * The events the offer form graph is explored with, on the edit page of offer 7 (store 1):
 * - the load's answers: the offer (no image yet, no draft) and a failure;
 * - the operator's form: typing (with and without "save as template" ticked), the pause that
 *   writes the draft (`draft.persist`: the debounced raise, sent as its timer would send it), Save
 *   with and without "save as template", Retry after a failed load or save, and an image upload;
 * - every effect's outcome: the saved offer with its cover image and without one (the two
 *   `hasMedia` branches of "save as template"), a 400 with the rule's message and a 500, the
 *   created template and a failure, the template's image copied and a failure.
 */
const lookups: Lookups = { offer_type: [{ id: 1, name: 'Bakery' }], dietary_fit: [{ id: 2, name: 'Vegan' }], cuisine_type: [], business_type: [] };
const offer = (overrides: Parameters<typeof offerWire>[0] = {}): Offer => OfferSchema.parse(offerWire({ id: 7, ...overrides }));

/** Offer 7 as loaded: no image yet. */
const withoutImage = offer({ media: [] });
/** Offer 7 once its cover image is uploaded (the fixture's). */
const withImage = offer();

const typed: OfferFormValues = { ...blankOfferValues(PATH_CLOCK_START), name: 'Bread bag', quantity: 5, unit_price: 4, origin_price: 8, offer_type: [1] };
const typedAsTemplate: OfferFormValues = { ...typed, saveAsTemplate: true };

// No "draft restored" answer: the draft only matters to the load's assign, not to any transition,
// and a state that holds values without any typing would have the graph fire the draft's timer
// before the operator has typed (it is raised by `form.changed` only).
const loaded: OfferFormLoaded = { lookups, offer: withoutImage, draft: null, templates: [] };

const { id: _offerId, ...embedded } = offerWire({ quantity: 0, quantity_left: 0, origin: 'template' });
const template: Template = TemplateSchema.parse({
  id: 21,
  name: typed.name,
  store_id: 1,
  repeat_on_days: [],
  template_quantity: typed.quantity,
  media: [],
  status: 1,
  audit_creation_date: MONDAY_9AM_SECONDS,
  audit_update_date: MONDAY_9AM_SECONDS,
  offer: { ...embedded, name: typed.name },
});

export const SAVE_RULE_MESSAGE = 'Offer price should be at least 45% of its ordinary listing price';

export const offerFormPathEvents = [
  { type: 'xstate.done.actor.load', output: loaded },
  { type: 'xstate.error.actor.load', error: { kind: 'http', status: 500 } },
  { type: 'form.retryLoad' },
  { type: 'form.changed', values: typed },
  { type: 'form.changed', values: typedAsTemplate },
  { type: 'draft.persist' },
  { type: 'form.mediaUploaded', offer: withImage },
  { type: 'form.submit', values: typed },
  { type: 'form.submit', values: typedAsTemplate },
  { type: 'xstate.done.actor.saveOffer', output: withImage },
  { type: 'xstate.done.actor.saveOffer', output: withoutImage },
  { type: 'xstate.error.actor.saveOffer', error: { kind: 'http', status: 400, message: SAVE_RULE_MESSAGE } },
  { type: 'xstate.error.actor.saveOffer', error: { kind: 'http', status: 500 } },
  // A create whose answer was lost (issue 23), then the check: found, not there, or failed too.
  { type: 'xstate.error.actor.saveOffer', error: answerLost(typed, 'PUT /stores/offers') },
  { type: 'xstate.done.actor.findCreated', output: withoutImage },
  { type: 'xstate.done.actor.findCreated', output: null },
  { type: 'xstate.error.actor.findCreated', error: { kind: 'network' } },
  { type: 'form.retry' },
  { type: 'xstate.done.actor.createTemplate', output: template },
  { type: 'xstate.error.actor.createTemplate', error: { kind: 'http', status: 500 } },
  { type: 'xstate.done.actor.copyMediaToTemplate', output: { media: [{ url: 'https://img.test/bag.jpg', kind: 'cover' }] } },
  { type: 'xstate.error.actor.copyMediaToTemplate', error: { kind: 'network' } },
] satisfies readonly PathEvent<typeof offerFormMachine>[];

export const offerFormPathModel: PathModel<typeof offerFormMachine> = {
  machine: offerFormMachine,
  input: { offerId: 7, storeId: 1 },
  events: offerFormPathEvents,
};

/**
 * The create page (/operations/offers/create): a new offer can start from one of the store's
 * active templates (`form.templateChosen`, guarded to new offers). The rest of the graph is the
 * edit page's; this model adds the template choice and typing after it.
 */
export const offerFormCreatePathModel: PathModel<typeof offerFormMachine> = {
  machine: offerFormMachine,
  input: { offerId: null, storeId: 1 },
  events: [
    { type: 'xstate.done.actor.load', output: { lookups, offer: null, draft: null, templates: [template] } },
    { type: 'form.templateChosen', template, at: PATH_CLOCK_START },
  ],
};
