import { HttpResponse, type HttpHandler } from 'msw';
import * as z from 'zod';
import type { MockContext } from './context';
import type { OperatorRecord } from './db';
import type { FaultTarget } from './faults';
import { decodeUnsignedJwt, encodeUnsignedJwt } from './jwt';
import type { Kit } from './kit';
import { randomToken } from './random';
import { passwordResetLink, sendMail, subjectOf } from './outbox';
import { hashPassword, verifyPassword } from './passwords';
import { findOperatorByEmail, issuerOf } from './sessions';
import { seconds } from './time';

/**
 * The identity provider (Firebase Authentication) as its REST API answers the JS SDK, so the
 * console signs in with the real SDK in mock mode too. Shapes follow what @firebase/auth 1.13
 * reads: signInWithPassword → { idToken, refreshToken, expiresIn, localId }, then accounts:lookup
 * → users[0]; securetoken's /v1/token refreshes with a form-encoded refresh_token;
 * accounts:sendOobCode mails a one-use reset code that accounts:resetPassword checks (`{ oobCode }`)
 * and spends (`{ oobCode, newPassword }`) → { email, requestType }. Errors are
 * Google's envelope `{ error: { code, message } }`, where the SDK maps `message` to an
 * auth/... code (INVALID_LOGIN_CREDENTIALS → auth/invalid-credential).
 *
 * ID tokens are unsigned JWTs; refresh tokens are random and kept in the db, so a user the SDK
 * remembers across a reload can still refresh.
 */
const IDENTITY_TOOLKIT = 'https://identitytoolkit.googleapis.com/v1';
const SECURE_TOKEN = 'https://securetoken.googleapis.com/v1';
/** Firebase ID tokens live one hour. */
export const ID_TOKEN_TTL_S = 3600;
/** Firebase's password-reset links work for one hour. */
export const PASSWORD_RESET_CODE_TTL_MS = 60 * 60 * 1000;
/** Firebase's own minimum (a project's password policy may ask for more; the console asks for 8). */
const PROVIDER_PASSWORD_MIN_LENGTH = 6;

export function identityError(status: number, message: string): Response {
  return HttpResponse.json(identityErrorBody(status, message), { status });
}

function identityErrorBody(status: number, message: string) {
  return { error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } };
}

/** Faults name identity calls by host and path: 'POST identitytoolkit/v1/accounts:signInWithPassword'. */
const identityTarget: FaultTarget = {
  pathOf: (url) => `${url.hostname.split('.')[0]}${url.pathname}`,
  // Injected faults speak the provider's envelope so the SDK maps them as it would a real outage:
  // 5xx → INTERNAL_ERROR (auth/internal-error), 429 → auth/too-many-requests.
  errorBody: (status, message) => {
    const code = status === 429 ? 'TOO_MANY_ATTEMPTS_TRY_LATER' : status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_ARGUMENT';
    return identityErrorBody(status, `${code} : ${message}`);
  },
};

/** An ID token as Firebase issues it for an e-mail/password user (claims the SDK and our server read). */
export function mintIdToken(ctx: MockContext, operator: OperatorRecord, authTimeMs: number): string {
  const iat = seconds(ctx.now());
  return encodeUnsignedJwt({
    iss: issuerOf(ctx.projectId),
    aud: ctx.projectId,
    auth_time: seconds(authTimeMs),
    user_id: operator.uid,
    sub: operator.uid,
    iat,
    exp: iat + ID_TOKEN_TTL_S,
    email: operator.email,
    email_verified: true,
    firebase: { identities: { email: [operator.email] }, sign_in_provider: 'password' },
  });
}

/** A seeded account's published demo password, or the hash an account created by sign-up keeps. */
async function passwordMatches(operator: OperatorRecord, password: string): Promise<boolean> {
  if (operator.passwordHash !== undefined) return verifyPassword(password, operator.passwordHash);
  return operator.password !== undefined && operator.password === password;
}

const PasswordSignInSchema = z.object({ email: z.string(), password: z.string() });
const LookupSchema = z.object({ idToken: z.string() });
const OobCodeSchema = z.object({ requestType: z.string(), email: z.string().optional() });
const ResetPasswordSchema = z.object({ oobCode: z.string().optional(), newPassword: z.string().optional() });

function requireApiKey(request: Request): void {
  if (!new URL(request.url).searchParams.get('key')) {
    throw identityError(400, 'API key not valid. Please pass a valid API key.');
  }
}

async function jsonOf<S extends z.ZodType>(request: Request, schema: S, missing: string): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw identityError(400, 'INVALID_JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw identityError(400, missing);
  return parsed.data;
}

export function identityHandlers(kit: Kit): HttpHandler[] {
  const { ctx } = kit;

  return [
    /** Email/password sign-in. */
    kit.external('post', `${IDENTITY_TOOLKIT}/accounts\\:signInWithPassword`, identityTarget, async ({ request }) => {
      requireApiKey(request);
      const { email, password } = await jsonOf(request, PasswordSignInSchema, 'MISSING_PASSWORD');
      if (!email.trim()) throw identityError(400, 'INVALID_EMAIL');
      if (!password) throw identityError(400, 'MISSING_PASSWORD');
      const operator = findOperatorByEmail(ctx, email);
      // One answer for an unknown e-mail and a wrong password, like Firebase with e-mail
      // enumeration protection: nothing tells which one was wrong.
      if (!operator || !(await passwordMatches(operator, password))) throw identityError(400, 'INVALID_LOGIN_CREDENTIALS');
      if (operator.disabled) throw identityError(400, 'USER_DISABLED');

      const now = ctx.now();
      const signedIn =
        (await ctx.db.operators.update((q) => q.where({ id: operator.id }), {
          data(draft) {
            draft.lastLoginAt = now;
          },
        })) ?? operator;
      const refresh = await ctx.db.refreshTokens.create({ token: randomToken(32), operatorId: operator.id, issuedAt: now });
      return HttpResponse.json({
        kind: 'identitytoolkit#VerifyPasswordResponse',
        localId: signedIn.uid,
        email: signedIn.email,
        displayName: signedIn.name_op,
        idToken: mintIdToken(ctx, signedIn, now),
        registered: true,
        refreshToken: refresh.token,
        expiresIn: String(ID_TOKEN_TTL_S),
      });
    }),

    /** The account behind an ID token; the SDK calls it right after every sign-in and on reload. */
    kit.external('post', `${IDENTITY_TOOLKIT}/accounts\\:lookup`, identityTarget, async ({ request }) => {
      requireApiKey(request);
      const { idToken } = await jsonOf(request, LookupSchema, 'MISSING_ID_TOKEN');
      const claims = decodeUnsignedJwt(idToken);
      if (!claims || claims.aud !== ctx.projectId) throw identityError(400, 'INVALID_ID_TOKEN');
      if (typeof claims.exp !== 'number' || claims.exp <= seconds(ctx.now())) throw identityError(400, 'TOKEN_EXPIRED');
      const operator = ctx.db.operators.findFirst((q) => q.where({ uid: String(claims.sub) }));
      if (!operator) throw identityError(400, 'USER_NOT_FOUND');
      return HttpResponse.json({
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: operator.uid,
            email: operator.email,
            emailVerified: true,
            displayName: operator.name_op,
            providerUserInfo: [
              { providerId: 'password', email: operator.email, federatedId: operator.email, rawId: operator.email, displayName: operator.name_op },
            ],
            passwordHash: 'UkVEQUNURUQ=',
            passwordUpdatedAt: operator.createdAt,
            validSince: String(seconds(operator.createdAt)),
            lastLoginAt: String(operator.lastLoginAt),
            createdAt: String(operator.createdAt),
            lastRefreshAt: new Date(ctx.now()).toISOString(),
          },
        ],
      });
    }),

    /**
     * Password reset e-mail. Answers success for any well-formed address (no account enumeration);
     * only an address with an account gets a message in the outbox (mocks/outbox.ts) with a new
     * one-use code (oobCodes, PASSWORD_RESET_CODE_TTL_MS) in its link,
     * `/auth/recovery?mode=resetPassword&oobCode=…` (the console's page for accounts:resetPassword).
     * Codes sent before stay good until used or expired, as Firebase's do.
     */
    kit.external('post', `${IDENTITY_TOOLKIT}/accounts\\:sendOobCode`, identityTarget, async ({ request }) => {
      requireApiKey(request);
      const { requestType, email } = await jsonOf(request, OobCodeSchema, 'MISSING_REQ_TYPE');
      if (requestType !== 'PASSWORD_RESET') throw identityError(400, 'INVALID_REQ_TYPE');
      if (!email || !z.email().safeParse(email.trim()).success) throw identityError(400, 'INVALID_EMAIL');
      const operator = findOperatorByEmail(ctx, email);
      if (operator) {
        const now = ctx.now();
        ctx.db.oobCodes.deleteMany((q) => q.where({ expiresAt: (expiresAt: number) => expiresAt <= now }));
        const { code } = await ctx.db.oobCodes.create({
          code: randomToken(24),
          requestType: 'PASSWORD_RESET',
          operatorId: operator.id,
          email: operator.email,
          issuedAt: now,
          expiresAt: now + PASSWORD_RESET_CODE_TTL_MS,
        });
        const language = operator.preferences.language;
        await sendMail(ctx.db, now, {
          to: operator.email,
          kind: 'passwordReset',
          subject: subjectOf('passwordReset', language),
          link: passwordResetLink(code, { apiKey: new URL(request.url).searchParams.get('key') ?? undefined, lang: language }),
        });
      }
      return HttpResponse.json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: email.trim() });
    }),

    /**
     * A password-reset code: `{ oobCode }` alone checks it (verifyPasswordResetCode) and names its
     * account; with `newPassword` (confirmPasswordReset) it sets the password — kept as a salted
     * hash, like sign-up's — and spends the code. Like Firebase: an unknown or spent code is
     * INVALID_OOB_CODE, an old one EXPIRED_OOB_CODE, a disabled account USER_DISABLED, a removed
     * one EMAIL_NOT_FOUND (the SDK's auth/user-not-found), a short password WEAK_PASSWORD (the
     * code is kept for another try); a new password ends the account's other sign-ins (its refresh
     * tokens are revoked).
     */
    kit.external('post', `${IDENTITY_TOOLKIT}/accounts\\:resetPassword`, identityTarget, async ({ request }) => {
      requireApiKey(request);
      const { oobCode, newPassword } = await jsonOf(request, ResetPasswordSchema, 'MISSING_OOB_CODE');
      if (!oobCode) throw identityError(400, 'MISSING_OOB_CODE');
      const code = ctx.db.oobCodes.findFirst((q) => q.where({ code: oobCode }));
      if (!code) throw identityError(400, 'INVALID_OOB_CODE');
      if (code.expiresAt <= ctx.now()) throw identityError(400, 'EXPIRED_OOB_CODE');
      const operator = ctx.db.operators.findFirst((q) => q.where({ id: code.operatorId }));
      if (!operator) throw identityError(400, 'EMAIL_NOT_FOUND');
      if (operator.disabled) throw identityError(400, 'USER_DISABLED');
      const answer = { kind: 'identitytoolkit#ResetPasswordResponse', email: operator.email, requestType: code.requestType };
      if (newPassword === undefined) return HttpResponse.json(answer);

      if ([...newPassword].length < PROVIDER_PASSWORD_MIN_LENGTH) {
        throw identityError(400, `WEAK_PASSWORD : Password should be at least ${PROVIDER_PASSWORD_MIN_LENGTH} characters`);
      }
      ctx.db.oobCodes.delete((q) => q.where({ code: oobCode }));
      const passwordHash = await hashPassword(newPassword);
      await ctx.db.operators.update((q) => q.where({ id: operator.id }), {
        data(draft) {
          // A seeded account's published demo password stops working too.
          delete draft.password;
          draft.passwordHash = passwordHash;
        },
      });
      ctx.db.refreshTokens.deleteMany((q) => q.where({ operatorId: operator.id }));
      return HttpResponse.json(answer);
    }),

    /** A new ID token for a refresh token (grant_type=refresh_token, form-encoded). */
    kit.external('post', `${SECURE_TOKEN}/token`, identityTarget, async ({ request }) => {
      requireApiKey(request);
      const form = new URLSearchParams(await request.text());
      if (form.get('grant_type') !== 'refresh_token') throw identityError(400, 'INVALID_GRANT_TYPE');
      const token = form.get('refresh_token');
      if (!token) throw identityError(400, 'MISSING_REFRESH_TOKEN');
      const refresh = ctx.db.refreshTokens.findFirst((q) => q.where({ token }));
      if (!refresh) throw identityError(400, 'INVALID_REFRESH_TOKEN');
      // Firebase's answer for a revoked refresh token (the SDK's auth/user-token-expired signs the user out).
      if (refresh.revokedAt !== undefined) throw identityError(400, 'TOKEN_EXPIRED');
      const operator = ctx.db.operators.findFirst((q) => q.where({ id: refresh.operatorId }));
      if (!operator) throw identityError(400, 'USER_NOT_FOUND');
      const idToken = mintIdToken(ctx, operator, refresh.issuedAt);
      return HttpResponse.json({
        access_token: idToken,
        expires_in: String(ID_TOKEN_TTL_S),
        token_type: 'Bearer',
        refresh_token: refresh.token,
        id_token: idToken,
        user_id: operator.uid,
        project_id: ctx.projectId,
      });
    }),
  ];
}
