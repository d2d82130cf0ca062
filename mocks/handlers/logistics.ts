import { HttpResponse } from 'msw';
import * as z from 'zod';
import {
  DeliveryDetailWireSchema,
  DeliveryPagingSchema,
  DeliverySearchBodySchema,
  DeliveryWireSchema,
  PickupListQuerySchema,
  PickupLocationInputSchema,
  PickupLocationSchema,
  PickupLocationUpdateSchema,
  TruckInputSchema,
  TruckListQuerySchema,
  TruckSchema,
  TruckStatusSchema,
  TruckUpdateSchema,
  type DeliverySearchBody,
  type PickupLocationInput,
  type RoutePlace,
  type TruckInput,
} from '../../src/api/logistics';
import { isCountryCode } from '../../src/lib/countries';
import type { RecordOf, StoreRecord } from '../db';
import { nextId } from '../db';
import type { Kit } from '../kit';
import { badRequest, idParam, jsonBody, notFound, paged, problem, queryOf, validated } from '../respond';

/**
 * Trucks, pickup locations and delivery orders (src/api/logistics.ts), scoped to the operator's
 * current store: another store's record is answered 404 like a missing one, whichever stores the
 * operator runs (these are the store's own fleet and places, never shared).
 *
 * - GET /stores/trucks/{status}?search and GET /stores/pickuplocation?search answer plain arrays,
 *   sorted by name (then id); search is part of the name, plate or driver (trucks) or of the name,
 *   address or contact (pickup locations), without case or accents.
 * - GET /stores/trucks/{status} and GET /stores/trucks/{id} share one path: a numeric segment is
 *   an id, anything else a status (an unknown one is a 400). The route tells the fault switches
 *   which operation each call is, so a fault can name either (mocks/faults.ts).
 * - A plate is unique within the store, and so is a truck's name, which deliveries carry
 *   (delivery_truck): 409. Renaming a truck renames it on its deliveries; deleting one sends its
 *   assigned deliveries back to pending without a truck (the delivered keep the name: history).
 * - A pickup location's country is a two-letter code of src/lib/countries.ts (400 otherwise).
 * - POST /stores/delivery/search?limit&offset pages the store's deliveries narrowed by the body
 *   { status?, date_from?, date_to? (unix seconds, inclusive), truck? (exact name), text? (part of
 *   the pickup code, address, recipient, e-mail or phone, without case or accents; a phone also
 *   matches without its spaces) }, newest delivery date first (ties: the higher id first).
 * - GET /stores/delivery/{id} adds the route's places: the store, the store's pickup location
 *   nearest the recipient (one at the store's own door is no stop), the recipient's door.
 */

const TruckBodySchema = TruckInputSchema.strict();
const TruckUpdateBodySchema = TruckUpdateSchema.strict();
const PickupBodySchema = PickupLocationInputSchema.strict();
const PickupUpdateBodySchema = PickupLocationUpdateSchema.strict();
const SearchBodySchema = DeliverySearchBodySchema.strict();
const TruckListParamsSchema = TruckListQuerySchema.strict();
const PickupListParamsSchema = PickupListQuerySchema.strict();
const TruckStatusParamSchema = z.object({ status: TruckStatusSchema });

/** The query arrives as strings: the api's paging schema, coerced (and defaulted like the other lists). */
const DeliveryPagingParamsSchema = z
  .object({
    limit: z.coerce.number().pipe(DeliveryPagingSchema.shape.limit).default(10),
    offset: z.coerce.number().pipe(DeliveryPagingSchema.shape.offset).default(0),
  })
  .strict();

/** A pickup location this close to the store (km) is the store's own counter, not a stop on the way. */
const AT_THE_DOOR_KM = 0.02;

/** Answers plain data with exactly the platform's fields. */
const truckWire = (truck: RecordOf<'trucks'>) => TruckSchema.parse(truck);
const pickupWire = (location: RecordOf<'pickupLocations'>) => PickupLocationSchema.parse(location);
const deliveryWire = (delivery: RecordOf<'deliveries'>) => DeliveryWireSchema.parse(delivery);

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A plate as written on the vehicle, whatever the separators: "4821 LKM" = "4821-LKM" = "4821lkm". */
const plateKey = (plate: string) => plate.replace(/[\s-]/g, '').toUpperCase();
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.localeCompare(b.name, 'en') || a.id - b.id;
const newestFirst = (a: RecordOf<'deliveries'>, b: RecordOf<'deliveries'>) => b.delivery_date - a.delivery_date || b.id - a.id;

/** `text` trimmed and folded, or undefined when there is nothing to look for. */
function needleOf(text: string | undefined): string | undefined {
  const needle = text === undefined ? '' : folded(text.trim());
  return needle === '' ? undefined : needle;
}

/** Great-circle distance in km (haversine): plenty for a city's streets. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The store's door: the geocoded address when there is one (spec section 3). */
function storePosition(store: StoreRecord): { lat: number; lon: number } {
  return { lat: store.address_lat ?? store.lat, lon: store.address_lon ?? store.lon };
}

/** A pickup location's country is a two-letter code of the console's country list (src/lib/countries.ts). */
function checkCountry(input: PickupLocationInput): void {
  if (!isCountryCode(input.country)) throw badRequest(`country: ${input.country} is not a known two-letter country code`);
}

/** The current store's record, or 404 (another store's record is not found either). */
function found<T>(record: T | undefined, what: string, id: number): T {
  if (record === undefined) throw notFound(`${what} ${id} not found`);
  return record;
}

/** A numeric last segment is a truck id (GET /stores/trucks/{id}); anything else a status. */
const isTruckId = (segment: string) => /^\d+$/.test(segment);
const truckOperationOf = (path: string) =>
  isTruckId(path.split('/').filter(Boolean).at(-1) ?? '') ? 'GET /stores/trucks/{id}' : 'GET /stores/trucks/{status}';

function deliveryMatcher(search: DeliverySearchBody): (delivery: RecordOf<'deliveries'>) => boolean {
  const needle = needleOf(search.text);
  const digits = search.text?.replace(/\D/g, '') ?? '';
  const phoneLike = search.text !== undefined && /^[\d\s+().-]+$/.test(search.text.trim()) && digits.length >= 3;
  return (d) =>
    (search.status === undefined || d.delivery_status === search.status) &&
    (search.date_from === undefined || d.delivery_date >= search.date_from) &&
    (search.date_to === undefined || d.delivery_date <= search.date_to) &&
    (search.truck === undefined || d.delivery_truck === search.truck) &&
    (needle === undefined ||
      [d.pickup_code, d.order_address, d.order_delivery_to, d.order_delivery_to_mail, d.phone].some((field) => folded(field).includes(needle)) ||
      (phoneLike && d.phone.replace(/\D/g, '').includes(digits)));
}

export function logisticsHandlers(kit: Kit) {
  const { ctx } = kit;

  const ownTruck = (id: number, store: StoreRecord) => found(ctx.db.trucks.findFirst((q) => q.where({ id, store_id: store.id })), 'Truck', id);
  const ownPickup = (id: number, store: StoreRecord) =>
    found(ctx.db.pickupLocations.findFirst((q) => q.where({ id, store_id: store.id })), 'Pickup location', id);
  const ownDelivery = (id: number, store: StoreRecord) => found(ctx.db.deliveries.findFirst((q) => q.where({ id, store_id: store.id })), 'Delivery', id);

  /** 409 when another truck of the store has the plate or the name (`self` is the truck being saved). */
  function checkTruckUnique(input: TruckInput, store: StoreRecord, self?: number): void {
    const others = ctx.db.trucks.findMany((q) => q.where({ store_id: store.id })).filter((t) => t.id !== self);
    const plate = others.find((t) => plateKey(t.plate) === plateKey(input.plate));
    if (plate) throw problem(409, `plate: ${input.plate} is already the plate of ${plate.name}`);
    const name = others.find((t) => folded(t.name) === folded(input.name));
    if (name) throw problem(409, `name: the store already has a truck called ${name.name}`);
  }

  /** The store's pickup location nearest the recipient, unless it is the store's own door. */
  function stopoverFor(delivery: RecordOf<'deliveries'>, store: StoreRecord): RoutePlace | undefined {
    const door = storePosition(store);
    const [nearest] = ctx.db.pickupLocations
      .findMany((q) => q.where({ store_id: store.id }))
      .filter((location) => distanceKm(location, door) > AT_THE_DOOR_KM)
      .map((location) => ({ location, km: distanceKm(location, delivery) }))
      .sort((a, b) => a.km - b.km || a.location.id - b.location.id);
    if (!nearest) return undefined;
    const { name, address, lat, lon } = nearest.location;
    return { kind: 'pickup', name, address, lat, lon };
  }

  return [
    // -------------------------------------------------------------------------------------------
    // Trucks
    // -------------------------------------------------------------------------------------------

    /** GET /stores/trucks/{status}?search — and GET /stores/trucks/{id} (one path, told apart by the segment). */
    kit.route(
      'get',
      '/stores/trucks/:param',
      kit.withStore(({ request, params, store }) => {
        const param = String(params.param);
        if (isTruckId(param)) return HttpResponse.json(truckWire(ownTruck(idParam(param, 'Truck'), store)));
        const { status } = validated(TruckStatusParamSchema, { status: param });
        const needle = needleOf(validated(TruckListParamsSchema, queryOf(request)).search);
        const plate = needle === undefined ? '' : plateKey(needle);
        const trucks = ctx.db.trucks
          .findMany((q) => q.where({ store_id: store.id, status }))
          .filter((t) => needle === undefined || [t.name, t.plate, t.driver_name].some((field) => folded(field).includes(needle)) || (plate !== '' && plateKey(t.plate).includes(plate)))
          .sort(byName);
        return HttpResponse.json(trucks.map(truckWire));
      }),
      { operationOf: truckOperationOf },
    ),

    /** PUT /stores/trucks — creates a truck of the current store; answers it with its id (201). */
    kit.route(
      'put',
      '/stores/trucks',
      kit.withStore(async ({ request, store }) => {
        const input = validated(TruckBodySchema, await jsonBody(request));
        checkTruckUnique(input, store);
        const created = await ctx.db.trucks.create({ ...input, id: nextId(ctx.db.trucks.all()), store_id: store.id });
        return HttpResponse.json(truckWire(created), { status: 201 });
      }),
    ),

    /** POST /stores/trucks — saves a truck of the current store (the body carries its id). */
    kit.route(
      'post',
      '/stores/trucks',
      kit.withStore(async ({ request, store }) => {
        const { id, ...input } = validated(TruckUpdateBodySchema, await jsonBody(request));
        const truck = ownTruck(id, store);
        checkTruckUnique(input, store, id);
        const updated = await ctx.db.trucks.update((q) => q.where({ id }), {
          data(draft) {
            Object.assign(draft, input);
          },
        });
        if (input.name !== truck.name) {
          await ctx.db.deliveries.updateMany((q) => q.where({ store_id: store.id, delivery_truck: truck.name }), {
            data(draft) {
              draft.delivery_truck = input.name;
            },
          });
        }
        return HttpResponse.json(truckWire(updated ?? truck));
      }),
    ),

    /** DELETE /stores/trucks/{id} — its assigned deliveries go back to pending, without a truck. */
    kit.route(
      'delete',
      '/stores/trucks/:id',
      kit.withStore(async ({ params, store }) => {
        const truck = ownTruck(idParam(params.id, 'Truck'), store);
        ctx.db.trucks.delete((q) => q.where({ id: truck.id }));
        await ctx.db.deliveries.updateMany((q) => q.where({ store_id: store.id, delivery_truck: truck.name, delivery_status: 'assigned' }), {
          data(draft) {
            draft.delivery_status = 'pending';
            draft.delivery_truck = '';
          },
        });
        return HttpResponse.json({ ok: true });
      }),
    ),

    // -------------------------------------------------------------------------------------------
    // Pickup locations
    // -------------------------------------------------------------------------------------------

    /** GET /stores/pickuplocation?search */
    kit.route(
      'get',
      '/stores/pickuplocation',
      kit.withStore(({ request, store }) => {
        const needle = needleOf(validated(PickupListParamsSchema, queryOf(request)).search);
        const locations = ctx.db.pickupLocations
          .findMany((q) => q.where({ store_id: store.id }))
          .filter((l) => needle === undefined || [l.name, l.address, l.contact_name, l.contact_phone].some((field) => folded(field).includes(needle)))
          .sort(byName);
        return HttpResponse.json(locations.map(pickupWire));
      }),
    ),

    /** GET /stores/pickuplocation/{id} */
    kit.route(
      'get',
      '/stores/pickuplocation/:id',
      kit.withStore(({ params, store }) => HttpResponse.json(pickupWire(ownPickup(idParam(params.id, 'Pickup location'), store)))),
    ),

    /** DELETE /stores/pickuplocation/{id} */
    kit.route(
      'delete',
      '/stores/pickuplocation/:id',
      kit.withStore(({ params, store }) => {
        const location = ownPickup(idParam(params.id, 'Pickup location'), store);
        ctx.db.pickupLocations.delete((q) => q.where({ id: location.id }));
        return HttpResponse.json({ ok: true });
      }),
    ),

    /** PUT /stores/pickuplocation — creates a pickup location of the current store (201). */
    kit.route(
      'put',
      '/stores/pickuplocation',
      kit.withStore(async ({ request, store }) => {
        const input = validated(PickupBodySchema, await jsonBody(request));
        checkCountry(input);
        const created = await ctx.db.pickupLocations.create({ ...input, id: nextId(ctx.db.pickupLocations.all()), store_id: store.id });
        return HttpResponse.json(pickupWire(created), { status: 201 });
      }),
    ),

    /** POST /stores/pickuplocation — saves a pickup location of the current store (the body carries its id). */
    kit.route(
      'post',
      '/stores/pickuplocation',
      kit.withStore(async ({ request, store }) => {
        const { id, ...input } = validated(PickupUpdateBodySchema, await jsonBody(request));
        const location = ownPickup(id, store);
        checkCountry(input);
        const updated = await ctx.db.pickupLocations.update((q) => q.where({ id }), {
          data(draft) {
            Object.assign(draft, input);
          },
        });
        return HttpResponse.json(pickupWire(updated ?? location));
      }),
    ),

    // -------------------------------------------------------------------------------------------
    // Delivery orders
    // -------------------------------------------------------------------------------------------

    /** POST /stores/delivery/search?limit&offset — body { status?, date_from?, date_to?, truck?, text? } */
    kit.route(
      'post',
      '/stores/delivery/search',
      kit.withStore(async ({ request, store }) => {
        const paging = validated(DeliveryPagingParamsSchema, queryOf(request));
        const search = validated(SearchBodySchema, await jsonBody(request));
        const deliveries = ctx.db.deliveries
          .findMany((q) => q.where({ store_id: store.id }))
          .filter(deliveryMatcher(search))
          .sort(newestFirst);
        const page = paged(deliveries, paging);
        return HttpResponse.json({ ...page, data: page.data.map(deliveryWire) });
      }),
    ),

    /** GET /stores/delivery/{id} — the delivery and its route's places (store, pickup stopover, recipient). */
    kit.route(
      'get',
      '/stores/delivery/:id',
      kit.withStore(({ params, store }) => {
        const delivery = ownDelivery(idParam(params.id, 'Delivery'), store);
        const stopover = stopoverFor(delivery, store);
        const places: RoutePlace[] = [
          { kind: 'store', name: store.name, address: store.address.address_print, ...storePosition(store) },
          ...(stopover ? [stopover] : []),
          { kind: 'recipient', name: delivery.order_delivery_to, address: delivery.order_address, lat: delivery.lat, lon: delivery.lon },
        ];
        return HttpResponse.json(DeliveryDetailWireSchema.parse({ ...delivery, places }));
      }),
    ),
  ];
}
