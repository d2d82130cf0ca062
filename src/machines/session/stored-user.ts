import type { Operator } from '../../api/session';
import { SessionGrantSchema } from '../../api/session';
import { now } from '../../lib/clock';
import { sameOperator } from '../../lib/operator-identity';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import type { Journal } from '../journal/journal';

/**
 * The stored user (localStorage, read when a reload restores the session) follows a saved
 * operator profile the way the session projection does: name, phone and language from the
 * server's answer, the role the operator acts in kept. Without it a reload would bring back the
 * old language until the next sign-in.
 */
export function storeSavedOperator(operator: Operator): void {
  const stored = SessionGrantSchema.shape.user.safeParse(readJson('local', storageKeys.user));
  if (!stored.success || !sameOperator(stored.data.operator, operator)) return;
  writeJson('local', storageKeys.user, { ...stored.data, operator: { ...stored.data.operator, ...operator, role: stored.data.operator.role } });
}

/**
 * An operator profile the server saved, wherever it was saved (the Operators tab, the profile page,
 * its language switch): the side navigation and the UI language follow at once (session and
 * preferences projections), and the stored user too, so a reload keeps them.
 */
export function recordSavedOperator(journal: Journal, operator: Operator): void {
  storeSavedOperator(operator);
  journal.append({ type: 'operator.profileSaved', at: now(), operator });
}
