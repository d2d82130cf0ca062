import type { Operator } from '../../api/session';
import { SessionGrantSchema } from '../../api/session';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

/**
 * The stored user (localStorage, read when a reload restores the session) follows a saved
 * operator profile the way the session projection does: name, phone and language from the
 * server's answer, the role the operator acts in kept. Without it a reload would bring back the
 * old language until the next sign-in.
 */
export function storeSavedOperator(operator: Operator): void {
  const stored = SessionGrantSchema.shape.user.safeParse(readJson('local', storageKeys.user));
  if (!stored.success || stored.data.operator.id !== operator.id) return;
  writeJson('local', storageKeys.user, { ...stored.data, operator: { ...stored.data.operator, ...operator, role: stored.data.operator.role } });
}
