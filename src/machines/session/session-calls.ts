import * as z from 'zod';
import { SessionGrantSchema, type SessionUser } from '../../api/session';
import { readJson, storageKeys } from '../../lib/storage';
import type { StoredSession } from './machine';

/**
 * What the session's effects need of zod: the platform's session calls (their answers are checked)
 * and the check of the session kept in web storage. live.ts imports this module when an effect
 * first runs, so zod is not part of the sign-in page's JavaScript (docs/decisions/015).
 */
export { exchangeIdToken, loginWithIdToken, logout } from '../../api/session';

const StoredTokenSchema = z.object({ token: z.string().min(1), startedAt: z.number() });

/** The operator this browser remembers (localStorage), if the record is whole. */
export function readRememberedUser(): SessionUser | null {
  const user = SessionGrantSchema.shape.user.safeParse(readJson('local', storageKeys.user));
  return user.success ? user.data : null;
}

/** The session this tab kept (token in sessionStorage, operator in localStorage), if both are whole. */
export function readStoredSession(): StoredSession | null {
  const token = StoredTokenSchema.safeParse(readJson('session', storageKeys.session));
  const user = SessionGrantSchema.shape.user.safeParse(readJson('local', storageKeys.user));
  if (!token.success || !user.success) return null;
  return { grant: { token: token.data.token, user: user.data }, startedAt: token.data.startedAt };
}
