import * as z from 'zod';
import { http } from './http';

export const LanguageSchema = z.enum(['en', 'es']);
export type Language = z.infer<typeof LanguageSchema>;

export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.email(),
  name_op: z.string(),
  phone: z.string(),
  first_name: z.string().optional(),
  /** The role the operator currently acts in; one of rolesList.roles. */
  role: z.string(),
  rolesList: z.object({ roles: z.array(z.string()).min(1) }),
  /** The account (store id) the operator acts on; null before one is chosen. */
  currentAccount: z.number().int().nullable(),
  preferences: z.object({ language: LanguageSchema }),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const SessionStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  avatar: z.string().optional(),
});
export type SessionStore = z.infer<typeof SessionStoreSchema>;

export const SessionUserSchema = z.object({ operator: OperatorSchema, store: SessionStoreSchema });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionGrantSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type SessionGrant = z.infer<typeof SessionGrantSchema>;

export const SignInRequestSchema = z.object({ idToken: z.string().min(1) });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** users/login answers with the user at data.data (spec section 7). */
export const LoginResponseSchema = z.object({
  data: z.object({ data: SessionUserSchema, token: z.string().min(1) }),
});

export const OkSchema = z.object({ ok: z.literal(true) });

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
 * (docs/decisions/002-session-and-identity.md). A failure is only logged by the caller.
 */
export async function logout(): Promise<void> {
  await http('/stores/logout', { method: 'POST', schema: OkSchema, operation: 'POST /stores/logout' });
}
