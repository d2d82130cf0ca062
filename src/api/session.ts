import * as z from 'zod';
import { http } from './http';

export const LanguageSchema = z.enum(['en', 'es']);
export type Language = z.infer<typeof LanguageSchema>;

/*
 * Responses carry what spec section 3 names as required; everything else is optional with the
 * default written beside it (docs/spec-fields.md), and unknown fields are dropped (zod objects
 * strip). The mock may send richer records; `mock:server --shape spec-minimal` sends only these.
 */

/** The operator as the platform answers it. */
export const OperatorWireSchema = z.object({
  /** Not named by the spec. Absent: the profile route reads /profile/me (src/lib/operator-identity.ts). */
  id: z.number().int().optional(),
  email: z.email(),
  name_op: z.string(),
  phone: z.string(),
  /** Named as optional by the spec ("a user may also carry first_name and role"). */
  first_name: z.string().optional(),
  /** The role the operator acts in; optional in the spec. Absent: the first of rolesList.roles. */
  role: z.string().optional(),
  rolesList: z.object({ roles: z.array(z.string()).min(1) }),
  /** The account (store id) the operator acts on; null before one is chosen. */
  currentAccount: z.number().int().nullable(),
  preferences: z.object({ language: LanguageSchema }),
});

/** The client's operator: always acting in a role (the server's, else the first of the list). */
export const OperatorSchema = OperatorWireSchema.transform((operator) => ({ ...operator, role: operator.role ?? operator.rolesList.roles[0] }));
export type Operator = z.output<typeof OperatorSchema>;

/** The session's store as the platform answers it: the spec names name, lat and lon. */
export const SessionStoreWireSchema = z.object({
  /** Not named by the spec. Absent: operator.currentAccount (the account is the store's id). */
  id: z.number().int().optional(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Not named by the spec. Absent: the side navigation shows the store's initial. */
  avatar: z.string().optional(),
});

/**
 * The session user. The store's id comes from store.id or, when the platform leaves it out, from
 * operator.currentAccount; an answer with neither names no store to act on, which the console
 * cannot read (an 'unexpected-response' error, never a guessed store).
 */
export const SessionUserSchema = z.object({ operator: OperatorSchema, store: SessionStoreWireSchema }).transform(({ operator, store }, ctx) => {
  const id = store.id ?? operator.currentAccount;
  if (id === null) {
    ctx.issues.push({ code: 'custom', message: 'no store to act on: neither store.id nor operator.currentAccount', input: store, path: ['store', 'id'] });
    return z.NEVER;
  }
  return { operator, store: { ...store, id } };
});
export type SessionUser = z.output<typeof SessionUserSchema>;
export type SessionStore = SessionUser['store'];

export const SessionGrantSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type SessionGrant = z.infer<typeof SessionGrantSchema>;

export const SignInRequestSchema = z.object({ idToken: z.string().min(1) });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** users/login answers with the user at data.data (spec section 7). */
export const LoginResponseSchema = z.object({
  data: z.object({ data: SessionUserSchema, token: z.string().min(1) }),
});

/** The spec shows neither the logout path nor its answer: any successful answer is a logout; its body is not read. */
export const OkSchema = z.unknown();

/** POST /stores/signin — exchanges an identity-provider ID token for a platform session. */
export async function exchangeIdToken(idToken: string): Promise<SessionGrant> {
  return http('/stores/signin', {
    method: 'POST',
    body: SignInRequestSchema.parse({ idToken }),
    schema: SessionGrantSchema,
    auth: false,
    operation: 'POST /stores/signin',
  });
}

/** POST users/login — opens a session for a user the identity provider already knows. */
export async function loginWithIdToken(idToken: string): Promise<SessionGrant> {
  const response = await http('/users/login', {
    method: 'POST',
    body: SignInRequestSchema.parse({ idToken }),
    schema: LoginResponseSchema,
    auth: false,
    operation: 'POST users/login',
  });
  return { token: response.data.token, user: response.data.data };
}

/**
 * POST /stores/logout — the spec does not show the logout path; this is our choice
 * (docs/decisions/002-session-and-identity.md). A failure is only logged by the caller. `token`:
 * the ended session's (the console drops it before telling the platform), never refreshed.
 */
export async function logout(token: string): Promise<void> {
  // The session has already ended in the console: the call carries the token it had, explicitly.
  await http('/stores/logout', { method: 'POST', schema: OkSchema, token, operation: 'POST /stores/logout' });
}
