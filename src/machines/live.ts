import { fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import { getOrder } from '../api/orders';
import { listRatings } from '../api/ratings';
import { now } from '../lib/clock';
import { readJson, writeJson } from '../lib/storage';
import type { LiveDeps } from './live-deps';
import { orderDetailMachine } from './order-detail.machine';
import { reviewsMachine } from './reviews.machine';

/**
 * The machines of the reviews, offers and templates screens with their real effects. The shell's
 * and the overview's are in store.live.ts: the console's first page loads only those.
 */
const describe = (error: unknown) => (error instanceof ApiError ? error.toJSON() : error);

export function liveOrderDetailMachine() {
  return orderDetailMachine.provide({
    actors: { loadOrder: fromPromise(({ input }: { input: { orderId: number } }) => getOrder(input.orderId)) },
    actions: { logLoadFailure: (_, { error }) => console.info('Order did not load', describe(error)) },
  });
}

export function liveReviewsMachine() {
  return reviewsMachine.provide({
    actors: { loadPage: fromPromise(({ input }: { input: { limit: number; offset: number } }) => listRatings(input)) },
    actions: { logLoadFailure: (_, { error }) => console.info('Ratings did not load', describe(error)) },
  });
}

// ---- Offers list (issue 4). Imports are local to this block so concurrent edits above stay apart.
import { deleteOffer, listCurrentOffers, setOfferStatus, type ItemStatus } from '../api/offers';
import { offersListMachine, type OffersPageRequest } from './offers-list.machine';
import { holdsPage } from './projections';

export function liveOffersListMachine({ journal, notify }: Pick<LiveDeps, 'journal' | 'notify'>) {
  return offersListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: OffersPageRequest }) =>
        listCurrentOffers(input.storeId, {
          limit: input.limit,
          offset: input.offset,
          ...(input.filter === 'active' ? { filter: 'active' as const } : {}),
        }),
      ),
      deleteOffer: fromPromise(({ input }: { input: { id: number } }) => deleteOffer(input.id)),
      setStatus: fromPromise(({ input }: { input: { id: number; status: ItemStatus } }) => setOfferStatus(input.id, input.status)),
    },
    guards: {
      // An identical page must not reach the journal: nothing re-renders on a quiet poll.
      pageDiffers: (_, { filter, page }) => !holdsPage(journal.state().offers, filter, page),
    },
    actions: {
      recordLoaded: (_, { filter, page }) => journal.append({ type: 'offers.loaded', at: now(), filter, page }),
      recordDeleted: (_, { id }) => journal.append({ type: 'offer.deleted', at: now(), id }),
      recordDeleteRefused: (_, { offer, index }) => journal.append({ type: 'offer.deleteRefused', at: now(), offer, index }),
      recordStatusChanged: (_, { id, status }) => journal.append({ type: 'offer.statusChanged', at: now(), id, status }),
      notifyDeleteFailed: () => notify({ key: 'offers.deleteFailed', severity: 'error' }),
      notifyStatusFailed: () => notify({ key: 'offers.statusFailed', severity: 'error' }),
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logLoadFailure: (_, { error }) => console.info('Offers did not load', describe(error)),
      logPollFailure: (_, { error }) => console.info('Offers poll failed; keeping the last page', describe(error)),
    },
  });
}

// ---- Offer form (issue 4). Imports are local to this block so concurrent edits above stay apart.
import { getLookups } from '../api/lookups';
import type { Language } from '../api/session';
import { buildUploadForm, createOffer, getOffer, updateOffer, uploadTarget, type OfferInput } from '../api/offers';
import { createTemplate, listActiveTemplates } from '../api/templates';
import { remove as removeStored } from '../lib/storage';
import {
  draftKey,
  offerFormMachine,
  OfferDraftSchema,
  type CopyMediaInput,
  type CreateTemplateInput,
  type OfferFormValues,
  type SaveOfferInput,
} from './offer-form.machine';
import { sendForm } from './upload.live';

/** The offer fields of the form's values (the helper and template choices stay behind). */
function offerInputOf(values: OfferFormValues): OfferInput {
  const { saveAsTemplate: _template, ...offer } = values;
  return offer;
}

function readDraft(offerId: number | null): OfferFormValues | null {
  const parsed = OfferDraftSchema.safeParse(readJson('session', draftKey(offerId)));
  // A draft from an older build (or edited by hand) is dropped rather than half-restored.
  return parsed.success ? parsed.data : null;
}

export interface OfferFormDeps extends Pick<LiveDeps, 'journal' | 'notify'> {
  language: Language;
  goToList: () => void;
  /** The session's token getter (httpSessionFor(session).accessToken): the media copy is a raw multipart POST. */
  getToken: () => Promise<string | undefined>;
}

export function liveOfferFormMachine({ journal, notify, language, goToList, getToken }: OfferFormDeps) {
  return offerFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { offerId: number | null; storeId: number } }) => {
        const [lookups, offer, templates] = await Promise.all([
          getLookups(input.storeId, language),
          input.offerId === null ? null : getOffer(input.offerId),
          // A new offer can start from one of the store's active templates.
          input.offerId === null ? listActiveTemplates(input.storeId) : [],
        ]);
        return { lookups, offer, draft: readDraft(input.offerId), templates };
      }),
      saveOffer: fromPromise(({ input }: { input: SaveOfferInput }) =>
        input.offerId === null ? createOffer(offerInputOf(input.values)) : updateOffer({ ...offerInputOf(input.values), id: input.offerId }),
      ),
      createTemplate: fromPromise(({ input }: { input: CreateTemplateInput }) => {
        const { name, quantity, repeat_on_days, origin: _o, template_id: _t, ...offer } = offerInputOf(input.values);
        return createTemplate({ name, repeat_on_days, template_quantity: quantity, offer });
      }),
      copyMediaToTemplate: fromPromise(async ({ input, signal }: { input: CopyMediaInput; signal: AbortSignal }) => {
        // The offer's image as the server serves it (a data URL in mock mode), sent again with
        // template_id so the server puts the same media on the template.
        const image = await (await fetch(input.mediaUrl, { signal })).blob();
        const { url } = uploadTarget({ kind: 'offer', id: input.offerId, templateId: input.templateId });
        return sendForm({ url, form: buildUploadForm({ kind: 'offer', id: input.offerId, templateId: input.templateId, image }), getToken, signal });
      }),
    },
    actions: {
      recordSaved: (_, { offer }) => journal.append({ type: 'offer.saved', at: now(), offer }),
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      goToList: () => goToList(),
      persistDraft: (_, { offerId, values }) => writeJson('session', draftKey(offerId), values),
      clearDraft: (_, { offerId }) => removeStored('session', draftKey(offerId)),
      logFailure: (_, { error }) => console.info('Offer form call failed', describe(error)),
    },
  });
}

// ---- Templates list and form (issue 4). Imports are local to this block.
import { deleteTemplate, getTemplate, listTemplates, setTemplateStatus, updateTemplate } from '../api/templates';
import { templatesListMachine, type TemplatesPageRequest } from './templates-list.machine';
import {
  templateDraftKey,
  templateFormMachine,
  TemplateDraftSchema,
  templateInputOf,
  type SaveTemplateInput,
  type TemplateFormValues,
} from './template-form.machine';

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

function readTemplateDraft(templateId: number | null): TemplateFormValues | null {
  const parsed = TemplateDraftSchema.safeParse(readJson('session', templateDraftKey(templateId)));
  return parsed.success ? parsed.data : null;
}

export interface TemplateFormDeps extends Pick<LiveDeps, 'journal' | 'notify'> {
  language: Language;
  goToList: () => void;
}

export function liveTemplateFormMachine({ journal, notify, language, goToList }: TemplateFormDeps) {
  return templateFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { templateId: number | null; storeId: number } }) => {
        const [lookups, template] = await Promise.all([
          getLookups(input.storeId, language),
          input.templateId === null ? null : getTemplate(input.templateId),
        ]);
        return { lookups, template, draft: readTemplateDraft(input.templateId) };
      }),
      saveTemplate: fromPromise(({ input }: { input: SaveTemplateInput }) =>
        input.templateId === null ? createTemplate(templateInputOf(input.values)) : updateTemplate({ ...templateInputOf(input.values), id: input.templateId }),
      ),
    },
    actions: {
      recordSaved: (_, { template }) => journal.append({ type: 'template.saved', at: now(), template }),
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      goToList: () => goToList(),
      persistDraft: (_, { templateId, values }) => writeJson('session', templateDraftKey(templateId), values),
      clearDraft: (_, { templateId }) => removeStored('session', templateDraftKey(templateId)),
      logFailure: (_, { error }) => console.info('Template form call failed', describe(error)),
    },
  });
}
