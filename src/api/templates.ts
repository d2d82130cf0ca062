import * as z from 'zod';
import { pagedList, toMillis, toSeconds, type PagedList } from './codecs';
import { QUANTITY_MAX, QUANTITY_MAX_MESSAGE, QUANTITY_MIN_MESSAGE, REQUIRED_MESSAGE, WHOLE_NUMBER_MESSAGE, nameField } from './field-rules';
import { http } from './http';
import {
  DeletedSchema,
  ItemStatusSchema,
  MediaSchema,
  OfferCreateWireSchema,
  OfferWireSchema,
  WeekdaySchema,
  offerWindowFields,
  offerWindowsInMillis,
  type ItemStatus,
  type OfferInput,
} from './offers';

/** A reusable offer template; its embedded offer has quantity and quantity_left 0. */
export const TemplateWireSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  store_id: z.number().int(),
  repeat_on_days: z.array(WeekdaySchema),
  /** The quantity each offer made from the template gets (the form's "quantity"). */
  template_quantity: z.number().int().nonnegative(),
  media: z.array(MediaSchema),
  status: z.number().int(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  offer: OfferWireSchema.omit({ id: true }),
});
export type TemplateWire = z.infer<typeof TemplateWireSchema>;

type Fields = readonly string[];
function mapTimes<T extends object>(value: T, fields: Fields, fn: (n: number) => number): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const field of fields) if (typeof copy[field] === 'number') copy[field] = fn(copy[field]);
  return copy as T;
}

/**
 * Unix seconds ↔ milliseconds for a template-shaped object: `own` fields on the template and the
 * order and pickup windows (plus `offerAudit`) of its embedded offer.
 */
function templateCodec<S extends z.ZodObject>(wire: S, own: Fields, offerFields: Fields, client?: z.ZodObject) {
  const convert = (fn: (n: number) => number) => (value: Record<string, unknown>) => {
    const converted = mapTimes(value, own, fn);
    const offer = converted.offer;
    return { ...converted, offer: offer && typeof offer === 'object' ? mapTimes(offer, offerFields, fn) : offer };
  };
  // The client schema has the wire's fields (only the windows' checks differ): typed as the wire's.
  return z.codec(wire, (client ?? wire) as S, {
    decode: (value) => convert(toMillis)(value as Record<string, unknown>) as never,
    encode: (value) => convert(toSeconds)(value as Record<string, unknown>) as never,
  });
}

const auditFields = ['audit_creation_date', 'audit_update_date'] as const;

/** The client's template: every date in milliseconds, the embedded offer's included. */
export const TemplateSchema = templateCodec(TemplateWireSchema, auditFields, [...auditFields, ...offerWindowFields]);
export type Template = z.output<typeof TemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

/**
 * The embedded offer a template save sends (spec section 3): no stock (quantity and quantity_left
 * 0), origin 'template', the template's weekdays; offer_status 1 on edit.
 */
export const TemplateOfferWireSchema = OfferCreateWireSchema.extend({
  quantity: z.literal(0),
  quantity_left: z.literal(0),
  origin: z.literal('template'),
  template_id: z.null(),
  offer_status: z.literal(1).optional(),
});

/** What PUT /stores/templates sends: status 1 on every save; the repeat quantity is template_quantity. */
export const TemplateCreateWireSchema = z.object({
  name: nameField(),
  repeat_on_days: z.array(WeekdaySchema),
  /** 0 = none given (the form's empty field); a template that repeats needs one (offer-rules). */
  template_quantity: z
    .number({ error: REQUIRED_MESSAGE })
    .int(WHOLE_NUMBER_MESSAGE)
    .min(0, QUANTITY_MIN_MESSAGE)
    .max(QUANTITY_MAX, QUANTITY_MAX_MESSAGE),
  status: z.literal(1),
  offer: TemplateOfferWireSchema,
});
/** What POST /stores/templates sends: the same, naming the template, with offer_status 1. */
export const TemplateEditWireSchema = TemplateCreateWireSchema.extend({
  id: z.number().int(),
  offer: TemplateOfferWireSchema.extend({ offer_status: z.literal(1) }),
});

/** Client side (milliseconds) ↔ wire (unix seconds), the embedded offer's windows converted. */
export const TemplateCreateRequestSchema = templateCodec(
  TemplateCreateWireSchema,
  [],
  offerWindowFields,
  TemplateCreateWireSchema.extend({ offer: TemplateCreateWireSchema.shape.offer.extend(offerWindowsInMillis) }),
);
export const TemplateEditRequestSchema = templateCodec(
  TemplateEditWireSchema,
  [],
  offerWindowFields,
  TemplateEditWireSchema.extend({ offer: TemplateEditWireSchema.shape.offer.extend(offerWindowsInMillis) }),
);

/**
 * The embedded offer as the form hands it over: the offer's fields the template does not fix
 * (windows in milliseconds). Its name defaults to the template's. Extras such as the form's
 * helper fields are dropped.
 */
export type TemplateOfferInput = Omit<OfferInput, 'name' | 'quantity' | 'repeat_on_days' | 'origin' | 'template_id'> & { name?: string };
export interface TemplateInput {
  name: string;
  repeat_on_days: number[];
  template_quantity: number;
  offer: TemplateOfferInput;
}
export type TemplateEditInput = TemplateInput & { id: number };

function templateOffer(input: TemplateInput) {
  return {
    ...input.offer,
    name: input.offer.name ?? input.name,
    quantity: 0 as const,
    quantity_left: 0 as const,
    repeat_on_days: input.repeat_on_days,
    origin: 'template' as const,
    template_id: null,
  };
}

/** The wire body of a template create (status 1, the embedded offer without stock, seconds). */
export function templateCreateBody(input: TemplateInput): z.input<typeof TemplateCreateRequestSchema> {
  const { name, repeat_on_days, template_quantity } = input;
  return z.encode(TemplateCreateRequestSchema, { name, repeat_on_days, template_quantity, status: 1, offer: templateOffer(input) });
}

/** The wire body of a template edit: like a create, plus the id and offer_status 1. */
export function templateEditBody(input: TemplateEditInput): z.input<typeof TemplateEditRequestSchema> {
  const { id, name, repeat_on_days, template_quantity } = input;
  return z.encode(TemplateEditRequestSchema, {
    id,
    name,
    repeat_on_days,
    template_quantity,
    status: 1,
    offer: { ...templateOffer(input), offer_status: 1 },
  });
}

/** PUT /stores/templates — creates a template; answers it as saved. */
export async function createTemplate(input: TemplateInput): Promise<Template> {
  return http('/stores/templates', { method: 'PUT', body: templateCreateBody(input), schema: TemplateSchema, operation: 'PUT /stores/templates' });
}

/** POST /stores/templates — saves an edited template; answers it as saved. */
export async function updateTemplate(input: TemplateEditInput): Promise<Template> {
  return http('/stores/templates', { method: 'POST', body: templateEditBody(input), schema: TemplateSchema, operation: 'POST /stores/templates' });
}

// ---------------------------------------------------------------------------------------------
// Delete, status, read, lists
// ---------------------------------------------------------------------------------------------

const IdSchema = z.number().int().positive();

/** DELETE /stores/templates/{id} */
export async function deleteTemplate(id: number): Promise<void> {
  await http(`/stores/templates/${IdSchema.parse(id)}`, { method: 'DELETE', schema: DeletedSchema, operation: 'DELETE /stores/templates/{id}' });
}

/** POST /stores/templates/{id}/status/{status} — answers the template with its new status. */
export async function setTemplateStatus(id: number, status: ItemStatus): Promise<Template> {
  return http(`/stores/templates/${IdSchema.parse(id)}/status/${ItemStatusSchema.parse(status)}`, {
    method: 'POST',
    schema: TemplateSchema,
    operation: 'POST /stores/templates/{id}/status/{status}',
  });
}

/** GET /stores/templates/{id} */
export async function getTemplate(id: number): Promise<Template> {
  return http(`/stores/templates/${IdSchema.parse(id)}`, { schema: TemplateSchema, operation: 'GET /stores/templates/{id}' });
}

export const ActiveTemplatesWireSchema = z.object({ data: z.array(TemplateWireSchema) });
const ActiveTemplatesSchema = z.object({ data: z.array(TemplateSchema) });

/** GET /stores/templates/activeTemplates/{id} — the store's active (status 1) templates, newest first; {id} is the store. */
export async function listActiveTemplates(storeId: number): Promise<Template[]> {
  const response = await http(`/stores/templates/activeTemplates/${IdSchema.parse(storeId)}`, {
    schema: ActiveTemplatesSchema,
    operation: 'GET /stores/templates/activeTemplates/{id}',
  });
  return response.data;
}

/**
 * The filter body of the templates list: recurring true = repeats on some weekday (the
 * "recurring" tab), false = repeats on none; status 0/1; search = part of the name, any case.
 * Every field is optional; {} lists every template of the store.
 */
export const TemplateFiltersSchema = z.object({
  recurring: z.boolean().optional(),
  status: ItemStatusSchema.optional(),
  search: z.string().max(100).optional(),
});
export type TemplateFilters = z.infer<typeof TemplateFiltersSchema>;

export const TemplatesQuerySchema = z.object({
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
});
export type TemplatesQuery = z.infer<typeof TemplatesQuerySchema>;

export const TemplatesPageWireSchema = pagedList(TemplateWireSchema);
export const TemplatesPageSchema = pagedList(TemplateSchema);

/**
 * POST /stores/templates/activeTemplates/pagination/filters?limit&offset — the store's templates
 * (active or not) matching the filters, newest first.
 */
export async function listTemplates(filters: TemplateFilters, query: TemplatesQuery): Promise<PagedList<Template>> {
  return http('/stores/templates/activeTemplates/pagination/filters', {
    method: 'POST',
    body: TemplateFiltersSchema.parse(filters),
    query: TemplatesQuerySchema.parse(query),
    schema: TemplatesPageSchema,
    operation: 'POST /stores/templates/activeTemplates/pagination/filters',
  });
}
