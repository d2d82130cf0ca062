import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../src/api/errors';
import {
  MIN_PRICE_MESSAGE,
  ORDER_WINDOW_MESSAGE,
  PICKUP_BEFORE_ORDER_MESSAGE,
  PICKUP_WINDOW_MESSAGE,
  RECURRING_WEEKDAY_MESSAGE,
} from '../../src/api/offer-rules';
import {
  MAX_UPLOAD_BYTES,
  MediaUploadResponseSchema,
  OfferWireSchema,
  OffersPageWireSchema,
  buildUploadForm,
  createOffer,
  deleteOffer,
  getOffer,
  listCurrentOffers,
  offerCreateBody,
  setOfferStatus,
  updateOffer,
  uploadUrl,
  type OfferInput,
} from '../../src/api/offers';
import { HomeDataWireSchema } from '../../src/api/stores';
import { getTemplate } from '../../src/api/templates';
import { OfferRecordSchema } from '../../mocks/db';
import { HOUR_MS, seconds } from '../../mocks/time';
import { offerInput } from './fixtures';
import { connectHttpToTestBackend, setupTestBackend, storeCall } from './support';

// 10:30 local time on a Wednesday: the seeded store has offers open right now.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

/** An offer the form would submit: open for orders now, collected later today; with the form's helper fields. */
function draft(overrides: Partial<OfferInput> = {}): OfferInput {
  return offerInput(NOW, { when: 'today', whenpu: 'today', whenpu_disabled: false, ...overrides });
}

const offerRecord = (id: number) => backend.current.db.offers.findFirst((q) => q.where({ id }));
const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

async function home() {
  return HomeDataWireSchema.parse(await (await storeCall('/stores/home', token)).json());
}

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('PUT /stores/offers', () => {
  it('creates an active offer with everything left, the computed discount and the store’s location', async () => {
    const before = await home();
    const offer = await createOffer(draft());

    expect(offer).toMatchObject({
      name: 'Evening bread bag',
      store_id: STORE,
      quantity: 8,
      quantity_left: 8,
      status: 1,
      offer_status: 1,
      discount: 55,
      media: [],
      origin: 'offer',
      // Milliseconds on the client.
      order_date_from: NOW - HOUR_MS,
      pickup_date_to: NOW + 4 * HOUR_MS,
    });
    const store = backend.current.db.stores.findFirst((q) => q.where({ id: STORE }))!;
    expect({ lat: offer.lat, lon: offer.lon }).toEqual({ lat: store.address_lat, lon: store.address_lon });

    // The server holds unix seconds and none of the form's helper fields.
    const record = offerRecord(offer.id)!;
    expect(record.order_date_from).toBe(seconds(NOW - HOUR_MS));
    expect(JSON.stringify(record)).not.toMatch(/when/);

    // It is on sale right now: the overview counts it.
    const after = await home();
    expect(after.current_Offers).toBe(before.current_Offers + 1);
    // Its order window opens today: one more of today's offers.
    expect(after.offers_qty).toBe(before.offers_qty + 1);
  });

  it('answers the same offer on GET /stores/offers/{id}', async () => {
    const created = await createOffer(draft({ name: 'Read back' }));
    expect(await getOffer(created.id)).toEqual(created);
  });

  it('refuses the form’s helper fields: they must never reach the server (400)', async () => {
    const leaked = { ...offerCreateBody(draft()), when: 'today', whenpu: 'tomorrow', whenpu_disabled: true };
    const response = await storeCall('/stores/offers', token, { method: 'PUT', ...json(leaked) });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Unrecognized keys: "when", "whenpu", "whenpu_disabled"');
  });

  it('answers 400 with the exact message when the price is below 45 % of the ordinary price', async () => {
    const error = await apiFailure(createOffer(draft({ unit_price: 4.49, origin_price: 10 })));
    expect(error).toMatchObject({ kind: 'http', status: 400, message: MIN_PRICE_MESSAGE });
    const raw = await storeCall('/stores/offers', token, { method: 'PUT', ...json(offerCreateBody(draft({ unit_price: 1, origin_price: 3 }))) });
    expect(raw.status).toBe(400);
    await expect(raw.json()).resolves.toEqual({ message: MIN_PRICE_MESSAGE });
    // Exactly 45 % is allowed.
    await expect(createOffer(draft({ unit_price: 1.35, origin_price: 3 }))).resolves.toMatchObject({ discount: 55 });
  });

  it.each([
    ['the order window ends before it starts', { order_date_to: NOW - 2 * HOUR_MS }, ORDER_WINDOW_MESSAGE],
    ['the pickup window has no length', { pickup_date_to: NOW + 3 * HOUR_MS }, PICKUP_WINDOW_MESSAGE],
    [
      'pickup ends before ordering opens',
      { order_date_from: NOW + 5 * HOUR_MS, order_date_to: NOW + 6 * HOUR_MS, pickup_date_from: NOW + HOUR_MS, pickup_date_to: NOW + 2 * HOUR_MS },
      PICKUP_BEFORE_ORDER_MESSAGE,
    ],
    ['a recurring offer has no weekday', { origin: 'recurring' as const, repeat_on_days: [] }, RECURRING_WEEKDAY_MESSAGE],
  ])('answers 400 when %s, with the shared message', async (_, overrides, message) => {
    const error = await apiFailure(createOffer(draft(overrides)));
    expect(error).toMatchObject({ status: 400, message });
  });

  it('answers 400 for a body that breaks the schema, an unknown option and a template of no store', async () => {
    const { name: _name, ...nameless } = offerCreateBody(draft());
    const noName = await storeCall('/stores/offers', token, { method: 'PUT', ...json(nameless) });
    expect(noName.status).toBe(400);
    expect(await messageOf(noName)).toMatch(/^name: /);

    const badDay = await storeCall('/stores/offers', token, { method: 'PUT', ...json({ ...offerCreateBody(draft()), repeat_on_days: [8] }) });
    expect(await messageOf(badDay)).toMatch(/^repeat_on_days\.0: /);

    await expect(apiFailure(createOffer(draft({ dietary_fit: [99] })))).resolves.toMatchObject({ status: 400, message: 'dietary_fit: unknown option 99' });
    await expect(apiFailure(createOffer(draft({ origin: 'template', template_id: 9999 })))).resolves.toMatchObject({
      status: 400,
      message: 'template_id: no template 9999 in this store',
    });

    const notJson = await storeCall('/stores/offers', token, { method: 'PUT', body: 'nope' });
    expect(notJson.status).toBe(400);
  });

  it('answers 401 without a session and writes nothing', async () => {
    const count = backend.current.db.offers.all().length;
    const response = await storeCall('/stores/offers', undefined, { method: 'PUT', ...json(offerCreateBody(draft())) });
    expect(response.status).toBe(401);
    expect(backend.current.db.offers.all()).toHaveLength(count);
  });
});

describe('POST /stores/offers', () => {
  it('saves the edit and keeps the units already sold out of quantity_left', async () => {
    const nowS = seconds(NOW);
    const live = backend.current.db.offers
      .findMany((q) => q.where({ store_id: STORE, order_date_from: (from: number) => from <= nowS }))
      .find((offer) => offer.order_date_to > nowS && offer.quantity_left < offer.quantity)!;
    expect(live).toBeDefined();
    const sold = live.quantity - live.quantity_left;
    const edited = await updateOffer({
      ...draft(),
      id: live.id,
      name: `${live.name} (last call)`,
      quantity: live.quantity + 5,
      unit_price: live.unit_price,
      origin_price: live.origin_price,
    });
    expect(edited).toMatchObject({ id: live.id, name: `${live.name} (last call)`, quantity: live.quantity + 5, quantity_left: live.quantity + 5 - sold });
    // Status, media and the creation date are the server's to keep.
    expect(edited).toMatchObject({ status: live.status, media: live.media, audit_creation_date: live.audit_creation_date * 1000 });
    expect(offerRecord(live.id)).toMatchObject({ quantity_left: live.quantity + 5 - sold, order_date_to: seconds(NOW + 3 * HOUR_MS) });

    const tooFew = await apiFailure(updateOffer({ ...draft(), id: live.id, quantity: sold - 1 }));
    expect(tooFew).toMatchObject({ status: 400, message: `quantity: ${sold} units of this offer are already sold; the quantity cannot be lower` });
  });

  it('re-checks the price rule on edit', async () => {
    const created = await createOffer(draft());
    const error = await apiFailure(updateOffer({ ...draft({ unit_price: 2 }), id: created.id }));
    expect(error).toMatchObject({ status: 400, message: MIN_PRICE_MESSAGE });
    expect(offerRecord(created.id)?.unit_price).toBe(4.5);
  });

  it('answers 404 for an unknown offer and for another store’s offer, 400 without an id', async () => {
    await expect(apiFailure(updateOffer({ ...draft(), id: 999_999 }))).resolves.toMatchObject({ status: 404, message: 'Offer 999999 not found' });
    const foreign = backend.current.db.offers.findFirst((q) => q.where({ store_id: STORE }))!;
    const { id: _id, ...copy } = OfferRecordSchema.parse(foreign);
    await backend.current.db.offers.create({ ...copy, id: 888_888, store_id: 555 });
    await expect(apiFailure(updateOffer({ ...draft(), id: 888_888 }))).resolves.toMatchObject({ status: 404 });
    expect((await storeCall('/stores/offers/888888', token)).status).toBe(404);

    const noId = await storeCall('/stores/offers', token, { method: 'POST', ...json(offerCreateBody(draft())) });
    expect(noId.status).toBe(400);
    expect(await messageOf(noId)).toMatch(/^id: /);
  });
});

describe('POST /stores/offers/{id}/status/{status}', () => {
  it('switches an offer off and on; the overview and the active tab follow', async () => {
    const offer = await createOffer(draft());
    const before = await home();
    await expect(setOfferStatus(offer.id, 0)).resolves.toMatchObject({ id: offer.id, status: 0 });
    expect(offerRecord(offer.id)?.status).toBe(0);
    const off = await home();
    expect(off.current_Offers).toBe(before.current_Offers - 1);
    const active = await listCurrentOffers(STORE, { limit: 200, offset: 0, filter: 'active' });
    expect(active.data.map((o) => o.id)).not.toContain(offer.id);

    await expect(setOfferStatus(offer.id, 1)).resolves.toMatchObject({ status: 1 });
    expect((await home()).current_Offers).toBe(before.current_Offers);
  });

  it('answers 400 for a status other than 0 or 1, 404 for an unknown offer, 401 without a session', async () => {
    const offer = await createOffer(draft());
    const two = await storeCall(`/stores/offers/${offer.id}/status/2`, token, { method: 'POST' });
    expect(two.status).toBe(400);
    expect(await messageOf(two)).toMatch(/^status: /);
    expect((await storeCall(`/stores/offers/${offer.id}/status/on`, token, { method: 'POST' })).status).toBe(400);
    expect((await storeCall('/stores/offers/999999/status/1', token, { method: 'POST' })).status).toBe(404);
    expect((await storeCall(`/stores/offers/${offer.id}/status/0`, undefined, { method: 'POST' })).status).toBe(401);
    expect(offerRecord(offer.id)?.status).toBe(1);
  });
});

describe('DELETE /stores/offers/{id}', () => {
  it('removes the offer: it leaves the list, the overview and GET answers 404', async () => {
    const offer = await createOffer(draft());
    const before = await home();
    await deleteOffer(offer.id);
    expect(offerRecord(offer.id)).toBeUndefined();
    expect((await home()).current_Offers).toBe(before.current_Offers - 1);
    const list = await listCurrentOffers(STORE, { limit: 200, offset: 0 });
    expect(list.data.map((o) => o.id)).not.toContain(offer.id);
    await expect(apiFailure(getOffer(offer.id))).resolves.toMatchObject({ status: 404 });
    await expect(apiFailure(deleteOffer(offer.id))).resolves.toMatchObject({ status: 404 });
  });

  it('answers 401 without a session and 404 for a non-numeric id', async () => {
    const offer = await createOffer(draft());
    expect((await storeCall(`/stores/offers/${offer.id}`, undefined, { method: 'DELETE' })).status).toBe(401);
    expect((await storeCall('/stores/offers/abc', token, { method: 'DELETE' })).status).toBe(404);
    expect(offerRecord(offer.id)).toBeDefined();
  });
});

const nowS = () => seconds(backend.current.ctx.now());

/** The store's current offers as the db holds them: pickup not over yet. */
const current = () => backend.current.db.offers.findMany((q) => q.where({ store_id: STORE })).filter((offer) => offer.pickup_date_to > nowS());

describe('GET /stores/offers/CurrentOffersByStore/pagination/{storeId}', () => {

  it('lists the offers whose pickup has not ended, newest first, paged', async () => {
    const expected = current().sort((a, b) => b.audit_creation_date - a.audit_creation_date || b.id - a.id);
    expect(expected.length).toBeGreaterThan(3);
    const first = OffersPageWireSchema.parse(await (await storeCall(`/stores/offers/CurrentOffersByStore/pagination/${STORE}?limit=2&offset=0`, token)).json());
    expect(first).toMatchObject({ limit: 2, offset: 0, total: expected.length });
    const rest = await listCurrentOffers(STORE, { limit: 200, offset: 2 });
    expect([...first.data, ...rest.data].map((o) => o.id)).toEqual(expected.map((o) => o.id));
    // Wire seconds on the server's answer, milliseconds after the client decoded it.
    expect(rest.data[0].order_date_from).toBe(expected[2].order_date_from * 1000);
    // An offer whose pickup is over is not current.
    const over = backend.current.db.offers.findMany((q) => q.where({ store_id: STORE })).find((o) => o.pickup_date_to <= nowS())!;
    expect([...first.data, ...rest.data].map((o) => o.id)).not.toContain(over.id);
  });

  it('defaults the paging to 10 from 0', async () => {
    const page = OffersPageWireSchema.parse(await (await storeCall(`/stores/offers/CurrentOffersByStore/pagination/${STORE}`, token)).json());
    expect(page).toMatchObject({ limit: 10, offset: 0, total: current().length });
  });

  it('filter=active lists exactly the offers on sale now: the overview’s current offers', async () => {
    const active = await listCurrentOffers(STORE, { limit: 200, offset: 0, filter: 'active' });
    expect(active.total).toBe((await home()).current_Offers);
    expect(active.total).toBeGreaterThanOrEqual(2);
    const now = backend.current.ctx.now();
    for (const offer of active.data) {
      expect(offer.status).toBe(1);
      expect(offer.order_date_from).toBeLessThanOrEqual(now);
      expect(offer.order_date_to).toBeGreaterThan(now);
      expect(offer.quantity_left).toBeGreaterThan(0);
    }
  });

  it('answers 400 for a bad filter or limit, 403 for another store, 401 without a session', async () => {
    const path = `/stores/offers/CurrentOffersByStore/pagination/${STORE}`;
    const filter = await storeCall(`${path}?filter=sold`, token);
    expect(filter.status).toBe(400);
    expect(await messageOf(filter)).toMatch(/^filter: /);
    expect((await storeCall(`${path}?limit=0`, token)).status).toBe(400);
    expect((await storeCall(`${path}?offset=-1`, token)).status).toBe(400);
    expect((await storeCall('/stores/offers/CurrentOffersByStore/pagination/102', token)).status).toBe(403);
    expect((await storeCall(path, undefined)).status).toBe(401);
  });
});

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The upload as the upload machine sends it: multipart, the session header, no JSON content type. */
async function send(form: FormData, auth: string | null = token): Promise<Response> {
  return fetch(uploadUrl('offer'), { method: 'POST', headers: auth ? { 'X-Access-Token': auth } : {}, body: form });
}

describe('POST /stores/offers/media', () => {
  it('stores a jpeg as the offer’s cover (a data URL) and GET answers it back', async () => {
    const offer = await createOffer(draft());
    const response = await send(buildUploadForm({ kind: 'offer', id: offer.id, image: new Blob([JPEG], { type: 'image/jpeg' }) }));
    expect(response.status).toBe(200);
    const { media } = MediaUploadResponseSchema.parse(await response.json());
    expect(media).toEqual([{ kind: 'cover', url: `data:image/jpeg;base64,${base64(JPEG)}` }]);
    expect((await getOffer(offer.id)).media).toEqual(media);

    // A second upload replaces the cover.
    const png = await send(buildUploadForm({ kind: 'offer', id: offer.id, image: new Blob([PNG], { type: 'image/png' }) }));
    expect(MediaUploadResponseSchema.parse(await png.json()).media).toEqual([{ kind: 'cover', url: `data:image/png;base64,${base64(PNG)}` }]);
    expect(offerRecord(offer.id)?.media).toHaveLength(1);
  });

  it('with template_id also puts the image on that template (save as template)', async () => {
    const offer = await createOffer(draft());
    const template = backend.current.db.templates.findFirst((q) => q.where({ store_id: STORE }))!;
    const response = await send(buildUploadForm({ kind: 'offer', id: offer.id, templateId: template.id, image: new Blob([JPEG], { type: 'image/jpeg' }) }));
    expect(response.status).toBe(200);
    const cover = `data:image/jpeg;base64,${base64(JPEG)}`;
    const stored = await getTemplate(template.id);
    expect(stored.media[0]).toEqual({ kind: 'cover', url: cover });
    expect(stored.offer.media[0]).toEqual({ kind: 'cover', url: cover });
  });

  it('refuses other types, a mislabelled file, an empty or oversized file, and a missing field', async () => {
    const offer = await createOffer(draft());
    const formWith = (image: Blob | string | null, id: string | null = String(offer.id)) => {
      const form = new FormData();
      if (id !== null) form.append('offer_id', id);
      if (typeof image === 'string') form.append('cover_image', image);
      else if (image !== null) form.append('cover_image', image, 'cover.jpg');
      return form;
    };
    const cases: Array<[string, FormData, number, string]> = [
      ['a gif', formWith(new Blob([new Uint8Array([0x47, 0x49, 0x46, 0x38])], { type: 'image/gif' })), 400, 'cover_image: only JPEG and PNG images are accepted'],
      ['a png labelled jpeg', formWith(new Blob([PNG], { type: 'image/jpeg' })), 400, 'cover_image: the file is not a valid JPEG image'],
      ['a text field', formWith('not a file'), 400, 'cover_image: expected an image file'],
      ['no image', formWith(null), 400, 'cover_image: required'],
      ['no offer_id', formWith(new Blob([JPEG], { type: 'image/jpeg' }), null), 400, 'offer_id: required'],
      ['a bad offer_id', formWith(new Blob([JPEG], { type: 'image/jpeg' }), 'x1'), 400, 'offer_id: expected a positive integer id'],
      ['an unknown offer', formWith(new Blob([JPEG], { type: 'image/jpeg' }), '999999'), 404, 'Offer 999999 not found'],
    ];
    for (const [what, form, status, message] of cases) {
      const response = await send(form);
      expect({ what, status: response.status, message: await messageOf(response) }).toEqual({ what, status, message });
    }

    // An empty file: undici's multipart parser (tests) drops the part, a browser keeps it.
    const empty = await send(formWith(new Blob([], { type: 'image/jpeg' })));
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toMatch(/^cover_image: (the file is empty|required)$/);

    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(JPEG);
    const oversized = await send(formWith(new Blob([big], { type: 'image/jpeg' })));
    expect(oversized.status).toBe(413);

    const twice = formWith(new Blob([JPEG], { type: 'image/jpeg' }));
    twice.append('cover_image', new Blob([JPEG], { type: 'image/jpeg' }), 'b.jpg');
    expect(await messageOf(await send(twice))).toBe('cover_image: one file at a time');

    const asJson = await storeCall('/stores/offers/media', token, { method: 'POST', ...json({ offer_id: offer.id }) });
    expect(asJson.status).toBe(400);
    expect(offerRecord(offer.id)?.media).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const offer = await createOffer(draft());
    const response = await send(buildUploadForm({ kind: 'offer', id: offer.id, image: new Blob([JPEG], { type: 'image/jpeg' }) }), null);
    expect(response.status).toBe(401);
  });
});

describe('faults reach the offer calls', () => {
  it('a named failure makes the call fail and leaves the data alone', async () => {
    const count = backend.current.db.offers.all().length;
    backend.current.devkit.fail('PUT /stores/offers', 503);
    await expect(apiFailure(createOffer(draft()))).resolves.toMatchObject({ status: 503 });
    expect(backend.current.db.offers.all()).toHaveLength(count);
    expect(z.array(OfferWireSchema).safeParse(backend.current.db.offers.all()).success).toBe(true);
  });
});
