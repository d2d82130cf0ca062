import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { MIN_PRICE_MESSAGE, PICKUP_WINDOW_MESSAGE } from '../../src/api/offer-rules';
import { MediaUploadResponseSchema, buildUploadForm, uploadUrl } from '../../src/api/offers';
import { TemplateRecordSchema } from '../../mocks/db';
import {
  ActiveTemplatesWireSchema,
  TemplatesPageWireSchema,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listActiveTemplates,
  listTemplates,
  setTemplateStatus,
  templateCreateBody,
  templateEditBody,
  updateTemplate,
  type TemplateInput,
} from '../../src/api/templates';
import { HOUR_MS, seconds } from '../../mocks/time';
import { templateInput } from './fixtures';
import { connectHttpToTestBackend, setupTestBackend, storeCall } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

/** A template as the form hands it over, with the offer form's helper fields still on the embedded offer. */
function input(overrides: Partial<TemplateInput> = {}, offer: Partial<TemplateInput['offer']> = {}): TemplateInput {
  return templateInput(NOW, overrides, { when: 'tomorrow', whenpu: 'tomorrow', whenpu_disabled: true, ...offer });
}

const templateRecord = (id: number) => backend.current.db.templates.findFirst((q) => q.where({ id }));
const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
const FILTERS = '/stores/templates/activeTemplates/pagination/filters';

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('PUT /stores/templates', () => {
  it('creates an active template whose embedded offer carries no stock', async () => {
    const template = await createTemplate(input());
    expect(template).toMatchObject({
      name: 'Friday cake box',
      store_id: STORE,
      repeat_on_days: [5],
      template_quantity: 6,
      status: 1,
      media: [],
      offer: {
        name: 'Friday cake box',
        quantity: 0,
        quantity_left: 0,
        origin: 'template',
        template_id: null,
        repeat_on_days: [5],
        offer_status: 1,
        discount: 50,
        // The embedded offer's dates are milliseconds on the client too.
        order_date_from: NOW + 20 * HOUR_MS,
      },
    });
    const record = templateRecord(template.id)!;
    expect(record.offer.order_date_from).toBe(seconds(NOW + 20 * HOUR_MS));
    expect(JSON.stringify(record)).not.toMatch(/when/);
    expect(await getTemplate(template.id)).toEqual(template);
  });

  it('refuses the form’s helper fields on the embedded offer (400)', async () => {
    const body = templateCreateBody(input());
    const leaked = { ...body, offer: { ...body.offer, whenpu_disabled: true } };
    const response = await storeCall('/stores/templates', token, { method: 'PUT', ...json(leaked) });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('offer: Unrecognized key: "whenpu_disabled"');
  });

  it('answers 400 with the shared messages: the price rule and the windows of the embedded offer', async () => {
    await expect(apiFailure(createTemplate(input({}, { unit_price: 5.39 })))).resolves.toMatchObject({ status: 400, message: MIN_PRICE_MESSAGE });
    await expect(apiFailure(createTemplate(input({}, { pickup_date_to: NOW + 26 * HOUR_MS })))).resolves.toMatchObject({
      status: 400,
      message: PICKUP_WINDOW_MESSAGE,
    });
  });

  it('answers 400 for stock on the embedded offer, a status other than 1 and an unknown option', async () => {
    const body = templateCreateBody(input());
    const stocked = await storeCall('/stores/templates', token, { method: 'PUT', ...json({ ...body, offer: { ...body.offer, quantity: 3 } }) });
    expect(stocked.status).toBe(400);
    expect(await messageOf(stocked)).toMatch(/^offer\.quantity: /);
    const inactive = await storeCall('/stores/templates', token, { method: 'PUT', ...json({ ...body, status: 0 }) });
    expect(await messageOf(inactive)).toMatch(/^status: /);
    await expect(apiFailure(createTemplate(input({}, { cuisine_type: [42] })))).resolves.toMatchObject({ status: 400, message: 'offer.cuisine_type: unknown option 42' });
  });

  it('answers 401 without a session', async () => {
    const response = await storeCall('/stores/templates', undefined, { method: 'PUT', ...json(templateCreateBody(input())) });
    expect(response.status).toBe(401);
  });
});

describe('POST /stores/templates', () => {
  it('saves the edit with status 1 and offer_status 1, keeping media and the creation date', async () => {
    const seeded = backend.current.db.templates.findFirst((q) => q.where({ store_id: STORE }))!;
    await setTemplateStatus(seeded.id, 0);
    const edited = await updateTemplate({ ...input({ name: 'Bread bag, weekdays', repeat_on_days: [1, 2, 3], template_quantity: 12 }), id: seeded.id });
    expect(edited).toMatchObject({
      id: seeded.id,
      name: 'Bread bag, weekdays',
      repeat_on_days: [1, 2, 3],
      template_quantity: 12,
      status: 1,
      media: seeded.media,
      audit_creation_date: seeded.audit_creation_date * 1000,
      offer: { quantity: 0, quantity_left: 0, offer_status: 1, repeat_on_days: [1, 2, 3], media: seeded.offer.media },
    });
    expect(templateRecord(seeded.id)).toMatchObject({ name: 'Bread bag, weekdays', status: 1 });
  });

  it('needs offer_status 1 on edit, and answers 404 for an unknown template', async () => {
    const created = await createTemplate(input());
    const body = templateEditBody({ ...input(), id: created.id });
    const { offer_status: _status, ...offerWithout } = body.offer;
    const response = await storeCall('/stores/templates', token, { method: 'POST', ...json({ ...body, offer: offerWithout }) });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/^offer\.offer_status: /);
    await expect(apiFailure(updateTemplate({ ...input(), id: 999_999 }))).resolves.toMatchObject({ status: 404, message: 'Template 999999 not found' });
  });
});

describe('status and delete', () => {
  it('switches a template off and on; the active set follows', async () => {
    const template = await createTemplate(input());
    await expect(setTemplateStatus(template.id, 0)).resolves.toMatchObject({ status: 0 });
    expect((await listActiveTemplates(STORE)).map((t) => t.id)).not.toContain(template.id);
    await expect(setTemplateStatus(template.id, 1)).resolves.toMatchObject({ status: 1 });
    expect((await listActiveTemplates(STORE)).map((t) => t.id)).toContain(template.id);
    expect((await storeCall(`/stores/templates/${template.id}/status/3`, token, { method: 'POST' })).status).toBe(400);
    expect((await storeCall('/stores/templates/999999/status/1', token, { method: 'POST' })).status).toBe(404);
    expect((await storeCall(`/stores/templates/${template.id}/status/0`, undefined, { method: 'POST' })).status).toBe(401);
  });

  it('deletes a template: GET answers 404 afterwards, and so does a second delete', async () => {
    const template = await createTemplate(input());
    expect((await storeCall(`/stores/templates/${template.id}`, undefined, { method: 'DELETE' })).status).toBe(401);
    await deleteTemplate(template.id);
    expect(templateRecord(template.id)).toBeUndefined();
    await expect(apiFailure(getTemplate(template.id))).resolves.toMatchObject({ status: 404 });
    await expect(apiFailure(deleteTemplate(template.id))).resolves.toMatchObject({ status: 404 });
  });

  it('keeps other stores’ templates out of reach (404)', async () => {
    const seeded = TemplateRecordSchema.parse(backend.current.db.templates.findFirst((q) => q.where({ store_id: STORE })));
    await backend.current.db.templates.create({ ...seeded, id: 77_777, store_id: 555 });
    expect((await storeCall('/stores/templates/77777', token)).status).toBe(404);
    expect((await storeCall('/stores/templates/77777', token, { method: 'DELETE' })).status).toBe(404);
    expect(templateRecord(77_777)).toBeDefined();
  });
});

const storeTemplates = () => backend.current.db.templates.findMany((q) => q.where({ store_id: STORE }));
const newestFirst = <T extends { audit_creation_date: number; id: number }>(list: T[]) =>
  list.sort((a, b) => b.audit_creation_date - a.audit_creation_date || b.id - a.id).map((t) => t.id);

describe('lists', () => {

  it('GET activeTemplates/{storeId} answers the store’s active templates, newest first', async () => {
    const response = await storeCall(`/stores/templates/activeTemplates/${STORE}`, token);
    const { data } = ActiveTemplatesWireSchema.parse(await response.json());
    expect(data.map((t) => t.id)).toEqual(newestFirst(storeTemplates().filter((t) => t.status === 1)));
    expect((await storeCall('/stores/templates/activeTemplates/102', token)).status).toBe(403);
    expect((await storeCall(`/stores/templates/activeTemplates/${STORE}`, undefined)).status).toBe(401);
  });

  it('pages every template of the store with the filter body', async () => {
    const all = newestFirst(storeTemplates());
    expect(all.length).toBeGreaterThan(2);
    const first = TemplatesPageWireSchema.parse(await (await storeCall(`${FILTERS}?limit=2&offset=0`, token, { method: 'POST', ...json({}) })).json());
    expect(first).toMatchObject({ limit: 2, offset: 0, total: all.length });
    const rest = await listTemplates({}, { limit: 200, offset: 2 });
    expect([...first.data.map((t) => t.id), ...rest.data.map((t) => t.id)]).toEqual(all);
  });

  it('filters recurring (repeats on some weekday) or not, by status and by name', async () => {
    const recurring = await listTemplates({ recurring: true }, { limit: 200, offset: 0 });
    expect(recurring.data.map((t) => t.id)).toEqual(newestFirst(storeTemplates().filter((t) => t.repeat_on_days.length > 0)));
    const once = await listTemplates({ recurring: false }, { limit: 200, offset: 0 });
    expect(once.total).toBeGreaterThan(0);
    expect(once.data.every((t) => t.repeat_on_days.length === 0)).toBe(true);
    expect(recurring.total + once.total).toBe(storeTemplates().length);

    const off = await createTemplate(input({ name: 'Switched-off soup' }));
    await setTemplateStatus(off.id, 0);
    expect((await listTemplates({ status: 0 }, { limit: 200, offset: 0 })).data.map((t) => t.id)).toContain(off.id);
    expect((await listTemplates({ status: 1 }, { limit: 200, offset: 0 })).data.map((t) => t.id)).not.toContain(off.id);
    expect((await listTemplates({ search: 'SOUP' }, { limit: 200, offset: 0 })).data.map((t) => t.name)).toEqual(['Switched-off soup']);
  });

  it('answers 400 for an unknown filter, a bad filter value, a bad limit or no body; 401 without a session', async () => {
    const unknown = await storeCall(FILTERS, token, { method: 'POST', ...json({ kind: 'x' }) });
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toBe('Unrecognized key: "kind"');
    expect(await messageOf(await storeCall(FILTERS, token, { method: 'POST', ...json({ recurring: 'yes' }) }))).toMatch(/^recurring: /);
    expect((await storeCall(`${FILTERS}?limit=500`, token, { method: 'POST', ...json({}) })).status).toBe(400);
    expect((await storeCall(FILTERS, token, { method: 'POST' })).status).toBe(400);
    expect((await storeCall(FILTERS, undefined, { method: 'POST', ...json({}) })).status).toBe(401);
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

async function send(id: number, form: FormData, auth: string | null = token): Promise<Response> {
  return fetch(uploadUrl('template', id), { method: 'POST', headers: auth ? { 'X-Access-Token': auth } : {}, body: form });
}

describe('POST /stores/template/{id}/media', () => {
  it('stores the image as the cover of the template and its offer; GET answers it back', async () => {
    const template = await createTemplate(input());
    const response = await send(template.id, buildUploadForm({ kind: 'template', id: template.id, image: new Blob([PNG], { type: 'image/png' }) }));
    expect(response.status).toBe(200);
    const { media } = MediaUploadResponseSchema.parse(await response.json());
    expect(media).toEqual([{ kind: 'cover', url: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}` }]);
    const stored = await getTemplate(template.id);
    expect(stored.media).toEqual(media);
    expect(stored.offer.media).toEqual(media);
  });

  it('answers 400 when the form names another template or the file is not an image, 404/401 as usual', async () => {
    const template = await createTemplate(input());
    const other = buildUploadForm({ kind: 'template', id: template.id + 1000, image: new Blob([PNG], { type: 'image/png' }) });
    const mismatch = await send(template.id, other);
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toBe(`template_id: ${template.id + 1000} is not the template of the path (${template.id})`);
    const text = buildUploadForm({ kind: 'template', id: template.id, image: new Blob(['hello'], { type: 'text/plain' }) });
    expect(await messageOf(await send(template.id, text))).toBe('cover_image: only JPEG and PNG images are accepted');
    expect((await send(999_999, buildUploadForm({ kind: 'template', id: 999_999, image: new Blob([PNG], { type: 'image/png' }) }))).status).toBe(404);
    expect((await send(template.id, buildUploadForm({ kind: 'template', id: template.id, image: new Blob([PNG], { type: 'image/png' }) }), null)).status).toBe(401);
    expect(templateRecord(template.id)?.media).toEqual([]);
  });
});
