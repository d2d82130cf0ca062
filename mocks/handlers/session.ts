import { HttpResponse } from 'msw';
import { SignInRequestSchema, type SessionGrant } from '../../src/api/session';
import type { RequestInfo } from '../context';
import type { Kit } from '../kit';
import { jsonBody, validated } from '../respond';
import { openSession, operatorFromIdToken, sessionUserOf } from '../sessions';

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
    const user = sessionUserOf(ctx, operator);
    const session = await openSession(ctx, operator);
    return { token: session.token, user };
  }

  return [
    /** POST users/login — the user at data.data (spec section 7). */
    kit.route('post', '/users/login', async (info) => {
      const { token, user } = await grant(info);
      return HttpResponse.json({ data: { data: user, token } });
    }),

    /** POST /stores/signin */
    kit.route('post', '/stores/signin', async (info) => HttpResponse.json(await grant(info))),

    /** POST /stores/logout — closes this session only (other tabs keep theirs). */
    kit.route(
      'post',
      '/stores/logout',
      kit.withSession(({ session }) => {
        ctx.db.sessions.delete((q) => q.where({ token: session.token }));
        return HttpResponse.json({ ok: true });
      }),
    ),
  ];
}
