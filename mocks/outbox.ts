import type { Language } from '../src/api/session';
import { nextId, type Db, type OutboxMessage } from './db';

/**
 * The mock platform's outgoing mail. Nothing leaves the browser: every e-mail the mock "sends" is
 * recorded in the `outbox` collection (persisted with the rest of the data, cleared by a reset),
 * and `devkit.outbox()` lists them, newest last, so a demo or an end-to-end test opens the link a
 * real inbox would have received.
 *
 * - `signupValidation` (POST /stores/signup, handlers/registration.ts), to the e-mail signing up:
 *   the link `/auth/validate/{email}/{token}`, both parts URL-encoded.
 * - `passwordReset` (the identity provider's accounts:sendOobCode, identity.ts), only when an
 *   account has that e-mail (the HTTP answer is the same either way): Firebase's action link with
 *   the console's /auth/recovery as its custom action URL,
 *   `/auth/recovery?mode=resetPassword&oobCode=…&apiKey=…&lang=…`, where the operator chooses a
 *   new password (the code works for an hour, once: accounts:resetPassword).
 *
 * Links are paths of the console, relative to the page's origin. Subjects are in the language of
 * the person written to (the sign-up's, the operator's preference).
 */
export type MailKind = OutboxMessage['kind'];

/** The outbox keeps the latest messages only, so a long demo does not fill localStorage. */
export const OUTBOX_LIMIT = 100;

export function validationLink(email: string, token: string): string {
  return `/auth/validate/${encodeURIComponent(email)}/${encodeURIComponent(token)}`;
}

/** Firebase's action link for a reset code; `apiKey` and `lang` as Firebase adds them, when known. */
export function passwordResetLink(oobCode: string, extras: { apiKey?: string; lang?: string } = {}): string {
  const query = new URLSearchParams({ mode: 'resetPassword', oobCode });
  if (extras.apiKey) query.set('apiKey', extras.apiKey);
  if (extras.lang) query.set('lang', extras.lang);
  return `/auth/recovery?${query.toString()}`;
}

const SUBJECTS: Record<MailKind, Record<Language, (name: string) => string>> = {
  signupValidation: {
    en: (store) => `Confirm your e-mail to open ${store}`,
    es: (store) => `Confirma tu e-mail para abrir ${store}`,
  },
  passwordReset: {
    en: () => 'Reset your password',
    es: () => 'Restablece tu contraseña',
  },
};

export function subjectOf(kind: MailKind, language: Language, name = ''): string {
  return SUBJECTS[kind][language](name);
}

/** Records one sent e-mail (and drops the oldest beyond OUTBOX_LIMIT). The caller persists. */
export async function sendMail(db: Db, sentAt: number, mail: Omit<OutboxMessage, 'id' | 'sentAt'>): Promise<OutboxMessage> {
  const message = await db.outbox.create({ id: nextId(db.outbox.all()), ...mail, sentAt });
  const all = outboxOf(db);
  if (all.length > OUTBOX_LIMIT) {
    const oldest = new Set(all.slice(0, all.length - OUTBOX_LIMIT).map((m) => m.id));
    db.outbox.deleteMany((q) => q.where({ id: (id: number) => oldest.has(id) }));
  }
  return message;
}

/** Every recorded e-mail, oldest first (newest last), as plain copies. */
export function outboxOf(db: Db): OutboxMessage[] {
  return (JSON.parse(JSON.stringify(db.outbox.all())) as OutboxMessage[]).sort((a, b) => a.id - b.id);
}
