import { OPTION_GROUPS } from '../../src/api/lookups';
import { HttpResponse } from 'msw';
import * as z from 'zod';
import { offerShapeProblems, discountPercent, type OfferProblem } from '../../src/api/offer-rules';
import {
  ItemStatusSchema,
  MAX_UPLOAD_BYTES,
  OffersQuerySchema,
  OfferCreateRequestSchema,
  OfferCreateWireSchema,
  OfferEditWireSchema,
  OfferWireSchema,
  UPLOAD_FORM_FIELDS,
  UPLOAD_IMAGE_TYPES,
} from '../../src/api/offers';
import type { Db, MediaRecord, OfferRecord, OperatorRecord, RecordOf, StoreRecord } from '../db';
import { nextId } from '../db';
import { isSale } from '../figures';
import type { Kit } from '../kit';
import { badRequest, decimalId, forbidden, idParam, jsonBody, notFound, paged, problem, queryOf, validated } from '../respond';
import { seconds } from '../time';

/**
 * Offers (src/api/offers.ts). A strict server: bodies are validated with the api's own wire
 * schemas made strict (a field the platform does not take, such as the form's helper fields
 * when / whenpu / whenpu_disabled, is answered 400), then with the shared offer rules
 * (src/api/offer-rules.ts: price and windows), answering 400 with the rule's own message.
 *
 * "Current offers" (GET …/CurrentOffersByStore/pagination/{storeId}): the store's offers whose
 * pickup window has not ended yet — upcoming, open for orders, or waiting to be collected —
 * active or not (an operator switches an offer back on from this list), newest first (creation
 * date, then id). filter=active keeps the ones on sale right now: status 1, order window open
 * and units left, exactly the overview's current_Offers (mocks/figures.ts), which links here.
 *
 * Literal paths under /stores/offers/ come before /stores/offers/:id: MSW answers with the first
 * handler whose path matches.
 */

// ---------------------------------------------------------------------------------------------
// Shared with the templates handlers
// ---------------------------------------------------------------------------------------------

/**
 * A record of the current store named by the path. Unknown ids, and records of stores the
 * operator has no access to, are answered 404 (their existence is not disclosed); a record of
 * another of the operator's stores 403 (switch store first) — like GET /stores/orders/{id}.
 */
export function ownRecord<T extends { store_id: number }>(
  record: T | undefined,
  what: string,
  id: number,
  store: StoreRecord,
  operator: OperatorRecord,
): T {
  if (!record || (record.store_id !== store.id && !operator.stores.includes(record.store_id))) throw notFound(`${what} ${id} not found`);
  if (record.store_id !== store.id) throw forbidden(`${what} ${id} belongs to store ${record.store_id}, not the operator's current store`);
  return record;
}

/** The first broken rule, answered 400 with the rule's message exactly as the form shows it. */
export function rejectProblems(problems: readonly OfferProblem[]): void {
  if (problems.length > 0) throw badRequest(problems[0].message);
}

type OptionGroups = Pick<OfferRecord, 'offer_type' | 'dietary_fit' | 'cuisine_type' | 'business_type'>;

/** Option ids must be ones GET /stores/lookups/getall/{id} offers the store. */
export function checkOptions(db: Db, storeId: number, offer: OptionGroups, path = ''): void {
  const lookups = db.lookups.findFirst((q) => q.where({ store_id: storeId, lang: 'en' }));
  if (!lookups) return;
  for (const group of OPTION_GROUPS) {
    const known = new Set(lookups[group].map((option) => option.id));
    const unknown = offer[group].find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`${path}${group}: unknown option ${unknown}`);
  }
}

/** Where a store's offers are collected: the geocoded door when known (spec section 3). */
export const storeLocation = (store: StoreRecord) => ({ lat: store.address_lat ?? store.lat, lon: store.address_lon ?? store.lon });

/** The status path segment: 0 or 1, anything else 400. */
export const StatusParamSchema = z.object({
  status: z
    .string()
    .regex(/^\d+$/, 'expected 0 or 1')
    .transform(Number)
    .pipe(ItemStatusSchema),
});

/** The image in a multipart upload, as the server checks it. */
export interface UploadedImage {
  type: (typeof UPLOAD_IMAGE_TYPES)[number];
  dataUrl: string;
}

/** A multipart body; anything else is answered 400. */
export async function multipartBody(request: Request): Promise<FormData> {
  if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('The request needs a multipart/form-data body');
  }
  try {
    return await request.formData();
  } catch {
    throw badRequest('The multipart body could not be read');
  }
}

/** A decimal id field of a multipart form (respond.ts decimalId); `required: false` lets it be left out. */
export function idField(form: FormData, name: string, required: true): number;
export function idField(form: FormData, name: string, required: false): number | undefined;
export function idField(form: FormData, name: string, required: boolean): number | undefined {
  const value = form.get(name);
  if (value === null) {
    if (required) throw badRequest(`${name}: required`);
    return undefined;
  }
  const id = typeof value === 'string' ? decimalId(value) : undefined;
  if (id === undefined) throw badRequest(`${name}: expected a positive integer id`);
  return id;
}

/** The first bytes of each accepted type: the declared type must match the content. */
const SIGNATURES: Record<UploadedImage['type'], number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The image field of an upload: exactly one file, a JPEG or PNG (declared type and content),
 * not empty, at most MAX_UPLOAD_BYTES (413 above). Answers it as a data URL, which is how the
 * mock server stores media (nothing ever leaves the page in mock mode).
 */
export async function imageField(form: FormData, name: string): Promise<UploadedImage> {
  const values = form.getAll(name);
  if (values.length === 0) throw badRequest(`${name}: required`);
  if (values.length > 1) throw badRequest(`${name}: one file at a time`);
  const file = values[0];
  if (typeof file === 'string') throw badRequest(`${name}: expected an image file`);
  if (file.size === 0) throw badRequest(`${name}: the file is empty`);
  if (file.size > MAX_UPLOAD_BYTES) throw problem(413, `${name}: the image is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB`);
  const type = UPLOAD_IMAGE_TYPES.find((accepted) => accepted === file.type.toLowerCase());
  if (!type) throw badRequest(`${name}: only JPEG and PNG images are accepted`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!SIGNATURES[type].every((byte, i) => bytes[i] === byte)) throw badRequest(`${name}: the file is not a valid ${type === 'image/png' ? 'PNG' : 'JPEG'} image`);
  return { type, dataUrl: `data:${type};base64,${base64(bytes)}` };
}

/** Media with `url` as the cover: the previous cover is replaced, the gallery kept. */
export const withCover = (media: readonly MediaRecord[], url: string): MediaRecord[] => [{ url, kind: 'cover' }, ...media.filter((m) => m.kind !== 'cover')];

/** Newest first: creation date, then id (the later one first). */
export const newestFirst = (a: { audit_creation_date: number; id: number }, b: { audit_creation_date: number; id: number }) =>
  b.audit_creation_date - a.audit_creation_date || b.id - a.id;

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

const OfferCreateBodySchema = OfferCreateWireSchema.strict();
const OfferEditBodySchema = OfferEditWireSchema.strict();

/** The query arrives as strings: the api's schema behind a coercion, with the usual default paging. */
const OffersParamsSchema = z.object({
  limit: z.coerce.number().pipe(OffersQuerySchema.shape.limit).default(10),
  offset: z.coerce.number().pipe(OffersQuerySchema.shape.offset).default(0),
  filter: OffersQuerySchema.shape.filter,
});

/** Answers plain data with exactly the platform's fields. */
const offerWire = (offer: RecordOf<'offers'>) => OfferWireSchema.parse(offer);

/** Units of an offer held by sales (pending or picked-up orders): they are no longer left. */
function soldUnits(db: Db, storeId: number, offerId: number): number {
  let sold = 0;
  for (const order of db.orders.findMany((q) => q.where({ store_id: storeId }))) {
    if (!isSale(order)) continue;
    for (const line of order.offersOrdered) if (line.offer.id === offerId) sold += line.quantityOrdered;
  }
  return sold;
}

/** An offer on sale right now: the overview's current_Offers. */
const isActive = (offer: OfferRecord, nowS: number) =>
  offer.status === 1 && offer.order_date_from <= nowS && nowS < offer.order_date_to && offer.quantity_left > 0;

export function offersHandlers(kit: Kit) {
  const { ctx } = kit;

  const findOffer = (id: number, store: StoreRecord, operator: OperatorRecord) =>
    ownRecord(
      ctx.db.offers.findFirst((q) => q.where({ id })),
      'Offer',
      id,
      store,
      operator,
    );

  /** The checks every save runs after the schema: the shared rules, the option ids, the template. */
  function checkOfferBody(body: z.infer<typeof OfferCreateWireSchema>, store: StoreRecord): void {
    rejectProblems(offerShapeProblems(z.decode(OfferCreateRequestSchema, body)));
    checkOptions(ctx.db, store.id, body);
    const templateId = body.template_id;
    if (templateId !== null && !ctx.db.templates.findFirst((q) => q.where({ id: templateId, store_id: store.id }))) {
      throw badRequest(`template_id: no template ${templateId} in this store`);
    }
  }

  return [
    /** GET /stores/offers/CurrentOffersByStore/pagination/{storeId}?limit&offset[&filter=active] */
    kit.route(
      'get',
      '/stores/offers/CurrentOffersByStore/pagination/:storeId',
      kit.withStore(
        ({ request, store }) => {
          const query = validated(OffersParamsSchema, queryOf(request));
          const nowS = seconds(ctx.now());
          const offers = ctx.db.offers
            .findMany((q) => q.where({ store_id: store.id, pickup_date_to: (end: number) => end > nowS }))
            .filter((offer) => (query.filter === 'active' ? isActive(offer, nowS) : true))
            .sort(newestFirst);
          const page = paged(offers, query);
          return HttpResponse.json({ ...page, data: page.data.map(offerWire) });
        },
        { storeParam: 'storeId' },
      ),
    ),

    /**
     * POST /stores/offers/media — multipart: offer_id, cover_image (jpeg or png) and an optional
     * template_id that gets the same image. Answers { media } of the offer.
     */
    kit.route(
      'post',
      '/stores/offers/media',
      kit.withStore(async ({ request, store, operator }) => {
        const form = await multipartBody(request);
        const fields = UPLOAD_FORM_FIELDS.offer;
        const offerId = idField(form, fields.idField, true);
        const templateId = idField(form, fields.templateField, false);
        const offer = findOffer(offerId, store, operator);
        const template =
          templateId === undefined
            ? undefined
            : ownRecord(
                ctx.db.templates.findFirst((q) => q.where({ id: templateId })),
                'Template',
                templateId,
                store,
                operator,
              );
        const image = await imageField(form, fields.imageField);
        const nowS = seconds(ctx.now());
        const media = withCover(offer.media, image.dataUrl);
        await ctx.db.offers.update((q) => q.where({ id: offer.id }), {
          data(draft) {
            draft.media = media;
            draft.audit_update_date = nowS;
          },
        });
        if (template) {
          await ctx.db.templates.update((q) => q.where({ id: template.id }), {
            data(draft) {
              draft.media = withCover(template.media, image.dataUrl);
              draft.offer.media = withCover(template.offer.media, image.dataUrl);
              draft.audit_update_date = nowS;
            },
          });
        }
        return HttpResponse.json({ media });
      }),
    ),

    /** POST /stores/offers/{id}/status/{status} — 0 or 1; answers the offer. */
    kit.route(
      'post',
      '/stores/offers/:id/status/:status',
      kit.withStore(async ({ params, store, operator }) => {
        const offer = findOffer(idParam(params.id, 'Offer'), store, operator);
        const { status } = validated(StatusParamSchema, { status: params.status });
        const updated = await ctx.db.offers.update((q) => q.where({ id: offer.id }), {
          data(draft) {
            draft.status = status;
            draft.audit_update_date = seconds(ctx.now());
          },
        });
        return HttpResponse.json(offerWire(updated ?? offer));
      }),
    ),

    /** GET /stores/offers/{id} */
    kit.route(
      'get',
      '/stores/offers/:id',
      kit.withStore(({ params, store, operator }) => HttpResponse.json(offerWire(findOffer(idParam(params.id, 'Offer'), store, operator)))),
    ),

    /**
     * DELETE /stores/offers/{id} — removes the offer. Its orders keep their own copy of the
     * offer's name and price (offersOrdered), so they still read whole.
     */
    kit.route(
      'delete',
      '/stores/offers/:id',
      kit.withStore(({ params, store, operator }) => {
        const offer = findOffer(idParam(params.id, 'Offer'), store, operator);
        ctx.db.offers.delete((q) => q.where({ id: offer.id }));
        return HttpResponse.json({ ok: true });
      }),
    ),

    /**
     * PUT /stores/offers — creates an active offer of the current store with everything left
     * (quantity_left = quantity), no media yet, the store's location and the computed discount.
     */
    kit.route(
      'put',
      '/stores/offers',
      kit.withStore(async ({ request, store }) => {
        const body = validated(OfferCreateBodySchema, await jsonBody(request));
        checkOfferBody(body, store);
        const nowS = seconds(ctx.now());
        const offer: OfferRecord = {
          ...body,
          id: nextId(ctx.db.offers.all()),
          store_id: store.id,
          quantity_left: body.quantity,
          status: 1,
          offer_status: 1,
          media: [],
          audit_creation_date: nowS,
          audit_update_date: nowS,
          ...storeLocation(store),
          discount: discountPercent(body.origin_price, body.unit_price),
        };
        const created = await ctx.db.offers.create(offer);
        return HttpResponse.json(offerWire(created), { status: 201 });
      }),
    ),

    /**
     * POST /stores/offers — saves an edited offer. The client sends quantity_left = quantity
     * (spec section 5); the server, which knows the sales, keeps the units already sold out of
     * it, and refuses a quantity below them. Status, media and the creation date are kept.
     */
    kit.route(
      'post',
      '/stores/offers',
      kit.withStore(async ({ request, store, operator }) => {
        const { id, ...body } = validated(OfferEditBodySchema, await jsonBody(request));
        const offer = findOffer(id, store, operator);
        checkOfferBody(body, store);
        const sold = soldUnits(ctx.db, store.id, offer.id);
        if (body.quantity < sold) throw badRequest(`quantity: ${sold} units of this offer are already sold; the quantity cannot be lower`);
        const updated = await ctx.db.offers.update((q) => q.where({ id: offer.id }), {
          data(draft) {
            Object.assign(draft, body);
            draft.quantity_left = body.quantity - sold;
            draft.discount = discountPercent(body.origin_price, body.unit_price);
            draft.audit_update_date = seconds(ctx.now());
          },
        });
        return HttpResponse.json(offerWire(updated ?? offer));
      }),
    ),
  ];
}
