import { fromPromise } from 'xstate';
import { describeError as describe } from '../shared/describe-error';
import { now } from '../../lib/clock';
import { formDraft } from '../../lib/form-draft';
import type { LiveDeps } from '../shared/live-deps';
import { deleteOffer, listCurrentOffers, setOfferStatus, type ItemStatus } from '../../api/offers';
import { offersListMachine, type OffersPageRequest } from './list.machine';
import { holdsPage } from '../journal/projections';
import { getLookups } from '../../api/lookups';
import type { Language } from '../../api/session';
import { buildUploadForm, createOffer, getOffer, updateOffer, uploadTarget, type OfferInput } from '../../api/offers';
import { createTemplate, listActiveTemplates, listTemplates } from '../../api/templates';
import {
  draftKey,
  offerFormMachine,
  OfferDraftSchema,
  type CopyMediaInput,
  type CreateTemplateInput,
  type FindCreatedOfferInput,
  type OfferFormValues,
  type SaveOfferInput,
} from './form.machine';
import { sendForm } from '../upload/live';
import type { Offer } from '../../api/offers';
import { createdRecord, createOnce, isAnswerLost, LOST_CREATE_LOOKUP, sameIds, sameSecond, sameText } from '../shared/lost-answer';

/** The offers list and the offer form with their real calls. */
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

// ---- Offer form. Imports are local to this block so concurrent edits above stay apart.

/** An offer as the platform keeps what was sent (times in whole seconds). */
export function sameOffer(offer: Offer, values: OfferFormValues): boolean {
  return (
    sameText(offer.name, values.name) &&
    offer.quantity === values.quantity &&
    offer.unit_price === values.unit_price &&
    offer.origin_price === values.origin_price &&
    sameSecond(offer.order_date_from, values.order_date_from) &&
    sameSecond(offer.order_date_to, values.order_date_to) &&
    sameSecond(offer.pickup_date_from, values.pickup_date_from) &&
    sameSecond(offer.pickup_date_to, values.pickup_date_to) &&
    sameIds(offer.repeat_on_days, values.repeat_on_days)
  );
}

/** The offer fields of the form's values (the helper and template choices stay behind). */
function offerInputOf(values: OfferFormValues): OfferInput {
  const { saveAsTemplate: _template, ...offer } = values;
  return offer;
}

/** An offer's draft (src/lib/form-draft.ts, the mechanism of every typed form); the machine debounces the writes. */
const offerDraft = (offerId: number | null) => formDraft(draftKey(offerId), OfferDraftSchema);

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
        return { lookups, offer, draft: offerDraft(input.offerId).read(), templates };
      }),
      saveOffer: fromPromise(({ input }: { input: SaveOfferInput }) =>
        input.offerId === null
          ? createOnce({ values: input.values, create: (values) => createOffer(offerInputOf(values)) })
          : updateOffer({ ...offerInputOf(input.values), id: input.offerId }),
      ),
      // GET …/CurrentOffersByStore (newest first): an offer made since the attempt, as it was sent.
      findCreated: fromPromise(async ({ input }: { input: FindCreatedOfferInput }) => {
        const { data } = await listCurrentOffers(input.storeId, { limit: LOST_CREATE_LOOKUP, offset: 0 });
        return createdRecord(data, input.attempt, sameOffer, (offer) => offer.audit_creation_date);
      }),
      createTemplate: fromPromise(async ({ input }: { input: CreateTemplateInput }) => {
        const { name, quantity, repeat_on_days, origin: _o, template_id: _t, ...offer } = offerInputOf(input.values);
        // A template of this name created since the first attempt is the one an earlier attempt
        // made after all (its answer was lost): it is taken instead of making a second one.
        const madeAlready = async () => {
          const { data } = await listTemplates({ search: name.trim() }, { limit: LOST_CREATE_LOOKUP, offset: 0 });
          const attempt = { values: name, startedAt: input.since, knownIds: [] };
          return createdRecord(data, attempt, (template, sent) => sameText(template.name, sent), (template) => template.audit_creation_date);
        };
        if (input.checkFirst) {
          const found = await madeAlready();
          if (found) return found;
        }
        try {
          return await createTemplate({ name, repeat_on_days, template_quantity: quantity, offer });
        } catch (error) {
          if (!isAnswerLost(error)) throw error;
          const found = await madeAlready().catch(() => null);
          if (found) return found;
          throw error;
        }
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
      notifySaved: (_, { answerLost }) => notify({ key: answerLost ? 'common.savedAfterLostAnswer' : 'common.successfullySaved', severity: 'success' }),
      goToList: () => goToList(),
      persistDraft: (_, { draftId, values }) => offerDraft(draftId).writeNow(values),
      clearDraft: (_, { draftId }) => offerDraft(draftId).clear(),
      logFailure: (_, { error }) => console.info('Offer form call failed', describe(error)),
    },
  });
}
