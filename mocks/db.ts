import { Collection } from '@msw/data';
import * as z from 'zod';
import { AccountSchema } from '../src/api/accounts';
import { DeliveryWireSchema, PickupLocationInputSchema, TruckInputSchema } from '../src/api/logistics';
import { LookupOptionSchema } from '../src/api/lookups';
import { EarningSchema } from '../src/api/management';
import { MediaSchema, OfferWireSchema } from '../src/api/offers';
import { OrderedOfferSchema, OrderWireSchema } from '../src/api/orders';
import { OrderSummaryWireSchema, PaymentWireSchema } from '../src/api/finance';
import { SignupRequestSchema } from '../src/api/registration';
import { LanguageSchema, OperatorWireSchema } from '../src/api/session';
import { DeviceSchema, ReviewWireSchema, StoreProfileWireSchema } from '../src/api/stores';
import { BillingSchema } from '../src/api/settings';
import { TemplateWireSchema } from '../src/api/templates';
import { yieldToMain } from './yield';

/**
 * The mock server's database: one @msw/data collection per resource, built from the WIRE schemas
 * of src/api (unix seconds, exactly what the server answers). Never a codec schema such as
 * OfferSchema: @msw/data re-validates a record on every update, so a seconds→ms codec would
 * convert the dates again on each write.
 *
 * Resources the platform returns without a store id (reviews, earnings, lookups) get one here,
 * so handlers can scope them to the operator's current store; handlers strip it when answering.
 *
 * The console's response schemas require only what the spec names (docs/spec-fields.md); the
 * mock's records are richer and always complete, so the fields those schemas leave optional are
 * required again here (the `...RecordSchema`s below). Answers still parse with the api schemas,
 * which keep every field they declare.
 */

/** A person who can sign in: the platform's operator plus what only the identity provider and the server know. */
export const OperatorRecordSchema = OperatorWireSchema.extend({
  id: z.number().int(),
  role: z.string(),
  /** Firebase localId / the ID token's user_id and sub. */
  uid: z.string().min(1),
  /**
   * A seeded demo account's password, in plain text: published as the demo sign-in hint, never a
   * real credential. Accounts created by sign-up have `passwordHash` instead.
   */
  password: z.string().min(1).optional(),
  /** An account created by sign-up: its password's salted hash (mocks/passwords.ts), never the password. */
  passwordHash: z.string().min(1).optional(),
  /** The stores (accounts) the operator may act on; currentAccount is one of them. */
  stores: z.array(z.number().int()).min(1),
  /** Identity-provider metadata, milliseconds (Firebase reports these as ms strings). */
  createdAt: z.number(),
  lastLoginAt: z.number(),
  /** Firebase's `disabled`: the provider refuses to sign the account in or reset its password (USER_DISABLED). */
  disabled: z.boolean().optional(),
});
export type OperatorRecord = z.infer<typeof OperatorRecordSchema>;

/** A platform session opened by POST /stores/signin or POST users/login. */
export const SessionRecordSchema = z.object({
  token: z.string().min(1),
  operatorId: z.number().int(),
  createdAt: z.number(),
  expiresAt: z.number(),
  /**
   * The `auth_time` (unix seconds) of the ID token that opened it: which identity sign-in it
   * belongs to (that sign-in's refresh tokens have this `issuedAt` second). Logout revokes them.
   */
  authTime: z.number().optional(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** An identity-provider refresh token, so the SDK can mint new ID tokens after a reload. */
export const RefreshTokenRecordSchema = z.object({
  token: z.string().min(1),
  operatorId: z.number().int(),
  issuedAt: z.number(),
  /** Revoked by a sign-out (POST /stores/logout): securetoken answers TOKEN_EXPIRED, as Firebase does. */
  revokedAt: z.number().optional(),
});

/**
 * A one-use code the identity provider mailed (accounts:sendOobCode): the `oobCode` of the reset
 * link. It works until `expiresAt` and is deleted once used (accounts:resetPassword). Dates in ms.
 */
export const OobCodeRecordSchema = z.object({
  code: z.string().min(1),
  requestType: z.literal('PASSWORD_RESET'),
  operatorId: z.number().int(),
  /** The address the code was mailed to (the account's, when it was sent). */
  email: z.string().min(1),
  issuedAt: z.number(),
  expiresAt: z.number(),
});
export type OobCodeRecord = z.infer<typeof OobCodeRecordSchema>;

export const StoreLookupsSchema = z.object({
  offer_type: z.array(LookupOptionSchema),
  dietary_fit: z.array(LookupOptionSchema),
  cuisine_type: z.array(LookupOptionSchema),
  business_type: z.array(LookupOptionSchema),
  store_id: z.number().int(),
  lang: LanguageSchema,
});

/** A store as the mock keeps it: the profile with its business info, terms text and devices complete. */
export const DeviceRecordSchema = DeviceSchema.required();
export const StoreRecordSchema = StoreProfileWireSchema.extend({
  id: z.number().int(),
  name: z.string().min(1),
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ address_print: z.string(), city: z.string(), country: z.string().length(2), postal_code: z.string() }),
  devices: z.array(DeviceRecordSchema),
  /** Every store has one; only administrators' sessions receive it (src/api/permissions.ts SECRET_FIELDS). */
  apiKey: z.string(),
  special_terms: z.object({ text: z.string(), accept_date: z.number().nullable() }),
  notifications: z.array(StoreProfileWireSchema.shape.notifications.element.required()),
});
export type StoreRecord = z.output<typeof StoreRecordSchema>;

export const MediaRecordSchema = MediaSchema.required();
export type MediaRecord = z.output<typeof MediaRecordSchema>;
export const OfferRecordSchema = OfferWireSchema.extend({ media: z.array(MediaRecordSchema) });
export const TemplateRecordSchema = TemplateWireSchema.extend({
  media: z.array(MediaRecordSchema),
  offer: OfferRecordSchema.omit({ id: true }),
});

/** An order as the mock keeps it: its store, the end of its pickup window, the consumer's and the offers' ids. */
export const OrderRecordSchema = OrderWireSchema.extend({
  store_id: z.number().int(),
  pickup_until: z.number(),
  consumer: OrderWireSchema.shape.consumer.required(),
  offersOrdered: z.array(OrderedOfferSchema.extend({ offer: OrderedOfferSchema.shape.offer.required() })),
});

export const TruckRecordSchema = TruckInputSchema.extend({ id: z.number().int(), store_id: z.number().int() });
export const PickupLocationRecordSchema = PickupLocationInputSchema.extend({ id: z.number().int(), store_id: z.number().int() });
export const DeliveryRecordSchema = DeliveryWireSchema.required();
export const AccountRecordSchema = AccountSchema.required();
export const StoreReviewSchema = ReviewWireSchema.extend({ store_id: z.number().int() });
/**
 * An earnings segment of a store's dashboard: label and colour as GET /stores/management_info_customers
 * answers them, and the rule that puts a sale in it (mocks/figures.ts earningsSegments): the
 * consumer's n-th sale at the store belongs to the segment with the highest `min_orders` ≤ n.
 * The value is computed from the orders on each request, so it is not stored.
 */
export const StoreEarningSchema = EarningSchema.omit({ value: true }).extend({
  store_id: z.number().int(),
  min_orders: z.number().int().positive(),
});

/**
 * One run of the CRM sync (GET /hubspot/app/orders, mocks/handlers/hubspot.ts): what the store
 * sent and when, so the next run knows its predecessor (previous_synced_at, created vs updated).
 * Dates in unix seconds, like the answer.
 */
export const CrmSyncRecordSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  synced_at: z.number(),
  since: z.number(),
  sent: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});

/**
 * A store's sign-up (POST /stores/signup, mocks/handlers/registration.ts): the form as sent, less
 * the password (kept only as a hash), and the validation link's token. One per e-mail: signing up
 * again while it is pending replaces the details and sends the same link again. Validating it
 * creates the operator and the store and keeps the record (validatedAt, operatorId, storeId), so
 * opening the link again answers ok without creating anything. Dates in ms (mock-only data).
 */
export const RegistrationRecordSchema = SignupRequestSchema.omit({ password: true }).extend({
  id: z.number().int(),
  /** The gazetteer's name of the city ("València" for "valencia"): the store's address.city. */
  city_name: z.string().min(1),
  passwordHash: z.string().min(1),
  /** The validation link's token (`/auth/validate/{email}/{token}`). */
  token: z.string().min(1),
  createdAt: z.number(),
  /** The latest validation e-mail: the link works for VALIDATION_LINK_TTL_MS from here. */
  sentAt: z.number(),
  /** How many validation e-mails went out (1 + the re-sends). */
  sends: z.number().int().positive(),
  validatedAt: z.number().nullable(),
  operatorId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
});
export type RegistrationRecord = z.infer<typeof RegistrationRecordSchema>;

/**
 * An e-mail the mock platform "sent" (mocks/outbox.ts): `devkit.outbox()` lists them, so a demo or
 * an end-to-end test can open the link a real inbox would have received. `sentAt` in ms.
 */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string().min(1),
  kind: z.enum(['signupValidation', 'passwordReset']),
  subject: z.string().min(1),
  /** A path of the console (relative to its origin): `/auth/validate/{email}/{token}`, `/auth/recovery?mode=resetPassword&oobCode=…`. */
  link: z.string().min(1),
  sentAt: z.number(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Every collection and its schema; the order is the order of a snapshot. */
export const collectionSchemas = {
  stores: StoreRecordSchema,
  /** One billing configuration per store (GET/POST /stores/profile/billing/{id}), keyed by store_id. */
  billing: BillingSchema,
  offers: OfferRecordSchema,
  templates: TemplateRecordSchema,
  orders: OrderRecordSchema,
  payments: PaymentWireSchema.required(),
  summaries: OrderSummaryWireSchema.required(),
  reviews: StoreReviewSchema,
  trucks: TruckRecordSchema,
  pickupLocations: PickupLocationRecordSchema,
  deliveries: DeliveryRecordSchema,
  accounts: AccountRecordSchema,
  earnings: StoreEarningSchema,
  lookups: StoreLookupsSchema,
  operators: OperatorRecordSchema,
  sessions: SessionRecordSchema,
  refreshTokens: RefreshTokenRecordSchema,
  oobCodes: OobCodeRecordSchema,
  crmSyncs: CrmSyncRecordSchema,
  registrations: RegistrationRecordSchema,
  outbox: OutboxMessageSchema,
} as const;

type Schemas = typeof collectionSchemas;
export type CollectionName = keyof Schemas;
export const collectionNames = Object.keys(collectionSchemas) as CollectionName[];

export type Db = { [K in CollectionName]: Collection<Schemas[K]> };
/** A record of collection K as the handlers read and write it. */
export type RecordOf<K extends CollectionName> = z.output<Schemas[K]>;
export type OfferRecord = RecordOf<'offers'>;
export type TemplateRecord = RecordOf<'templates'>;
export type AccountRecord = RecordOf<'accounts'>;

/**
 * Per db: set only while insertValidated hands a collection a record that was validated already,
 * for the synchronous start of create(), where @msw/data validates (see insertValidated).
 */
interface Trust {
  validated: boolean;
}
const trustOf = new WeakMap<Db, Trust>();

/**
 * The collection's schema as @msw/data uses it (its Standard Schema `validate`), passing through a
 * record the db's trust says was validated already. Every other create and update is validated.
 */
function schemaFor<S extends z.ZodType>(schema: S, trust: Trust): S {
  const standard = schema['~standard'];
  const validate: typeof standard.validate = (value) => (trust.validated ? { value: value as z.output<S> } : standard.validate(value));
  return { '~standard': { ...standard, validate } } as unknown as S;
}

export function createDb(): Db {
  const trust: Trust = { validated: false };
  // Typed per collection by Db (a generic K cannot carry its schema's record type through Collection).
  const collection = <K extends CollectionName>(name: K) => new Collection({ schema: schemaFor(collectionSchemas[name], trust) }) as unknown as Db[K];
  const db: Db = {
    stores: collection('stores'),
    billing: collection('billing'),
    offers: collection('offers'),
    templates: collection('templates'),
    orders: collection('orders'),
    payments: collection('payments'),
    summaries: collection('summaries'),
    reviews: collection('reviews'),
    trucks: collection('trucks'),
    pickupLocations: collection('pickupLocations'),
    deliveries: collection('deliveries'),
    accounts: collection('accounts'),
    earnings: collection('earnings'),
    lookups: collection('lookups'),
    operators: collection('operators'),
    sessions: collection('sessions'),
    refreshTokens: collection('refreshTokens'),
    oobCodes: collection('oobCodes'),
    crmSyncs: collection('crmSyncs'),
    registrations: collection('registrations'),
    outbox: collection('outbox'),
  };
  trustOf.set(db, trust);
  return db;
}

export function clearDb(db: Db): void {
  for (const name of collectionNames) db[name].clear();
}

/** The next free numeric id of a collection (ids are the platform's, so they are numbers). */
export function nextId(records: ReadonlyArray<{ id: number }>): number {
  return records.reduce((max, record) => Math.max(max, record.id), 0) + 1;
}

/** Inserts one record (validated by the collection's schema on the way in). */
export async function insert<K extends CollectionName>(db: Db, name: K, record: RecordOf<K>): Promise<void> {
  // The wire schemas have no transforms, so a parsed record (output) is also a valid input; the
  // generic Collection type cannot see that for an arbitrary K.
  const collection = db[name] as unknown as Collection<z.ZodType<RecordOf<K>>>;
  await collection.create(record);
}

/**
 * Inserts a record the caller has just validated against the collection's schema (a snapshot
 * restored as a whole, saved changes) without validating it a second time: restoring a scenario's
 * data is the mock kit's longest job on a phone, and validation was half of it. @msw/data validates
 * in the synchronous start of create(), so the db's trust is set for exactly that call.
 */
export async function insertValidated<K extends CollectionName>(db: Db, name: K, record: RecordOf<K>): Promise<void> {
  const trust = trustOf.get(db);
  if (!trust) return insert(db, name, record);
  const collection = db[name] as unknown as Collection<z.ZodType<RecordOf<K>>>;
  trust.validated = true;
  let created: Promise<unknown>;
  try {
    created = collection.create(record);
  } finally {
    trust.validated = false;
  }
  await created;
}

// ---------------------------------------------------------------------------------------------
// Snapshots
// ---------------------------------------------------------------------------------------------

/**
 * Bump when a collection's shape changes: an older snapshot is then discarded and reseeded.
 * 2: earnings hold segment rules (min_orders) instead of stored values; the compact form.
 * A *new* collection needs no bump: a snapshot made before it existed restores it empty
 * (restoreDb reads a missing collection as []), e.g. `billing`, `registrations`, `outbox` and
 * `oobCodes`, added after version 2.
 */
export const SNAPSHOT_VERSION = 2;

export interface DbSnapshot {
  version: number;
  /** When the scenario was seeded (ms); its dates are relative to this moment. */
  seededAt: number;
  collections: { [K in CollectionName]?: unknown[] };
}

export function snapshotDb(db: Db, seededAt: number): DbSnapshot {
  const collections: DbSnapshot['collections'] = {};
  // JSON round trip: plain data only (records carry @msw/data's internal symbols).
  for (const name of collectionNames) collections[name] = JSON.parse(JSON.stringify(db[name].all())) as unknown[];
  return { version: SNAPSHOT_VERSION, seededAt, collections };
}

/**
 * Replaces the db's content with a snapshot. Every record is validated first, so a stale or
 * hand-edited snapshot is rejected as a whole (returns false, db untouched) instead of making
 * @msw/data log validation errors halfway through.
 */
export async function restoreDb(db: Db, snapshot: unknown): Promise<boolean> {
  const parsed = SnapshotEnvelopeSchema.safeParse(snapshot);
  if (!parsed.success || parsed.data.version !== SNAPSHOT_VERSION) return false;
  // The whole snapshot is checked before the db is touched; the work is sliced (RESTORE_SLICE
  // records at a time) so a phone's page stays responsive while the kit starts.
  const validated = new Map<CollectionName, unknown[]>();
  for (const name of collectionNames) {
    const all = parsed.data.collections[name] ?? [];
    const records: unknown[] = [];
    for (let start = 0; start < all.length; start += RESTORE_SLICE) {
      const slice = z.array(collectionSchemas[name]).safeParse(all.slice(start, start + RESTORE_SLICE));
      if (!slice.success) return false;
      records.push(...slice.data);
      await yieldToMain();
    }
    validated.set(name, records);
  }
  clearDb(db);
  for (const name of collectionNames) {
    const records = validated.get(name) ?? [];
    for (const [index, record] of records.entries()) {
      await insertValidated(db, name, record as RecordOf<typeof name>);
      if ((index + 1) % RESTORE_SLICE === 0) await yieldToMain();
    }
    await yieldToMain();
  }
  return true;
}

/** Records restored between two yields to the page (restoreDb). */
const RESTORE_SLICE = 100;

const SnapshotEnvelopeSchema = z.object({
  version: z.number(),
  seededAt: z.number(),
  collections: z.record(z.string(), z.array(z.unknown())),
});
