import * as z from 'zod';
import { secondsToMillis } from './codecs';
import { http } from './http';
import { OperatorSchema, LanguageSchema, type Operator } from './session';
import { DeviceSchema, StoreProfileSchema, StoreProfileWireSchema, withStoreId, type StoreProfile } from './stores';

/**
 * What an operator configures about the store and themselves (spec section 7, Profile): business
 * info, media, devices and the API key, configuration, the admin/operator profile, billing and
 * the terms. Bodies are strict on the server (mocks/handlers/profile.ts answers 400 with the
 * field's problem); the forms use the same schemas, so their messages and the server's agree.
 */

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, 'is required').max(max);

// ---------------------------------------------------------------------------------------------
// Business info
// ---------------------------------------------------------------------------------------------

export const StoreBasicInputSchema = z.object({
  id: z.number().int(),
  name: required(80),
  description: text(500),
  email: z.email('Enter a valid e-mail address'),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number'),
  address: z.object({
    address_print: required(160),
    city: required(80),
    /** Two-letter country code (the spec's country list). */
    country: z.string().length(2),
    postal_code: required(12),
  }),
  /** A position picked for the store; the server keeps its own when absent. */
  address_lat: z.number().min(-90).max(90).nullable().optional(),
  address_lon: z.number().min(-180).max(180).nullable().optional(),
}).refine((input) => (input.address_lat == null) === (input.address_lon == null), {
  message: 'Give both coordinates of the position, or neither',
  path: ['address_lon'],
});
export type StoreBasicInput = z.infer<typeof StoreBasicInputSchema>;

/**
 * POST /stores/profile/basic — answers the store profile as saved. The spec names none of the
 * business info's fields: where the answer leaves one out (read as ''), the value sent is what was
 * saved, so the side navigation and the form show the new name at once.
 */
export async function saveStoreBasic(input: StoreBasicInput): Promise<StoreProfile> {
  const body = StoreBasicInputSchema.parse(input);
  const saved = await http('/stores/profile/basic', { method: 'POST', body, schema: StoreProfileSchema, operation: 'POST /stores/profile/basic' });
  const address = saved.address;
  return withStoreId(
    {
      ...saved,
      name: saved.name || body.name,
      description: saved.description || body.description,
      email: saved.email || body.email,
      phone: saved.phone || body.phone,
      address: {
        address_print: address.address_print || body.address.address_print,
        city: address.city || body.address.city,
        country: address.country || body.address.country,
        postal_code: address.postal_code || body.address.postal_code,
      },
    },
    body.id,
  );
}

// ---------------------------------------------------------------------------------------------
// Media: avatar and logo (POST /stores/profile/media), cover (POST /stores/profile/mediacover)
// ---------------------------------------------------------------------------------------------

export const StoreMediaKindSchema = z.enum(['avatar', 'logo', 'cover']);
export type StoreMediaKind = z.infer<typeof StoreMediaKindSchema>;

/** The multipart form of each store image: the store id field and the image's field. */
export const STORE_MEDIA_UPLOADS: Record<StoreMediaKind, { path: string; operation: string; idField: 'store_id'; imageField: string }> = {
  avatar: { path: '/stores/profile/media', operation: 'POST /stores/profile/media', idField: 'store_id', imageField: 'avatar_image' },
  logo: { path: '/stores/profile/media', operation: 'POST /stores/profile/media', idField: 'store_id', imageField: 'logo_image' },
  cover: { path: '/stores/profile/mediacover', operation: 'POST /stores/profile/mediacover', idField: 'store_id', imageField: 'cover_image' },
};

/** What both media uploads answer: the store's three images after the upload (data URLs in mock mode). */
export const StoreMediaResponseSchema = z.object({ avatar: z.string(), logo: z.string(), cover: z.string() });
export type StoreMediaResponse = z.infer<typeof StoreMediaResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Devices and the API key
// ---------------------------------------------------------------------------------------------

/**
 * Body of POST /stores/profile/devices: empty reads the devices; `devicesAllowed` changes how
 * many devices may register; `remove` unregisters devices by id.
 */
export const DevicesInputSchema = z.object({
  devicesAllowed: z.number().int().min(0).max(100).optional(),
  remove: z.array(z.number().int()).max(100).optional(),
});
export type DevicesInput = z.infer<typeof DevicesInputSchema>;

export const DevicesWireSchema = z.object({ devicesAllowed: z.number().int().nonnegative(), devices: z.array(DeviceSchema) });
export const DevicesSchema = z.object({
  devicesAllowed: z.number().int().nonnegative(),
  devices: z.array(secondsToMillis(DeviceSchema, ['registered_at'])),
});
export type Devices = z.output<typeof DevicesSchema>;

/** POST /stores/profile/devices */
export async function postDevices(input: DevicesInput = {}): Promise<Devices> {
  return http('/stores/profile/devices', {
    method: 'POST',
    body: DevicesInputSchema.parse(input),
    schema: DevicesSchema,
    operation: 'POST /stores/profile/devices',
  });
}

export const ApiKeySchema = z.object({ apiKey: z.string().min(16) });

/** POST /stores/profile/devices/apikey — a new API key; the old one stops working at once. */
export async function renewApiKey(): Promise<string> {
  const { apiKey } = await http('/stores/profile/devices/apikey', { method: 'POST', schema: ApiKeySchema, operation: 'POST /stores/profile/devices/apikey' });
  return apiKey;
}

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** One SMS segment: longer texts are refused rather than silently split. */
export const SMS_TEXT_MAX = 160;

export const StoreConfigInputSchema = z.object({
  sms_send: z.boolean(),
  sms_text: z.string().max(SMS_TEXT_MAX, `At most ${SMS_TEXT_MAX} characters`),
  color: StoreProfileWireSchema.shape.color,
});
export type StoreConfigInput = z.infer<typeof StoreConfigInputSchema>;

/** POST /stores/profile/config — answers the store profile as saved; `storeId` is the current store's. */
export async function saveStoreConfig(input: StoreConfigInput, storeId: number): Promise<StoreProfile> {
  const saved = await http('/stores/profile/config', {
    method: 'POST',
    body: StoreConfigInputSchema.parse(input),
    schema: StoreProfileSchema,
    operation: 'POST /stores/profile/config',
  });
  return withStoreId(saved, storeId);
}

// ---------------------------------------------------------------------------------------------
// The admin/operator profile (Settings → Operators, and /profile/{id})
// ---------------------------------------------------------------------------------------------

export const OperatorProfileInputSchema = z.object({
  name_op: required(80),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number'),
  preferences: z.object({ language: LanguageSchema }),
});
export type OperatorProfileInput = z.infer<typeof OperatorProfileInputSchema>;

/**
 * POST /stores/operator/profile — the signed-in operator's own profile (the e-mail is the
 * identity's and cannot change here); answers the operator as saved.
 */
export async function saveOperatorProfile(input: OperatorProfileInput): Promise<Operator> {
  return http('/stores/operator/profile', {
    method: 'POST',
    body: OperatorProfileInputSchema.parse(input),
    schema: OperatorSchema,
    operation: 'POST /stores/operator/profile',
  });
}

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

export const BillingSchema = z.object({
  store_id: z.number().int(),
  legal_name: required(120),
  tax_id: z.string().trim().regex(/^[A-Za-z0-9-]{5,20}$/, 'Enter a valid tax id'),
  billing_email: z.email('Enter a valid e-mail address'),
  address_print: required(160),
  city: required(80),
  postal_code: required(12),
  country: z.string().length(2),
  /** International bank account number, spaces allowed. */
  iban: z.string().trim().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,32}$/, 'Enter a valid IBAN'),
  invoice_frequency: z.enum(['weekly', 'monthly']),
});
export type Billing = z.infer<typeof BillingSchema>;

/**
 * The billing configuration as the platform answers it. The spec names "billing config" but none
 * of its fields, so every one is optional: texts read '' (the form then asks for them), the
 * invoice frequency 'monthly', and the store is the one asked for.
 */
export const BillingAnswerSchema = z.object({
  store_id: z.number().int().optional(),
  legal_name: z.string().default(''),
  tax_id: z.string().default(''),
  billing_email: z.string().default(''),
  address_print: z.string().default(''),
  city: z.string().default(''),
  postal_code: z.string().default(''),
  country: z.string().default(''),
  iban: z.string().default(''),
  invoice_frequency: z.enum(['weekly', 'monthly']).default('monthly'),
});

const billingOf = (answer: z.output<typeof BillingAnswerSchema>, storeId: number): Billing => ({ ...answer, store_id: answer.store_id ?? storeId });

/** GET /stores/profile/billing/{id} */
export async function getBilling(storeId: number): Promise<Billing> {
  return billingOf(await http(`/stores/profile/billing/${storeId}`, { schema: BillingAnswerSchema, operation: 'GET /stores/profile/billing/{id}' }), storeId);
}

/** POST /stores/profile/billing/{id} — answers the billing as saved. */
export async function saveBilling(billing: Billing): Promise<Billing> {
  const body = BillingSchema.parse(billing);
  const saved = await http(`/stores/profile/billing/${body.store_id}`, {
    method: 'POST',
    body,
    schema: BillingAnswerSchema,
    operation: 'POST /stores/profile/billing/{id}',
  });
  return billingOf(saved, body.store_id);
}

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

export const AcceptedTermsWireSchema = z.object({ accept_date: z.number() });
const AcceptedTermsSchema = secondsToMillis(AcceptedTermsWireSchema, ['accept_date']);

/** POST /stores/profile/accept_conditions/{id} — answers when they were accepted (ms). */
export async function acceptTerms(storeId: number): Promise<number> {
  const { accept_date } = await http(`/stores/profile/accept_conditions/${storeId}`, {
    method: 'POST',
    schema: AcceptedTermsSchema,
    operation: 'POST /stores/profile/accept_conditions/{id}',
  });
  return accept_date;
}
