import * as z from 'zod';
import { http } from './http';

/*
 * Store registration (spec sections 4, 5 and 7, "Authentication and registration"): sign-up, the
 * e-mail validation link, and the city checks made while the operator types. The spec shows the
 * calls but not their bodies or answers; ours are recorded in docs/decisions/013-registration.md.
 */

/** Spec section 5: only the text before the first comma of the address is sent as the city. */
export function cityOf(address: string): string {
  return address.split(',')[0].trim();
}

// ---------------------------------------------------------------------------------------------
// POST /stores/signup
// ---------------------------------------------------------------------------------------------

/** The registration body as sent (spec section 5: the policy field is removed before the call). */
export const SignupRequestSchema = z.object({
  store_name: z.string().trim().min(1).max(80),
  name_op: z.string().trim().min(1).max(80),
  email: z.email().trim().toLowerCase(),
  phone: z.string().trim().min(6).max(20),
  password: z.string().min(8).max(128),
  /** Two-letter code from the spec's country list (src/lib/countries.ts). */
  country: z.string().length(2),
  /**
   * The store's location as typed, the city first: cityOf keeps the text before the first comma
   * (spec section 5), so anything after it is the rest of the address ('València, Carrer de la
   * Pau 7', 'Madrid, Spain' or just 'Madrid'). The new store's address_print starts as this text.
   */
  address: z.string().trim().min(1).max(160),
  /** cityOf(address): what the city checks validated. */
  city: z.string().trim().min(1).max(80),
  /** The operator's language, so the validation e-mail and the console start in it. */
  language: z.enum(['en', 'es']),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/**
 * The answer: the validation e-mail went out (spec section 3, registration flag
 * was_send_email_to_validate). Signing up again with an address still awaiting validation sends
 * the e-mail again (the "resend" of the check-your-inbox screen) and answers the same: the latest
 * details win, the link stays the same, and every e-mail sent for it works for 72 hours after the
 * latest one.
 */
export const SignupResponseSchema = z.object({ was_send_email_to_validate: z.boolean() });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/**
 * Refusals name the field: 409 { field: 'email', message } when the e-mail already has an account,
 * 422 { field: 'address', message } when the city is not valid, not served or not available, 400
 * { message } for a bad body (an unknown key such as `policy`, a city that is not cityOf(address),
 * a country not on the list), with `field` too when the problem is one of these fields.
 */
export const SignupRefusalSchema = z.object({
  field: z.enum(['email', 'address', 'store_name', 'phone', 'password', 'country']),
  message: z.string(),
});
export type SignupRefusal = z.infer<typeof SignupRefusalSchema>;

/** POST /stores/signup */
export async function signUp(request: SignupRequest): Promise<SignupResponse> {
  return http('/stores/signup', {
    method: 'POST',
    body: SignupRequestSchema.parse(request),
    schema: SignupResponseSchema,
    operation: 'POST /stores/signup',
    auth: false,
  });
}

// ---------------------------------------------------------------------------------------------
// PUT /stores/signup/validate/{email}/{token}
// ---------------------------------------------------------------------------------------------

/**
 * The answer: email_was_verified_ok. A refused link (unknown e-mail or token, expired) answers 400
 * { email_was_verified_ok: false, message }, which the console reads as email_was_verified_error.
 * A link that already validated answers ok again without creating anything, so reloading the
 * verified page does not turn it into an error.
 */
export const ValidateResponseSchema = z.object({ email_was_verified_ok: z.boolean() });
export type ValidateResponse = z.infer<typeof ValidateResponseSchema>;

/** PUT /stores/signup/validate/{email}/{token} */
export async function validateSignup(email: string, token: string): Promise<ValidateResponse> {
  return http(`/stores/signup/validate/${encodeURIComponent(email)}/${encodeURIComponent(token)}`, {
    method: 'PUT',
    schema: ValidateResponseSchema,
    operation: 'PUT /stores/signup/validate/{email}/{token}',
    auth: false,
  });
}

// ---------------------------------------------------------------------------------------------
// City checks, made while the operator types (debounced)
// ---------------------------------------------------------------------------------------------

/**
 * POST /stores/lookups/validatecity/{country}/{city}: is this a city we know in that country?
 * Matched without case, accents or extra spaces; a country code not on the list answers 400.
 */
export const ValidateCityResponseSchema = z.object({
  /**
   * The spec shows this call but not its answer, so both fields are optional. Absent: true — the
   * console does not stop a sign-up on a check it cannot read; POST /stores/signup checks again.
   */
  valid: z.boolean().default(true),
  /** The city's name as the platform writes it (e.g. "València" for "valencia"), when valid. Absent: null (the name as typed). */
  city: z.string().nullable().default(null),
});
export type ValidateCityResponse = z.infer<typeof ValidateCityResponseSchema>;

export async function validateCity(country: string, address: string): Promise<ValidateCityResponse> {
  return http(`/stores/lookups/validatecity/${encodeURIComponent(country)}/${encodeURIComponent(cityOf(address))}`, {
    method: 'POST',
    schema: ValidateCityResponseSchema,
    operation: 'POST /stores/lookups/validatecity/{country}/{address}',
    auth: false,
  });
}

/**
 * POST /stores/lookups/requiredcity/{country}/{city}/{email}: may a new store with this e-mail
 * register in this city? `served`: the platform operates there; `available`: served, and the
 * e-mail has no store there yet. A country not on the list or a malformed e-mail answers 400.
 */
export const RequiredCityResponseSchema = z.object({
  /** Optional, like validatecity's answer: absent, true (POST /stores/signup has the last word). */
  served: z.boolean().default(true),
  available: z.boolean().default(true),
});
export type RequiredCityResponse = z.infer<typeof RequiredCityResponseSchema>;

export async function requiredCity(country: string, address: string, email: string): Promise<RequiredCityResponse> {
  const path = [country, cityOf(address), email.trim().toLowerCase()].map(encodeURIComponent).join('/');
  return http(`/stores/lookups/requiredcity/${path}`, {
    method: 'POST',
    schema: RequiredCityResponseSchema,
    operation: 'POST /stores/lookups/requiredcity/{country}/{address}/{email}',
    auth: false,
  });
}
