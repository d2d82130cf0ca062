import * as z from 'zod';
import { secondsToMillis, toSeconds, type PagedList } from './codecs';
import { nameField, optionalPhoneField, textField } from './field-rules';
import { http } from './http';
import { DeletedSchema } from './offers';

/*
 * Trucks, pickup locations and delivery orders (spec section 7, "Trucks, pickups, accounts,
 * deliveries"). The spec shows no fields for trucks and pickup locations: ours are what a fleet
 * operator expects (docs/decisions/011-logistics-and-maps.md).
 */

const IdSchema = z.number().int().positive();

/**
 * The truck and pickup lists arrive as plain arrays and are read as one page: limit 10, offset 0,
 * total = the list's length (spec section 7, "Response handling"); the screens page them locally.
 */
export const SPEC_LIST_LIMIT = 10;
export function asSpecList<T>(items: T[]): PagedList<T> {
  return { data: items, limit: SPEC_LIST_LIMIT, offset: 0, total: items.length };
}

// ---------------------------------------------------------------------------------------------
// Trucks
// ---------------------------------------------------------------------------------------------

export const TRUCK_STATUSES = ['active', 'maintenance', 'inactive'] as const;
export const TruckStatusSchema = z.enum(TRUCK_STATUSES);
export type TruckStatus = z.infer<typeof TruckStatusSchema>;

/**
 * The truck form's messages, word for word (the form shows them translated; the server answers
 * them in a 400 as "<field>: <message>").
 */
export const TRUCK_MESSAGES = {
  nameRequired: 'Enter the truck’s name',
  plateRequired: 'Enter the number plate',
  plateInvalid: 'Use 2 to 12 letters, digits, spaces or hyphens, starting with a letter or a digit',
  capacityRequired: 'Enter how many packages it carries',
  capacityWhole: 'Use a whole number of packages',
  capacityRange: 'Between 1 and 999 packages',
} as const;

/** What the operator edits (the truck form is built from these fields; the mock validates bodies with them). */
export const TruckInputSchema = z.object({
  name: nameField(60, TRUCK_MESSAGES.nameRequired),
  /** Number plate, kept as typed (upper-cased): letters, digits, spaces and hyphens. */
  plate: z
    .string({ error: TRUCK_MESSAGES.plateRequired })
    .trim()
    .toUpperCase()
    .min(1, TRUCK_MESSAGES.plateRequired)
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,11}$/, TRUCK_MESSAGES.plateInvalid),
  /** How many packages the truck carries. */
  capacity: z
    .number({ error: TRUCK_MESSAGES.capacityRequired })
    .int(TRUCK_MESSAGES.capacityWhole)
    .min(1, TRUCK_MESSAGES.capacityRange)
    .max(999, TRUCK_MESSAGES.capacityRange),
  driver_name: textField(80),
  driver_phone: optionalPhoneField,
  status: TruckStatusSchema,
});
export type TruckInput = z.infer<typeof TruckInputSchema>;

/**
 * A truck as the platform answers it. Spec section 3 shows no truck fields; its calls address a
 * truck by {id} (GET and DELETE /stores/trucks/{id}, /truck/edit/{id}), so the id is required and
 * everything else optional: texts read '' (shown as "not set"), a missing capacity is shown so and
 * left for the edit form to ask, and a missing status is filled in by the call (listTrucks: the tab
 * asked for; create and update: the one sent; getTruck: 'active', which the edit form shows).
 */
export const TruckSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int().optional(),
  name: z.string().default(''),
  plate: z.string().default(''),
  capacity: z.number().int().optional(),
  driver_name: z.string().default(''),
  driver_phone: z.string().default(''),
  status: TruckStatusSchema.optional(),
});
export type TruckWire = z.output<typeof TruckSchema>;
export type Truck = Omit<TruckWire, 'status'> & { status: TruckStatus };

/** The truck with its status: the platform's, else `status` (see TruckSchema). */
const truckWith = (truck: TruckWire, status: TruckStatus): Truck => ({ ...truck, status: truck.status ?? status });

export const TruckListQuerySchema = z.object({
  /** Matches name, plate or driver (case-insensitive). */
  search: z.string().optional(),
});
export type TruckListQuery = z.infer<typeof TruckListQuerySchema>;

/** GET /stores/trucks/{status}?search — the store's trucks with that status, as one page. */
export async function listTrucks(status: TruckStatus, query: TruckListQuery = {}): Promise<PagedList<Truck>> {
  const trucks = await http(`/stores/trucks/${TruckStatusSchema.parse(status)}`, {
    query: TruckListQuerySchema.parse(query),
    schema: z.array(TruckSchema),
    operation: 'GET /stores/trucks/{status}',
  });
  return asSpecList(trucks.map((truck) => truckWith(truck, status)));
}

/** GET /stores/trucks/{id} */
export async function getTruck(id: number): Promise<Truck> {
  return truckWith(await http(`/stores/trucks/${IdSchema.parse(id)}`, { schema: TruckSchema, operation: 'GET /stores/trucks/{id}' }), 'active');
}

/** PUT /stores/trucks — creates a truck; answers it with its id. */
export async function createTruck(input: TruckInput): Promise<Truck> {
  const body = TruckInputSchema.parse(input);
  return truckWith(await http('/stores/trucks', { method: 'PUT', body, schema: TruckSchema, operation: 'PUT /stores/trucks' }), body.status);
}

export const TruckUpdateSchema = TruckInputSchema.extend({ id: IdSchema });
export type TruckUpdate = z.infer<typeof TruckUpdateSchema>;

/** POST /stores/trucks — saves an existing truck (the body carries its id). */
export async function updateTruck(update: TruckUpdate): Promise<Truck> {
  const body = TruckUpdateSchema.parse(update);
  return truckWith(await http('/stores/trucks', { method: 'POST', body, schema: TruckSchema, operation: 'POST /stores/trucks' }), body.status);
}

/** DELETE /stores/trucks/{id} */
export async function deleteTruck(id: number): Promise<void> {
  await http(`/stores/trucks/${IdSchema.parse(id)}`, { method: 'DELETE', schema: DeletedSchema, operation: 'DELETE /stores/trucks/{id}' });
}

// ---------------------------------------------------------------------------------------------
// Pickup locations
// ---------------------------------------------------------------------------------------------

/** The pickup location form's messages, word for word (see TRUCK_MESSAGES). */
export const PICKUP_MESSAGES = {
  nameRequired: 'Enter the location’s name',
  addressRequired: 'Enter the address',
  positionRequired: 'Set the position: click the map, find it from the address, or type latitude and longitude',
  latRange: 'Latitude goes from -90 to 90',
  lonRange: 'Longitude goes from -180 to 180',
} as const;

const degrees = (min: number, max: number, range: string) =>
  z.number({ error: PICKUP_MESSAGES.positionRequired }).min(min, range).max(max, range);

/** What the operator edits (the pickup form is built from these fields; the mock validates bodies with them). */
export const PickupLocationInputSchema = z.object({
  name: nameField(80, PICKUP_MESSAGES.nameRequired),
  address: nameField(160, PICKUP_MESSAGES.addressRequired),
  /** Two-letter code from the spec's country list (src/lib/countries.ts). */
  country: z.string().length(2),
  lat: degrees(-90, 90, PICKUP_MESSAGES.latRange),
  lon: degrees(-180, 180, PICKUP_MESSAGES.lonRange),
  /** Free text as the operator writes it, e.g. "Mon–Fri 09:00–20:00". */
  opening_hours: textField(120),
  contact_name: textField(80),
  contact_phone: optionalPhoneField,
});
export type PickupLocationInput = z.infer<typeof PickupLocationInputSchema>;

/**
 * A pickup location as the platform answers it. Like trucks, the spec shows no fields but its
 * calls address one by {id}: the id is required, texts read '' (shown as "not set"; the edit form
 * asks for the required ones) and a missing position is left for the edit form to ask.
 */
export const PickupLocationSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int().optional(),
  name: z.string().default(''),
  address: z.string().default(''),
  country: z.string().default(''),
  lat: z.number().optional(),
  lon: z.number().optional(),
  opening_hours: z.string().default(''),
  contact_name: z.string().default(''),
  contact_phone: z.string().default(''),
});
export type PickupLocation = z.infer<typeof PickupLocationSchema>;

export const PickupListQuerySchema = z.object({
  /** Matches name, address or contact (case-insensitive). */
  search: z.string().optional(),
});
export type PickupListQuery = z.infer<typeof PickupListQuerySchema>;

/** GET /stores/pickuplocation?search — the store's pickup locations, as one page. */
export async function listPickupLocations(query: PickupListQuery = {}): Promise<PagedList<PickupLocation>> {
  const locations = await http('/stores/pickuplocation', {
    query: PickupListQuerySchema.parse(query),
    schema: z.array(PickupLocationSchema),
    operation: 'GET /stores/pickuplocation',
  });
  return asSpecList(locations);
}

/** GET /stores/pickuplocation/{id} */
export async function getPickupLocation(id: number): Promise<PickupLocation> {
  return http(`/stores/pickuplocation/${IdSchema.parse(id)}`, { schema: PickupLocationSchema, operation: 'GET /stores/pickuplocation/{id}' });
}

/** PUT /stores/pickuplocation — creates a pickup location. */
export async function createPickupLocation(input: PickupLocationInput): Promise<PickupLocation> {
  return http('/stores/pickuplocation', {
    method: 'PUT',
    body: PickupLocationInputSchema.parse(input),
    schema: PickupLocationSchema,
    operation: 'PUT /stores/pickuplocation',
  });
}

export const PickupLocationUpdateSchema = PickupLocationInputSchema.extend({ id: IdSchema });
export type PickupLocationUpdate = z.infer<typeof PickupLocationUpdateSchema>;

/** POST /stores/pickuplocation — saves an existing pickup location (the body carries its id). */
export async function updatePickupLocation(update: PickupLocationUpdate): Promise<PickupLocation> {
  return http('/stores/pickuplocation', {
    method: 'POST',
    body: PickupLocationUpdateSchema.parse(update),
    schema: PickupLocationSchema,
    operation: 'POST /stores/pickuplocation',
  });
}

/** DELETE /stores/pickuplocation/{id} */
export async function deletePickupLocation(id: number): Promise<void> {
  await http(`/stores/pickuplocation/${IdSchema.parse(id)}`, {
    method: 'DELETE',
    schema: DeletedSchema,
    operation: 'DELETE /stores/pickuplocation/{id}',
  });
}

// ---------------------------------------------------------------------------------------------
// Delivery orders
// ---------------------------------------------------------------------------------------------

export const DELIVERY_STATUSES = ['assigned', 'delivered', 'pending', 'rejected'] as const;
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** A delivery order: every field of spec section 3 is required; store_id and the door's lat/lon are optional. */
export const DeliveryWireSchema = z.object({
  id: z.number().int(),
  /** Not named by the spec; the platform scopes deliveries to the current store anyway. */
  store_id: z.number().int().optional(),
  /** "{area} {slot} {number}": the card shows the initials of its first two words. */
  pickup_code: z.string(),
  order_address: z.string(),
  order_delivery_to: z.string(),
  order_delivery_to_mail: z.string(),
  phone: z.string(),
  delivery_driver_notes: z.string(),
  delivery_notes: z.string(),
  delivery_status: DeliveryStatusSchema,
  delivery_date: z.number(),
  delivery_packages: z.number().int().nonnegative(),
  /** The truck's name; '' while no truck is assigned. */
  delivery_truck: z.string(),
  /** The recipient's door; not named by the spec. Absent: the delivery is not on the delivery map. */
  lat: z.number().optional(),
  lon: z.number().optional(),
});
export type DeliveryWire = z.infer<typeof DeliveryWireSchema>;
export const DeliverySchema = secondsToMillis(DeliveryWireSchema, ['delivery_date']);
export type Delivery = z.output<typeof DeliverySchema>;

/** A stop on a delivery's way, in driving order. Without a name or an address it reads ''. */
export const RoutePlaceSchema = z.object({
  kind: z.enum(['store', 'pickup', 'recipient']),
  name: z.string().default(''),
  address: z.string().default(''),
  lat: z.number(),
  lon: z.number(),
});
export type RoutePlace = z.infer<typeof RoutePlaceSchema>;

/** The places the map can draw: a place without its kind or position is left out. */
const RoutePlacesSchema = z
  .array(z.unknown())
  .default([])
  .transform((places) => places.flatMap((place) => {
    const read = RoutePlaceSchema.safeParse(place);
    return read.success ? [read.data] : [];
  }));

/**
 * GET /stores/delivery/{id} answers the delivery plus the places of its route: the store where
 * the packages are loaded, then, when the store has pickup locations, the one nearest the
 * recipient (a location at the store's own door is not a stop), and the recipient's door
 * (first → last, the others as stopovers). The spec does not name the places: absent (or fewer
 * than two readable ones), the delivery page shows no route.
 */
export const DeliveryDetailWireSchema = DeliveryWireSchema.extend({ places: RoutePlacesSchema });
export const DeliveryDetailSchema = secondsToMillis(DeliveryDetailWireSchema, ['delivery_date']);
export type DeliveryDetail = z.output<typeof DeliveryDetailSchema>;

/** The search filters, client side (dates in milliseconds, whole days in local time). */
export interface DeliverySearch {
  status?: DeliveryStatus;
  /** Start of the first day shown (inclusive). */
  dateFrom?: number;
  /** End of the last day shown (inclusive). */
  dateTo?: number;
  /** A truck's name, exactly as the deliveries carry it. */
  truck?: string;
  /** Matches pickup code, address, recipient, e-mail or phone (case-insensitive). */
  text?: string;
}

/** The body of POST /stores/delivery/search: dates in unix seconds, absent filters left out. */
export const DeliverySearchBodySchema = z.object({
  status: DeliveryStatusSchema.optional(),
  date_from: z.number().int().optional(),
  date_to: z.number().int().optional(),
  truck: z.string().min(1).optional(),
  text: z.string().min(1).optional(),
});
export type DeliverySearchBody = z.infer<typeof DeliverySearchBodySchema>;

export function deliverySearchBody(search: DeliverySearch): DeliverySearchBody {
  const text = search.text?.trim();
  return DeliverySearchBodySchema.parse({
    ...(search.status ? { status: search.status } : {}),
    ...(search.dateFrom !== undefined ? { date_from: toSeconds(search.dateFrom) } : {}),
    ...(search.dateTo !== undefined ? { date_to: toSeconds(search.dateTo) } : {}),
    ...(search.truck ? { truck: search.truck } : {}),
    ...(text ? { text } : {}),
  });
}

export const DeliveryPagingSchema = z.object({
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
});
export type DeliveryPaging = z.infer<typeof DeliveryPagingSchema>;

const DeliveryPageSchema = z.object({
  data: z.array(DeliverySchema),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/**
 * POST /stores/delivery/search?limit&offset with the filters as body; newest delivery date first.
 */
export async function searchDeliveries(search: DeliverySearch, paging: DeliveryPaging): Promise<PagedList<Delivery>> {
  return http('/stores/delivery/search', {
    method: 'POST',
    query: DeliveryPagingSchema.parse(paging),
    body: deliverySearchBody(search),
    schema: DeliveryPageSchema,
    operation: 'POST /stores/delivery/search',
  });
}

/** GET /stores/delivery/{id} */
export async function getDelivery(id: number): Promise<DeliveryDetail> {
  return http(`/stores/delivery/${IdSchema.parse(id)}`, { schema: DeliveryDetailSchema, operation: 'GET /stores/delivery/{id}' });
}
