import { HttpResponse } from 'msw';
import { SignInRequestSchema, type SessionGrant } from '../../src/api/session';
import type { RequestInfo } from '../context';
import type { SessionRecord } from '../db';
import { decodeUnsignedJwt } from '../jwt';
import type { Kit } from '../kit';
import { jsonBody, unauthorized, validated } from '../respond';
import { openSession, operatorFromIdToken, refreshTokensOfSignIn, sessionUserOf } from '../sessions';

/**
 * Sign-in exchanges and logout (src/api/session.ts). Both exchanges take the identity provider's
 * ID token, check it like the platform would (decodable, ours, not expired, a known e-mail) and
 * open a session; they differ only in the envelope they answer with.
 */
export function sessionHandlers(kit: Kit) {
  const { ctx } = kit;

  async function grant({ request }: RequestInfo): Promise<SessionGrant> {
    const { idToken } = validated(SignInRequestSchema, await jsonBody(request));
    const operator = operatorFromIdToken(ctx, idToken);
    const authTime = decodeUnsignedJwt(idToken)?.auth_time;
    const signIn = typeof authTime === 'number' ? authTime : undefined;
    // Like verifyIdToken(idToken, checkRevoked): a sign-in ended by a logout opens nothing more.
    // (ID tokens of another provider, e.g. the Auth emulator, have no refresh tokens here.)
    if (signIn !== undefined) {
      const refreshTokens = refreshTokensOfSignIn(ctx, operator.id, signIn);
      if (refreshTokens.length > 0 && refreshTokens.every((r) => r.revokedAt !== undefined)) throw unauthorized('The ID token was revoked: sign in again');
    }
    const user = sessionUserOf(ctx, operator);
    const session = await openSession(ctx, operator, signIn);
    return { token: session.token, user };
  }

  /** Revokes the identity sign-in a session was opened with (its refresh tokens), as the platform would with Firebase. */
  async function revokeSignInOf(session: SessionRecord): Promise<void> {
    const { authTime } = session;
    if (authTime === undefined) return;
    const now = ctx.now();
    for (const { token } of refreshTokensOfSignIn(ctx, session.operatorId, authTime)) {
      await ctx.db.refreshTokens.update((q) => q.where({ token }), {
        data(record) {
          record.revokedAt ??= now;
        },
      });
    }
  }

  return [
    /** POST users/login — the user at data.data (spec section 7). */
    kit.route('post', '/users/login', async (info) => {
      const { token, user } = await grant(info);
      return HttpResponse.json({ data: { data: user, token } });
    }),

    /** POST /stores/signin */
    kit.route('post', '/stores/signin', async (info) => HttpResponse.json(await grant(info))),

    /**
     * POST /stores/logout — closes this session (other sessions keep theirs) and revokes the
     * identity sign-in it was opened with: its refresh tokens answer TOKEN_EXPIRED from now on,
     * and its ID tokens open no new session. Other sign-ins of the operator keep working.
     */
    kit.route(
      'post',
      '/stores/logout',
      kit.withSession(async ({ session }) => {
        ctx.db.sessions.delete((q) => q.where({ token: session.token }));
        await revokeSignInOf(session);
        return HttpResponse.json({ ok: true });
      }),
    ),
  ];
}
