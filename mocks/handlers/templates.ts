import { HttpResponse } from 'msw';
import * as z from 'zod';
import { discountPercent, templateProblems } from '../../src/api/offer-rules';
import {
  TemplateCreateRequestSchema,
  TemplateCreateWireSchema,
  TemplateEditWireSchema,
  TemplateFiltersSchema,
  TemplatesQuerySchema,
  TemplateWireSchema,
} from '../../src/api/templates';
import { UPLOAD_FORM_FIELDS } from '../../src/api/offers';
import type { OperatorRecord, RecordOf, StoreRecord, TemplateRecord } from '../db';
import { nextId } from '../db';
import type { Kit } from '../kit';
import { badRequest, idParam, jsonBody, paged, queryOf, validated } from '../respond';
import { seconds } from '../time';
import {
  StatusParamSchema,
  checkOptions,
  idField,
  imageField,
  multipartBody,
  newestFirst,
  ownRecord,
  rejectProblems,
  storeLocation,
  withCover,
} from './offers';

/**
 * Offer templates (src/api/templates.ts), as strict as the offers: strict wire schemas (the
 * embedded offer included, so a helper field of the form is answered 400), then the shared rules
 * (src/api/offer-rules.ts templateProblems: the embedded offer's price and windows) with their
 * own messages. The embedded offer carries no stock (quantity and quantity_left 0) and a save
 * sets status 1 (spec section 3).
 *
 * Lists, newest first (creation date, then id):
 * - GET /stores/templates/activeTemplates/{id}: {id} is the store; its status-1 templates, { data }.
 * - POST /stores/templates/activeTemplates/pagination/filters?limit&offset: every template of the
 *   store, active or not, narrowed by the filter body { recurring?, status?, search? }: recurring
 *   true = repeats on at least one weekday, false = on none; search = part of the name, any case.
 *
 * Literal paths under /stores/templates/ come before /stores/templates/:id.
 */

const TemplateCreateBodySchema = TemplateCreateWireSchema.extend({ offer: TemplateCreateWireSchema.shape.offer.strict() }).strict();
const TemplateEditBodySchema = TemplateEditWireSchema.extend({ offer: TemplateEditWireSchema.shape.offer.strict() }).strict();
const FiltersBodySchema = TemplateFiltersSchema.strict();

const TemplatesParamsSchema = z.object({
  limit: z.coerce.number().pipe(TemplatesQuerySchema.shape.limit).default(10),
  offset: z.coerce.number().pipe(TemplatesQuerySchema.shape.offset).default(0),
});

/** Answers plain data with exactly the platform's fields. */
const templateWire = (template: RecordOf<'templates'>) => TemplateWireSchema.parse(template);

type TemplateBody = z.infer<typeof TemplateCreateWireSchema>;

/** The embedded offer as stored: the body's, stamped like an offer of the store. */
function embeddedOffer(body: TemplateBody, store: StoreRecord, kept: Partial<TemplateRecord['offer']>, nowS: number): TemplateRecord['offer'] {
  const { offer_status, ...offer } = body.offer;
  return {
    media: [],
    audit_creation_date: nowS,
    ...kept,
    ...offer,
    store_id: store.id,
    status: 1,
    offer_status: offer_status ?? 1,
    audit_update_date: nowS,
    ...storeLocation(store),
    discount: discountPercent(offer.origin_price, offer.unit_price),
  };
}

export function templatesHandlers(kit: Kit) {
  const { ctx } = kit;

  const findTemplate = (id: number, store: StoreRecord, operator: OperatorRecord) =>
    ownRecord(
      ctx.db.templates.findFirst((q) => q.where({ id })),
      'Template',
      id,
      store,
      operator,
    );

  function checkTemplateBody(body: TemplateBody, store: StoreRecord): void {
    const template = z.decode(TemplateCreateRequestSchema, body);
    // On the wire 0 is the form's empty repeat quantity (template-form.machine): none given.
    const template_quantity = template.template_quantity === 0 ? Number.NaN : template.template_quantity;
    rejectProblems(templateProblems({ ...template, template_quantity }));
    checkOptions(ctx.db, store.id, body.offer, 'offer.');
  }

  return [
    /** POST /stores/templates/activeTemplates/pagination/filters?limit&offset — body { recurring?, status?, search? } */
    kit.route(
      'post',
      '/stores/templates/activeTemplates/pagination/filters',
      kit.withStore(async ({ request, store }) => {
        const paging = validated(TemplatesParamsSchema, queryOf(request));
        const filters = validated(FiltersBodySchema, await jsonBody(request));
        const search = filters.search?.trim().toLowerCase();
        const templates = ctx.db.templates
          .findMany((q) => q.where({ store_id: store.id }))
          .filter((t) => (filters.recurring === undefined ? true : t.repeat_on_days.length > 0 === filters.recurring))
          .filter((t) => (filters.status === undefined ? true : t.status === filters.status))
          .filter((t) => (search ? t.name.toLowerCase().includes(search) : true))
          .sort(newestFirst);
        const page = paged(templates, paging);
        return HttpResponse.json({ ...page, data: page.data.map(templateWire) });
      }),
    ),

    /** GET /stores/templates/activeTemplates/{id} — {id} is the current store. */
    kit.route(
      'get',
      '/stores/templates/activeTemplates/:id',
      kit.withStore(
        ({ store }) => {
          const active = ctx.db.templates.findMany((q) => q.where({ store_id: store.id, status: 1 })).sort(newestFirst);
          return HttpResponse.json({ data: active.map(templateWire) });
        },
        { storeParam: 'id' },
      ),
    ),

    /** POST /stores/templates/{id}/status/{status} — 0 or 1; answers the template. */
    kit.route(
      'post',
      '/stores/templates/:id/status/:status',
      kit.withStore(async ({ params, store, operator }) => {
        const template = findTemplate(idParam(params.id, 'Template'), store, operator);
        const { status } = validated(StatusParamSchema, { status: params.status });
        const updated = await ctx.db.templates.update((q) => q.where({ id: template.id }), {
          data(draft) {
            draft.status = status;
            draft.audit_update_date = seconds(ctx.now());
          },
        });
        return HttpResponse.json(templateWire(updated ?? template));
      }),
    ),

    /** GET /stores/templates/{id} */
    kit.route(
      'get',
      '/stores/templates/:id',
      kit.withStore(({ params, store, operator }) =>
        HttpResponse.json(templateWire(findTemplate(idParam(params.id, 'Template'), store, operator))),
      ),
    ),

    /** DELETE /stores/templates/{id} — offers made from it keep their template_id (history). */
    kit.route(
      'delete',
      '/stores/templates/:id',
      kit.withStore(({ params, store, operator }) => {
        const template = findTemplate(idParam(params.id, 'Template'), store, operator);
        ctx.db.templates.delete((q) => q.where({ id: template.id }));
        return HttpResponse.json({ ok: true });
      }),
    ),

    /** PUT /stores/templates — creates a template of the current store, without media yet. */
    kit.route(
      'put',
      '/stores/templates',
      kit.withStore(async ({ request, store }) => {
        const body = validated(TemplateCreateBodySchema, await jsonBody(request));
        checkTemplateBody(body, store);
        const nowS = seconds(ctx.now());
        const template: TemplateRecord = {
          ...body,
          id: nextId(ctx.db.templates.all()),
          store_id: store.id,
          media: [],
          audit_creation_date: nowS,
          audit_update_date: nowS,
          offer: embeddedOffer(body, store, {}, nowS),
        };
        const created = await ctx.db.templates.create(template);
        return HttpResponse.json(templateWire(created), { status: 201 });
      }),
    ),

    /** POST /stores/templates — saves an edited template (status 1 again); media and creation date are kept. */
    kit.route(
      'post',
      '/stores/templates',
      kit.withStore(async ({ request, store, operator }) => {
        const { id, ...body } = validated(TemplateEditBodySchema, await jsonBody(request));
        const template = findTemplate(id, store, operator);
        checkTemplateBody(body, store);
        const nowS = seconds(ctx.now());
        const offer = embeddedOffer(body, store, { media: template.offer.media, audit_creation_date: template.offer.audit_creation_date }, nowS);
        const updated = await ctx.db.templates.update((q) => q.where({ id: template.id }), {
          data(draft) {
            draft.name = body.name;
            draft.repeat_on_days = body.repeat_on_days;
            draft.template_quantity = body.template_quantity;
            draft.status = body.status;
            draft.offer = offer;
            draft.audit_update_date = nowS;
          },
        });
        return HttpResponse.json(templateWire(updated ?? template));
      }),
    ),

    /**
     * POST /stores/template/{id}/media — multipart: template_id (the same id as the path) and
     * cover_image (jpeg or png). The image becomes the cover of the template and of its embedded
     * offer; answers { media } of the template.
     */
    kit.route(
      'post',
      '/stores/template/:id/media',
      kit.withStore(async ({ request, params, store, operator }) => {
        const template = findTemplate(idParam(params.id, 'Template'), store, operator);
        const form = await multipartBody(request);
        const fields = UPLOAD_FORM_FIELDS.template;
        const named = idField(form, fields.idField, true);
        if (named !== template.id) throw badRequest(`${fields.idField}: ${named} is not the template of the path (${template.id})`);
        const image = await imageField(form, fields.imageField);
        const media = withCover(template.media, image.dataUrl);
        await ctx.db.templates.update((q) => q.where({ id: template.id }), {
          data(draft) {
            draft.media = media;
            draft.offer.media = withCover(template.offer.media, image.dataUrl);
            draft.audit_update_date = seconds(ctx.now());
          },
        });
        return HttpResponse.json({ media });
      }),
    ),
  ];
}
