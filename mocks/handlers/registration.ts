import { HttpResponse } from 'msw';
import * as z from 'zod';
import { cityOf, SignupRefusalSchema, SignupRequestSchema, type SignupRefusal, type SignupRequest, type ValidateResponse } from '../../src/api/registration';
import { continueSeedContext, seedNewStore, type StoreSpec } from '../../scenarios/builders';
import { offerOptions } from '../../scenarios/catalogues';
import { countryName } from '../../src/lib/countries';
import type { MockContext } from '../context';
import { nextId, type RegistrationRecord } from '../db';
import { capitalOf, countryCode, findCity, isServed, type City } from '../gazetteer';
import type { Kit } from '../kit';
import { sendMail, subjectOf, validationLink } from '../outbox';
import { hashPassword } from '../passwords';
import { createPrng, randomToken, seedFrom } from '../random';
import { badRequest, describeIssue, jsonBody } from '../respond';
import { findOperatorByEmail } from '../sessions';
import { HOUR_MS } from '../time';
import { spotNear } from './geocoding';

/**
 * Store registration (src/api/registration.ts, docs/decisions/013-registration.md): sign-up, the
 * validation link, and the two city checks the form makes while the operator types. None of these
 * calls needs a platform token (the person has no account yet).
 *
 * - POST /stores/signup: the body strictly as SignupRequestSchema (any other key, such as the
 *   form's `policy`, is a 400 naming it); `city` must be cityOf(address). An e-mail an operator
 *   already uses is 409 { field: 'email' }; a city validatecity would refuse, or requiredcity
 *   finds not served or not available, is 422 { field: 'address' }. Otherwise the registration
 *   is recorded (the password only as a hash) and the validation e-mail goes to the outbox.
 *   Signing up again while the e-mail is pending replaces the details and sends the same link
 *   again (a new outbox message); every link sent for it keeps working, for 72 hours from the
 *   latest e-mail.
 * - PUT /stores/signup/validate/{email}/{token}: creates the operator (STORE_ADMIN, signs in with
 *   the e-mail and the password given at sign-up) and a new empty store. Opening the link again
 *   answers ok without creating anything (a reload of the verified page must not read as a
 *   failure); an unknown e-mail or token, or an expired link, is 400 { email_was_verified_ok: false }.
 * - POST /stores/lookups/validatecity/{country}/{city} → { valid, city }; requiredcity/{country}/
 *   {city}/{email} → { served, available }. Cities come from mocks/gazetteer.ts, matched without
 *   case, accents or extra spaces; a country code not on the console's list is a 400.
 */

/** A validation link works for this long after the latest validation e-mail. */
export const VALIDATION_LINK_TTL_MS = 72 * HOUR_MS;

/** The console's accent before a store picks its own: Joy's primary 500, what the theme shows by default. */
export const NEW_STORE_COLOR = '#0B6BCB';

const SignupBodySchema = SignupRequestSchema.strict();
const REFUSAL_FIELDS: ReadonlySet<string> = new Set(SignupRefusalSchema.shape.field.options);
const EmailParamSchema = z.email().trim().toLowerCase();

type RefusalField = SignupRefusal['field'];

function refusal(status: number, field: RefusalField | undefined, message: string): Response {
  return HttpResponse.json(field === undefined ? { message } : { field, message }, { status });
}

/** The body, strictly; a bad one is 400 { message } plus `field` when the problem is one of the form's fields. */
function signupBody(body: unknown): SignupRequest {
  const parsed = SignupBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const top = parsed.error.issues[0]?.path[0];
  const field = typeof top === 'string' && REFUSAL_FIELDS.has(top) ? (top as RefusalField) : undefined;
  throw refusal(400, field, describeIssue(parsed.error));
}

/** A two-letter code of the console's country list (upper case), or a thrown 400. */
function knownCountry(code: string, field?: RefusalField): string {
  const country = countryCode(code);
  if (!country) throw refusal(400, field, `country: ${code} is not a known two-letter country code`);
  return country;
}

/** The validation's answer: ok, or a refusal with its message (400). */
function verified(message?: string): Response {
  return message === undefined
    ? HttpResponse.json({ email_was_verified_ok: true } satisfies ValidateResponse)
    : HttpResponse.json({ email_was_verified_ok: false, message }, { status: 400 });
}

const param = (value: string | readonly string[] | undefined) => (Array.isArray(value) ? String(value[0]) : String(value ?? ''));

/** A Firebase-like uid (28 letters and digits). */
function seededUid(seed: string): string {
  const prng = createPrng(seedFrom(seed));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 28 }, () => prng.pick([...alphabet])).join('');
}

export function registrationHandlers(kit: Kit) {
  const { ctx } = kit;
  const { db } = ctx;

  /** requiredcity's answer for a city the gazetteer knows (or not). */
  function availability(city: City | undefined, email: string): { served: boolean; available: boolean } {
    const served = city !== undefined && isServed(city);
    if (!city || !served) return { served, available: false };
    return { served, available: !operatorHasStoreIn(ctx, email, city) };
  }

  async function createAccount(registration: RegistrationRecord, now: number): Promise<{ operatorId: number; storeId: number }> {
    const { email, country, language } = registration;
    const city = findCity(country, registration.city_name);
    const centre = city ?? capitalOf(country) ?? { lat: 40.4168, lon: -3.7038 };
    const position = spotNear(centre, registration.address);
    const storeId = nextId(db.stores.all());
    const operatorId = nextId(db.operators.all());
    const spec: StoreSpec = {
      id: storeId,
      name: registration.store_name,
      tagline: language === 'es' ? 'Nueva en la plataforma' : 'New on the platform',
      description: '',
      email,
      phone: registration.phone,
      address: { address_print: registration.address, city: registration.city_name, country, postal_code: '' },
      lat: position.lat,
      lon: position.lon,
      color: NEW_STORE_COLOR,
      smsText:
        language === 'es'
          ? `${registration.store_name}: tu pedido está listo. Código {code}.`
          : `${registration.store_name}: your order is ready. Code {code}.`,
      dailyOrders: 0,
      categoryColors: {},
      catalogue: [],
      templates: [],
      staff: [],
      devices: [],
      trucks: [],
      pickupLocations: [],
      deliveryStops: [],
    };
    // The same builders as empty-store's store: profile, earnings segments, the operator's account,
    // option groups in en and es. Not yet: the special terms (accepted from Settings) and billing.
    const sc = continueSeedContext(db, now, `signup:${email}:${registration.createdAt}`);
    await seedNewStore(sc, spec, [{ email, stores: [storeId] }], offerOptions, { termsAcceptedAt: null, billing: false });
    await db.operators.create({
      id: operatorId,
      uid: seededUid(`uid:${email}:${registration.createdAt}`),
      email,
      passwordHash: registration.passwordHash,
      name_op: registration.name_op,
      first_name: registration.name_op.split(/\s+/)[0],
      phone: registration.phone,
      role: 'STORE_ADMIN',
      rolesList: { roles: ['STORE_ADMIN'] },
      currentAccount: storeId,
      preferences: { language },
      stores: [storeId],
      createdAt: now,
      lastLoginAt: now,
    });
    return { operatorId, storeId };
  }

  return [
    /** POST /stores/signup */
    kit.route('post', '/stores/signup', async ({ request }) => {
      const body = signupBody(await jsonBody(request));
      const expectedCity = cityOf(body.address);
      if (body.city !== expectedCity) {
        throw refusal(400, 'address', `city: must be the address's text before the first comma ("${expectedCity}"), not "${body.city}"`);
      }
      const country = knownCountry(body.country, 'country');
      const email = body.email;
      if (findOperatorByEmail(ctx, email)) throw refusal(409, 'email', 'An account already uses this e-mail: sign in, or reset its password');
      const city = findCity(country, body.city);
      if (!city) throw refusal(422, 'address', `We cannot find "${body.city}" in ${countryName(country, 'en')}`);
      const { served, available } = availability(city, email);
      if (!served) throw refusal(422, 'address', `We do not operate in ${city.name} yet`);
      if (!available) throw refusal(422, 'address', `This e-mail already has a store in ${city.name}`);

      const now = ctx.now();
      const { password, ...details } = body;
      const fields = { ...details, country, city_name: city.name, passwordHash: await hashPassword(password) };
      const pending = db.registrations.all().find((r) => r.email === email && r.validatedAt === null);
      const registration = pending
        ? await db.registrations.update((q) => q.where({ id: pending.id }), {
            data(draft) {
              // The latest form wins; the token stays, so every e-mail sent for it carries a working link.
              Object.assign(draft, fields, { sentAt: now, sends: pending.sends + 1 });
            },
          })
        : await db.registrations.create({
            id: nextId(db.registrations.all()),
            ...fields,
            // From the CSPRNG (32 hex digits): a link derived from the e-mail and the time could be guessed.
            token: randomToken(16),
            createdAt: now,
            sentAt: now,
            sends: 1,
            validatedAt: null,
            operatorId: null,
            storeId: null,
          });
      if (!registration) throw new Error(`The registration of ${email} vanished while it was updated`);
      await sendMail(db, now, {
        to: email,
        kind: 'signupValidation',
        subject: subjectOf('signupValidation', registration.language, registration.store_name),
        link: validationLink(email, registration.token),
      });
      return HttpResponse.json({ was_send_email_to_validate: true });
    }),

    /** PUT /stores/signup/validate/{email}/{token} */
    kit.route('put', '/stores/signup/validate/:email/:token', async ({ params }) => {
      const email = param(params.email).trim().toLowerCase();
      const token = param(params.token);
      const registration = db.registrations.findFirst((q) => q.where({ email, token }));
      // One message for an unknown e-mail and a wrong token: the link tells nothing about who signed up.
      if (!registration) return verified('This validation link is not valid: sign up again to receive a new one');
      if (registration.validatedAt !== null) {
        const { operatorId } = registration;
        const operator = operatorId === null ? undefined : db.operators.findFirst((q) => q.where({ id: operatorId }));
        return operator ? verified() : verified('The account this link opened no longer exists: sign up again');
      }
      const now = ctx.now();
      if (now - registration.sentAt > VALIDATION_LINK_TTL_MS) return verified('This validation link has expired: sign up again to receive a new one');
      if (findOperatorByEmail(ctx, email)) return verified('An account already uses this e-mail: sign in, or reset its password');

      const { operatorId, storeId } = await createAccount(registration, now);
      await db.registrations.update((q) => q.where({ id: registration.id }), {
        data(draft) {
          draft.validatedAt = now;
          draft.operatorId = operatorId;
          draft.storeId = storeId;
        },
      });
      return verified();
    }),

    /** POST /stores/lookups/validatecity/{country}/{city} (the contract's {address}: cityOf of it) */
    kit.route('post', '/stores/lookups/validatecity/:country/:city', ({ params }) => {
      const country = knownCountry(param(params.country));
      const city = findCity(country, param(params.city));
      return HttpResponse.json({ valid: city !== undefined, city: city?.name ?? null });
    }),

    /** POST /stores/lookups/requiredcity/{country}/{city}/{email} */
    kit.route('post', '/stores/lookups/requiredcity/:country/:city/:email', ({ params }) => {
      const country = knownCountry(param(params.country));
      const email = EmailParamSchema.safeParse(param(params.email));
      if (!email.success) throw badRequest(`email: ${describeIssue(email.error)}`);
      return HttpResponse.json(availability(findCity(country, param(params.city)), email.data));
    }),
  ];
}

/** Does the operator with this e-mail (if any) already run a store in this city? */
function operatorHasStoreIn(ctx: MockContext, email: string, city: City): boolean {
  const operator = findOperatorByEmail(ctx, email);
  if (!operator) return false;
  return operator.stores.some((id) => {
    const store = ctx.db.stores.findFirst((q) => q.where({ id }));
    if (!store || store.address.country.toUpperCase() !== city.country) return false;
    return findCity(city.country, store.address.city)?.name === city.name;
  });
}
