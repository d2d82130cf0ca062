import * as z from 'zod';
import { pagedList, secondsToMillis, type PagedList } from './codecs';
import { millisField, nameField, priceField, quantityField, unixSecondsField } from './field-rules';
import { apiBaseUrl, http } from './http';

/** Weekdays an offer or template repeats on, monday = 1 … sunday = 7. */
export const WeekdaySchema = z.number().int().min(1).max(7);

/**
 * One image of an offer or a template. The spec names `media` but none of its fields: an image
 * without a url shows nothing (the row's placeholder), one without a kind is not the cover.
 */
export const MediaSchema = z.object({ url: z.string().optional(), kind: z.enum(['cover', 'gallery']).optional() });
export type Media = z.infer<typeof MediaSchema>;

/**
 * An offer as the server answers it: dates in unix seconds. Every field is named by spec section 3
 * except template_id (optional, default null: not made from a template).
 */
export const OfferWireSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  store_id: z.number().int(),
  quantity: z.number().int().nonnegative(),
  quantity_left: z.number().int().nonnegative(),
  /** 1 active, 0 inactive (the platform's other values are not shown). */
  status: z.number().int(),
  offer_status: z.number().int(),
  repeat_on_days: z.array(WeekdaySchema),
  media: z.array(MediaSchema),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  order_date_from: z.number(),
  order_date_to: z.number(),
  pickup_date_from: z.number(),
  pickup_date_to: z.number(),
  lat: z.number(),
  lon: z.number(),
  unit_price: z.number().nonnegative(),
  origin_price: z.number().nonnegative(),
  discount: z.number(),
  origin: z.enum(['offer', 'recurring', 'template']),
  template_id: z.number().int().nullable().default(null),
  offer_type: z.array(z.number().int()),
  dietary_fit: z.array(z.number().int()),
  cuisine_type: z.array(z.number().int()),
  business_type: z.array(z.number().int()),
});
export type OfferWire = z.infer<typeof OfferWireSchema>;

/** The order and pickup windows: what an offer's request carries as dates. */
export const offerWindowFields = ['order_date_from', 'order_date_to', 'pickup_date_from', 'pickup_date_to'] as const;
export const offerDateFields = ['audit_creation_date', 'audit_update_date', ...offerWindowFields] as const;
export const OfferSchema = secondsToMillis(OfferWireSchema, offerDateFields);
export type Offer = z.output<typeof OfferSchema>;

/** 1 active, 0 inactive: the values the status calls accept (the spec does not list others). */
export const ItemStatusSchema = z.union([z.literal(0), z.literal(1)]);
export type ItemStatus = z.infer<typeof ItemStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

/**
 * The offer form's helper fields (spec section 3): they drive the date behaviour of the form and
 * never reach the server. The request schemas below are plain (stripping) zod objects, so they
 * drop these, and the form's other extras (discount, media, id on create), on the way out.
 */
export const OFFER_FORM_HELPER_FIELDS = ['when', 'whenpu', 'whenpu_disabled'] as const;
export interface OfferFormHelpers {
  when?: unknown;
  whenpu?: unknown;
  whenpu_disabled?: unknown;
}

/**
 * What PUT /stores/offers sends, on the wire. The server owns the rest: id, store_id, status and
 * offer_status (a new offer is active; the status call changes it), media (the media call), the
 * audit dates, lat/lon (the store's), and discount (computed from the two prices).
 */
export const OfferCreateWireSchema = OfferWireSchema.pick({
  name: true,
  quantity: true,
  quantity_left: true,
  repeat_on_days: true,
  order_date_from: true,
  order_date_to: true,
  pickup_date_from: true,
  pickup_date_to: true,
  unit_price: true,
  origin_price: true,
  origin: true,
  template_id: true,
  offer_type: true,
  dietary_fit: true,
  cuisine_type: true,
  business_type: true,
}).extend({
  // The request names its template (or null) every time, whatever the answers may leave out.
  template_id: z.number().int().nullable(),
  // What a request may carry is as strict as the offer form (src/api/field-rules.ts); answers
  // stay tolerant (OfferWireSchema).
  name: nameField(),
  quantity: quantityField,
  quantity_left: quantityField,
  unit_price: priceField,
  origin_price: priceField,
  order_date_from: unixSecondsField,
  order_date_to: unixSecondsField,
  pickup_date_from: unixSecondsField,
  pickup_date_to: unixSecondsField,
});
/** The windows of a request as the client holds them: milliseconds, in the same range. */
export const offerWindowsInMillis = {
  order_date_from: millisField,
  order_date_to: millisField,
  pickup_date_from: millisField,
  pickup_date_to: millisField,
};
/** What POST /stores/offers sends: the same, naming the offer. */
export const OfferEditWireSchema = OfferCreateWireSchema.extend({ id: z.number().int() });

/** Client side (milliseconds) ↔ wire (unix seconds). */
export const OfferCreateRequestSchema = secondsToMillis(OfferCreateWireSchema, offerWindowFields, OfferCreateWireSchema.extend(offerWindowsInMillis));
export const OfferEditRequestSchema = secondsToMillis(OfferEditWireSchema, offerWindowFields, OfferEditWireSchema.extend(offerWindowsInMillis));

/**
 * What the form hands to createOffer: the request without quantity_left (saving sets it to the
 * quantity, spec section 5), windows in milliseconds. Extra fields (the helpers, discount, …) are
 * allowed and dropped.
 */
export type OfferInput = Omit<z.output<typeof OfferCreateRequestSchema>, 'quantity_left'> & OfferFormHelpers;
export type OfferEditInput = OfferInput & { id: number };

/** The wire body of a create: helper fields stripped, quantity_left = quantity, seconds. */
export function offerCreateBody(input: OfferInput): z.input<typeof OfferCreateRequestSchema> {
  return z.encode(OfferCreateRequestSchema, { ...input, quantity_left: input.quantity });
}

/** The wire body of an edit, like offerCreateBody. */
export function offerEditBody(input: OfferEditInput): z.input<typeof OfferEditRequestSchema> {
  return z.encode(OfferEditRequestSchema, { ...input, quantity_left: input.quantity });
}

/**
 * PUT /stores/offers — creates an offer; answers it as saved. The server re-checks the price rule
 * and the windows (src/api/offer-rules.ts) and answers 400 with the same message.
 */
export async function createOffer(input: OfferInput): Promise<Offer> {
  return http('/stores/offers', { method: 'PUT', body: offerCreateBody(input), schema: OfferSchema, operation: 'PUT /stores/offers' });
}

/**
 * POST /stores/offers — saves an edited offer; answers it as saved. The server keeps the units
 * already sold out of quantity_left.
 */
export async function updateOffer(input: OfferEditInput): Promise<Offer> {
  return http('/stores/offers', { method: 'POST', body: offerEditBody(input), schema: OfferSchema, operation: 'POST /stores/offers' });
}

// ---------------------------------------------------------------------------------------------
// Delete, status, read
// ---------------------------------------------------------------------------------------------

/** The spec does not show what a delete answers: any successful answer is a deletion; its body is not read. */
export const DeletedSchema = z.unknown();
const IdSchema = z.number().int().positive();

/** DELETE /stores/offers/{id} */
export async function deleteOffer(id: number): Promise<void> {
  await http(`/stores/offers/${IdSchema.parse(id)}`, { method: 'DELETE', schema: DeletedSchema, operation: 'DELETE /stores/offers/{id}' });
}

/** POST /stores/offers/{id}/status/{status} — answers the offer with its new status. */
export async function setOfferStatus(id: number, status: ItemStatus): Promise<Offer> {
  return http(`/stores/offers/${IdSchema.parse(id)}/status/${ItemStatusSchema.parse(status)}`, {
    method: 'POST',
    schema: OfferSchema,
    operation: 'POST /stores/offers/{id}/status/{status}',
  });
}

/** GET /stores/offers/{id} */
export async function getOffer(id: number): Promise<Offer> {
  return http(`/stores/offers/${IdSchema.parse(id)}`, { schema: OfferSchema, operation: 'GET /stores/offers/{id}' });
}

/**
 * The list's query: paging plus the "active" tab. Current offers are those whose pickup window has
 * not ended yet (upcoming, open for orders, or waiting to be collected), active or not, newest
 * first. filter=active keeps those on sale right now: status 1, order window open, units left —
 * the overview's "current offers" count.
 */
export const OffersQuerySchema = z.object({
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
  filter: z.literal('active').optional(),
});
export type OffersQuery = z.infer<typeof OffersQuerySchema>;

export const OffersPageWireSchema = pagedList(OfferWireSchema);
export const OffersPageSchema = pagedList(OfferSchema);

/** GET /stores/offers/CurrentOffersByStore/pagination/{storeId}?limit&offset[&filter=active] */
export async function listCurrentOffers(storeId: number, query: OffersQuery): Promise<PagedList<Offer>> {
  return http(`/stores/offers/CurrentOffersByStore/pagination/${IdSchema.parse(storeId)}`, {
    query: OffersQuerySchema.parse(query),
    schema: OffersPageSchema,
    operation: 'GET /stores/offers/CurrentOffersByStore/pagination/{storeId}',
  });
}

// ---------------------------------------------------------------------------------------------
// Media upload (the transfer itself is the upload machine's, with XMLHttpRequest for progress)
// ---------------------------------------------------------------------------------------------

/** What an offer's or a template's image upload targets. */
export type UploadKind = 'offer' | 'template';

/**
 * The multipart form of each upload (spec section 3, "Upload form"): the item id field, the
 * image field (cover_image, the cropped jpeg) and, for an offer, an optional template_id that
 * puts the same image on that template too ("save as template").
 */
export const UPLOAD_FORM_FIELDS = {
  offer: { idField: 'offer_id', imageField: 'cover_image', templateField: 'template_id' },
  template: { idField: 'template_id', imageField: 'cover_image' },
} as const;

/** "METHOD /path" of each upload, for error reports and fault injection. */
export const UPLOAD_OPERATIONS: Record<UploadKind, string> = {
  offer: 'POST /stores/offers/media',
  template: 'POST /stores/template/{id}/media',
};

/** The image types an upload accepts (spec section 5: jpeg, jpg and png). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The largest image the server takes: 2 MiB (a 16:9 crop saved as jpeg is far smaller). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * The absolute URL of an upload: POST /stores/offers/media (the offer is named in the form) or
 * POST /stores/template/{id}/media.
 */
export function uploadUrl(kind: 'offer'): string;
export function uploadUrl(kind: 'template', id: number): string;
export function uploadUrl(kind: UploadKind, id?: number): string {
  const path = kind === 'offer' ? '/stores/offers/media' : `/stores/template/${IdSchema.parse(id)}/media`;
  return `${apiBaseUrl()}${path}`;
}

export const UploadFormInputSchema = z.object({
  kind: z.enum(['offer', 'template']),
  /** The offer's or the template's id. */
  id: IdSchema,
  /** Offer uploads only: also put the image on this template. */
  templateId: IdSchema.nullish(),
});
export type UploadFormInput = z.input<typeof UploadFormInputSchema>;

/** Everything a multipart upload needs but the image: where it goes and its text fields. */
export interface UploadTarget {
  url: string;
  operation: string;
  /** The text fields: the item id field and, for an offer, the optional template_id. */
  fields: Record<string, string>;
  /** The field the image goes in: cover_image. */
  imageField: string;
}

/** The URL, operation and fields of an upload (see UPLOAD_FORM_FIELDS), for the upload machine. */
export function uploadTarget(input: UploadFormInput): UploadTarget {
  const { kind, id, templateId } = UploadFormInputSchema.parse(input);
  if (kind === 'template') {
    const form = UPLOAD_FORM_FIELDS.template;
    return { url: uploadUrl('template', id), operation: UPLOAD_OPERATIONS.template, fields: { [form.idField]: String(id) }, imageField: form.imageField };
  }
  const form = UPLOAD_FORM_FIELDS.offer;
  const fields: Record<string, string> = { [form.idField]: String(id) };
  if (templateId != null) fields[form.templateField] = String(templateId);
  return { url: uploadUrl('offer'), operation: UPLOAD_OPERATIONS.offer, fields, imageField: form.imageField };
}

/** The multipart body of an upload: the target's fields and the image, named cover.jpg (cover.png for a png). */
export function buildUploadForm(input: UploadFormInput & { image: Blob }): FormData {
  const { fields, imageField } = uploadTarget(input);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(imageField, input.image, input.image.type === 'image/png' ? 'cover.png' : 'cover.jpg');
  return form;
}

/** What both uploads answer: the item's media after the upload (the new cover is a data URL in mock mode). */
export const MediaUploadResponseSchema = z.object({ media: z.array(MediaSchema) });
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;
