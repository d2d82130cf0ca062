import { HttpResponse } from 'msw';
import { OperatorSchema } from '../../src/api/session';
import {
  ApiKeySchema,
  BillingSchema,
  DevicesInputSchema,
  DevicesWireSchema,
  OperatorProfileInputSchema,
  STORE_MEDIA_UPLOADS,
  StoreBasicInputSchema,
  StoreConfigInputSchema,
  StoreMediaResponseSchema,
  type StoreMediaKind,
} from '../../src/api/settings';
import { StoreProfileWireSchema } from '../../src/api/stores';
import type { Db, StoreRecord } from '../db';
import type { Kit } from '../kit';
import { randomToken } from '../random';
import { badRequest, forbidden, jsonBody, notFound, validated } from '../respond';
import { seconds } from '../time';
import { idField, imageField, multipartBody } from './offers';

/**
 * The Profile calls (src/api/settings.ts, spec section 7): business info, media, devices and the
 * API key, configuration, the operator's own profile, billing and the terms. Every call needs a
 * session and acts on the operator's current store; a path or a body naming another store is
 * answered 403. Bodies are the api's schemas made strict, nested objects included (an unknown
 * field anywhere is a 400 "<field>: <problem>"), and every change is written to the db, so
 * GET /stores/profile/{id}, a reload and the next sign-in show it.
 *
 * GET /stores/profile/{id} itself lives in handlers/stores.ts; its `:id` matches one segment, so
 * it never answers the two-segment paths below (billing/{id}, accept_conditions/{id}).
 */

const StoreBasicBodySchema = StoreBasicInputSchema.safeExtend({ address: StoreBasicInputSchema.shape.address.strict() }).strict();
const StoreConfigBodySchema = StoreConfigInputSchema.strict();
const DevicesBodySchema = DevicesInputSchema.strict();
const OperatorProfileBodySchema = OperatorProfileInputSchema.extend({ preferences: OperatorProfileInputSchema.shape.preferences.strict() }).strict();
const BillingBodySchema = BillingSchema.strict();

/** The profile as the platform answers it: exactly its fields. */
const profileWire = (store: StoreRecord) => StoreProfileWireSchema.parse(store);
const mediaOf = (store: StoreRecord) => StoreMediaResponseSchema.parse({ avatar: store.avatar, logo: store.logo, cover: store.cover });

/** A body naming a store must name the current one, like a path does (kit.withStore's storeParam). */
function requireCurrent(id: number, store: StoreRecord): void {
  if (id !== store.id) throw forbidden(`Store ${id} is not the operator's current store`);
}

/**
 * The picked position of a basic-info save: both coordinates set it (and the map's lat/lon follow),
 * both null clear it (the server's own lat/lon remain), neither keeps it. Half a position is a 400.
 */
function positionChange(lat: number | null | undefined, lon: number | null | undefined): 'keep' | 'clear' | { lat: number; lon: number } {
  if (lat === undefined && lon === undefined) return 'keep';
  if (typeof lat === 'number' && typeof lon === 'number') return { lat, lon };
  if (lat === null && lon === null) return 'clear';
  const [field, other] = lon === undefined || (typeof lat === 'number' && lon === null) ? ['address_lon', 'address_lat'] : ['address_lat', 'address_lon'];
  throw badRequest(`${field}: give it with ${other} (two numbers set the position, two nulls clear it)`);
}

/** Only the fields a multipart upload takes: anything else is a 400, as in the JSON bodies. */
function rejectUnknownFields(form: FormData, known: readonly string[], hint: Record<string, string> = {}): void {
  for (const name of form.keys()) {
    if (!known.includes(name)) throw badRequest(`${name}: unknown field${hint[name] ? ` (${hint[name]})` : ''}`);
  }
}

/** The JSON body, or {} when there is none (POST /stores/profile/devices reads with an empty body). */
async function jsonBodyOrEmpty(request: Request): Promise<unknown> {
  return (await request.clone().text()).trim() === '' ? {} : jsonBody(request);
}

/** The store's record after `change` (written through the collection API, so persistence sees it). */
async function updateStore(db: Db, id: number, change: (draft: StoreRecord) => void): Promise<StoreRecord> {
  const updated = await db.stores.update((q) => q.where({ id }), { data: change });
  if (!updated) throw notFound(`Store ${id} not found`);
  return updated;
}

export function profileHandlers(kit: Kit) {
  const { ctx } = kit;
  const { avatar, logo, cover } = STORE_MEDIA_UPLOADS;

  return [
    /**
     * POST /stores/profile/basic — name, description, e-mail, phone, address and, when given,
     * the picked position. The accounts list shows the store's name, so it follows a rename.
     * Answers the profile.
     */
    kit.route(
      'post',
      '/stores/profile/basic',
      kit.withStore(async ({ request, store }) => {
        const body = validated(StoreBasicBodySchema, await jsonBody(request));
        requireCurrent(body.id, store);
        const position = positionChange(body.address_lat, body.address_lon);
        const updated = await updateStore(ctx.db, store.id, (draft) => {
          draft.name = body.name;
          draft.description = body.description;
          draft.email = body.email;
          draft.phone = body.phone;
          draft.address = body.address;
          if (position === 'clear') {
            draft.address_lat = null;
            draft.address_lon = null;
          } else if (position !== 'keep') {
            draft.address_lat = position.lat;
            draft.address_lon = position.lon;
            draft.lat = position.lat;
            draft.lon = position.lon;
          }
        });
        if (body.name !== store.name) {
          await ctx.db.accounts.updateMany((q) => q.where({ store_id: store.id }), {
            data(draft) {
              draft.store_name = body.name;
            },
          });
        }
        return HttpResponse.json(profileWire(updated));
      }),
    ),

    /**
     * POST /stores/profile/media — multipart: store_id and exactly one of avatar_image or
     * logo_image (a JPEG or PNG, checked like the offers' uploads). Stored as a data URL.
     * Answers the three images.
     */
    kit.route(
      'post',
      avatar.path,
      kit.withStore(async ({ request, store }) => {
        const form = await multipartBody(request);
        rejectUnknownFields(form, [avatar.idField, avatar.imageField, logo.imageField], { [cover.imageField]: `the cover goes to ${cover.path}` });
        requireCurrent(idField(form, avatar.idField, true), store);
        const kinds = (['avatar', 'logo'] as const).filter((kind) => form.has(STORE_MEDIA_UPLOADS[kind].imageField));
        if (kinds.length === 0) throw badRequest(`${avatar.imageField}: required (or ${logo.imageField})`);
        if (kinds.length > 1) throw badRequest(`${logo.imageField}: one image at a time (${avatar.imageField} is also set)`);
        const kind: StoreMediaKind = kinds[0];
        const image = await imageField(form, STORE_MEDIA_UPLOADS[kind].imageField);
        const updated = await updateStore(ctx.db, store.id, (draft) => {
          draft[kind] = image.dataUrl;
        });
        return HttpResponse.json(mediaOf(updated));
      }),
    ),

    /** POST /stores/profile/mediacover — multipart: store_id and cover_image. Answers the three images. */
    kit.route(
      'post',
      cover.path,
      kit.withStore(async ({ request, store }) => {
        const form = await multipartBody(request);
        const elsewhere = `${avatar.imageField} and ${logo.imageField} go to ${avatar.path}`;
        rejectUnknownFields(form, [cover.idField, cover.imageField], { [avatar.imageField]: elsewhere, [logo.imageField]: elsewhere });
        requireCurrent(idField(form, cover.idField, true), store);
        const image = await imageField(form, cover.imageField);
        const updated = await updateStore(ctx.db, store.id, (draft) => {
          draft.cover = image.dataUrl;
        });
        return HttpResponse.json(mediaOf(updated));
      }),
    ),

    /**
     * POST /stores/profile/devices/apikey — a new random key (the platform's CSPRNG, like session
     * tokens); the old one stops working at once. The key is answered and stored, never logged.
     */
    kit.route(
      'post',
      '/stores/profile/devices/apikey',
      kit.withStore(async ({ store }) => {
        const apiKey = `sk_mock_${randomToken(16)}`;
        await updateStore(ctx.db, store.id, (draft) => {
          draft.apiKey = apiKey;
        });
        return HttpResponse.json(ApiKeySchema.parse({ apiKey }));
      }),
    ),

    /**
     * POST /stores/profile/devices — {} reads; `remove` unregisters devices (an unknown id is a
     * 404, nothing changes) and drops their device accounts; `devicesAllowed` changes the
     * allowance, never below the devices still registered after the removals (400). Both may come
     * together. Answers { devicesAllowed, devices }.
     */
    kit.route(
      'post',
      '/stores/profile/devices',
      kit.withStore(async ({ request, store }) => {
        const body = validated(DevicesBodySchema, await jsonBodyOrEmpty(request));
        const removing = new Set(body.remove ?? []);
        for (const id of removing) if (!store.devices.some((device) => device.id === id)) throw notFound(`Device ${id} not found`);
        const removed = store.devices.filter((device) => removing.has(device.id));
        const devices = store.devices.filter((device) => !removing.has(device.id));
        const allowed = body.devicesAllowed ?? store.devicesAllowed;
        if (body.devicesAllowed !== undefined && allowed < devices.length) {
          const registered = devices.length === 1 ? '1 device is registered' : `${devices.length} devices are registered`;
          throw badRequest(`devicesAllowed: ${registered}; unregister some first`);
        }
        let result = store;
        if (removed.length > 0 || allowed !== store.devicesAllowed) {
          result = await updateStore(ctx.db, store.id, (draft) => {
            draft.devices = draft.devices.filter((device) => !removing.has(device.id));
            draft.devicesAllowed = allowed;
          });
          for (const device of removed) {
            ctx.db.accounts.delete((q) => q.where({ store_id: store.id, kind: 'device', holder: device.name }));
          }
        }
        return HttpResponse.json(DevicesWireSchema.parse({ devicesAllowed: result.devicesAllowed, devices: result.devices }));
      }),
    ),

    /** POST /stores/profile/config — SMS on pickup, its text and the store's colour. Answers the profile. */
    kit.route(
      'post',
      '/stores/profile/config',
      kit.withStore(async ({ request, store }) => {
        const body = validated(StoreConfigBodySchema, await jsonBody(request));
        const updated = await updateStore(ctx.db, store.id, (draft) => {
          draft.sms_send = body.sms_send;
          draft.sms_text = body.sms_text;
          draft.color = body.color;
        });
        return HttpResponse.json(profileWire(updated));
      }),
    ),

    /**
     * POST /stores/operator/profile — the signed-in operator's name, phone and language, in the
     * operators collection the session user is built from (mocks/sessions.ts sessionUserOf) and the
     * identity provider's displayName too: the next sign-in and a reload show them. first_name
     * follows the name's first word. Answers the operator's platform fields (no uid, no password).
     */
    kit.route(
      'post',
      '/stores/operator/profile',
      kit.withStore(async ({ request, operator }) => {
        const body = validated(OperatorProfileBodySchema, await jsonBody(request));
        const updated = await ctx.db.operators.update((q) => q.where({ id: operator.id }), {
          data(draft) {
            draft.name_op = body.name_op;
            draft.phone = body.phone;
            draft.preferences = { language: body.preferences.language };
            if (draft.first_name !== undefined) draft.first_name = body.name_op.split(/\s+/)[0];
          },
        });
        if (!updated) throw notFound(`Operator ${operator.id} not found`);
        return HttpResponse.json(OperatorSchema.parse(updated));
      }),
    ),

    /** GET /stores/profile/billing/{id} — the current store's billing; 404 before one is saved. */
    kit.route(
      'get',
      '/stores/profile/billing/:id',
      kit.withStore(
        ({ store }) => {
          const billing = ctx.db.billing.findFirst((q) => q.where({ store_id: store.id }));
          if (!billing) throw notFound(`Store ${store.id} has no billing details yet`);
          return HttpResponse.json(BillingSchema.parse(billing));
        },
        { storeParam: 'id' },
      ),
    ),

    /** POST /stores/profile/billing/{id} — creates or replaces the store's billing; answers it. */
    kit.route(
      'post',
      '/stores/profile/billing/:id',
      kit.withStore(
        async ({ request, store }) => {
          const body = validated(BillingBodySchema, await jsonBody(request));
          if (body.store_id !== store.id) throw badRequest(`store_id: must be the store in the path (${store.id})`);
          const saved = ctx.db.billing.findFirst((q) => q.where({ store_id: store.id }))
            ? await ctx.db.billing.update((q) => q.where({ store_id: store.id }), {
                data(draft) {
                  Object.assign(draft, body);
                },
              })
            : await ctx.db.billing.create(body);
          return HttpResponse.json(BillingSchema.parse(saved));
        },
        { storeParam: 'id' },
      ),
    ),

    /**
     * POST /stores/profile/accept_conditions/{id} — records now (unix seconds) as the terms'
     * accept date. Accepting again records the new date: the terms may have changed since, and
     * the latest acceptance is the one that binds. Answers { accept_date }.
     */
    kit.route(
      'post',
      '/stores/profile/accept_conditions/:id',
      kit.withStore(
        async ({ store }) => {
          const acceptDate = seconds(ctx.now());
          await updateStore(ctx.db, store.id, (draft) => {
            draft.special_terms = { ...draft.special_terms, accept_date: acceptDate };
          });
          return HttpResponse.json({ accept_date: acceptDate });
        },
        { storeParam: 'id' },
      ),
    ),
  ];
}
