import { OperatorSchema, SessionUserSchema, type SessionUser } from '../src/api/session';
import type { MockContext } from './context';
import type { OperatorRecord, SessionRecord, StoreRecord } from './db';
import { decodeUnsignedJwt } from './jwt';
import { randomToken } from './random';
import { forbidden, unauthorized } from './respond';
import { seconds } from './time';

/**
 * The platform side of authentication: checking an identity-provider ID token, opening and
 * finding sessions, and describing the signed-in user. Used by the session handlers and by the
 * `withSession` / `withStore` guards (mocks/kit.ts).
 */

export const issuerOf = (projectId: string) => `https://securetoken.google.com/${projectId}`;

export function findOperatorByEmail(ctx: MockContext, email: string): OperatorRecord | undefined {
  const wanted = email.trim().toLowerCase();
  return ctx.db.operators.findFirst((q) => q.where({ email: (value: string) => value.toLowerCase() === wanted }));
}

/**
 * The operator an ID token names, if the token is one our identity provider issued, is not
 * expired and belongs to a known user. Otherwise answers 401 { message } (thrown).
 */
export function operatorFromIdToken(ctx: MockContext, idToken: string): OperatorRecord {
  const claims = decodeUnsignedJwt(idToken);
  if (!claims) throw unauthorized('The ID token cannot be decoded');
  if (claims.iss !== issuerOf(ctx.projectId) || claims.aud !== ctx.projectId) {
    throw unauthorized('The ID token was issued for another project');
  }
  if (typeof claims.exp !== 'number' || claims.exp <= seconds(ctx.now())) throw unauthorized('The ID token has expired');
  const operator = typeof claims.email === 'string' ? findOperatorByEmail(ctx, claims.email) : undefined;
  if (!operator || operator.uid !== claims.sub) throw unauthorized('The ID token names an unknown user');
  return operator;
}

/**
 * Opens a platform session (an opaque random token) and drops the expired ones. `authTime` is the
 * opening ID token's `auth_time` (unix seconds): the identity sign-in the session belongs to.
 */
export async function openSession(ctx: MockContext, operator: OperatorRecord, authTime?: number): Promise<SessionRecord> {
  const now = ctx.now();
  ctx.db.sessions.deleteMany((q) => q.where({ expiresAt: (expiresAt: number) => expiresAt <= now }));
  return ctx.db.sessions.create({
    token: randomToken(),
    operatorId: operator.id,
    createdAt: now,
    expiresAt: now + ctx.sessionTtlMs(),
    ...(authTime === undefined ? {} : { authTime }),
  });
}

/**
 * The refresh tokens of one identity sign-in of an operator: an ID token's `auth_time` is the
 * second its refresh token was issued (mocks/identity.ts mintIdToken). Two sign-ins in the same
 * second cannot be told apart, so they count as one (a sign-out then ends both).
 */
export function refreshTokensOfSignIn(ctx: MockContext, operatorId: number, authTime: number) {
  return ctx.db.refreshTokens.findMany((q) => q.where({ operatorId, issuedAt: (issuedAt: number) => seconds(issuedAt) === authTime }));
}

/** The live session behind an X-Access-Token header and its operator, or a thrown 401. */
export function requireSession(ctx: MockContext, request: Request): { session: SessionRecord; operator: OperatorRecord } {
  const token = request.headers.get('X-Access-Token');
  if (!token) throw unauthorized('Missing X-Access-Token');
  const session = ctx.db.sessions.findFirst((q) => q.where({ token }));
  if (!session) throw unauthorized('Unknown or closed session');
  if (session.expiresAt <= ctx.now()) {
    ctx.db.sessions.delete((q) => q.where({ token }));
    ctx.persist();
    throw unauthorized('The session has expired');
  }
  const operator = ctx.db.operators.findFirst((q) => q.where({ id: session.operatorId }));
  if (!operator) throw unauthorized('The session belongs to a removed operator');
  return { session, operator };
}

/** The store the operator currently acts on, or a thrown 403. */
export function requireCurrentStore(ctx: MockContext, operator: OperatorRecord): StoreRecord {
  const storeId = operator.currentAccount;
  const store = storeId === null ? undefined : ctx.db.stores.findFirst((q) => q.where({ id: storeId }));
  if (!store || storeId === null || !operator.stores.includes(storeId)) throw forbidden('The operator has no current store');
  return store;
}

/** SessionUser as the platform answers it: parsing with the api schema drops password, uid and the rest. */
export function sessionUserOf(ctx: MockContext, operator: OperatorRecord): SessionUser {
  const store = requireCurrentStore(ctx, operator);
  return SessionUserSchema.parse({
    operator: OperatorSchema.parse(operator),
    store: {
      id: store.id,
      name: store.name,
      // Spec section 3: lat and lon come from address_lat / address_lon when present.
      lat: store.address_lat ?? store.lat,
      lon: store.address_lon ?? store.lon,
      avatar: store.avatar,
    },
  });
}
