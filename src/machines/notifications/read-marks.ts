import type { StoreNotification } from '../../api/stores';
import { NOTIFICATION_READ_MARKS_MAX } from '../../lib/constants';
import { notificationReadMarksKey, readJson, writeJson } from '../../lib/storage';
import type { Journal } from '../journal/journal';

/**
 * The notifications an operator has read, kept in this browser (docs/decisions/031). The spec has
 * no call that marks a notification read, so the platform's `read` flag (when it sends one at
 * all) cannot learn of it: the console remembers the ids itself, per operator and store, so a
 * reload or a new tab does not show them as new again. A mark only ever adds: a notification the
 * operator read is read whatever the server says; one the server says is read stays read.
 *
 * Only the bell's machines use this (the store profile loader, the refresh, the push machine);
 * what they append to the journal already carries the marks, so a replayed journal needs no
 * storage.
 */

/** Stored value: store id → the ids read, oldest first. */
type StoredMarks = Record<string, number[]>;

/** Who the marks belong to: the signed-in operator's e-mail (a field every session carries). */
export function operatorOf(journal: Journal): string | null {
  return journal.state().session.user?.operator.email.trim().toLowerCase() ?? null;
}

function stored(operator: string): StoredMarks {
  const value = readJson('local', notificationReadMarksKey(operator));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const marks: StoredMarks = {};
  for (const [store, ids] of Object.entries(value)) {
    if (Array.isArray(ids)) marks[store] = ids.filter((id): id is number => Number.isInteger(id));
  }
  return marks;
}

/** The ids the operator has read in this store (empty without an operator). */
export function readMarks(operator: string | null, storeId: number): ReadonlySet<number> {
  return new Set(operator ? (stored(operator)[String(storeId)] ?? []) : []);
}

/** Remembers that the operator read these notifications of the store; the newest marks are kept. */
export function rememberRead(operator: string | null, storeId: number, ids: readonly number[]): void {
  if (!operator || ids.length === 0) return;
  const marks = stored(operator);
  const kept = (marks[String(storeId)] ?? []).filter((id) => !ids.includes(id));
  marks[String(storeId)] = [...kept, ...ids].slice(-NOTIFICATION_READ_MARKS_MAX);
  writeJson('local', notificationReadMarksKey(operator), marks);
}

/** The notifications with the operator's read marks applied (`read` may be absent: unread). */
export function withReadMarks<T extends Pick<StoreNotification, 'id' | 'read'>>(notifications: readonly T[], marks: ReadonlySet<number>): T[] {
  return notifications.map((n) => (marks.has(n.id) && n.read !== true ? { ...n, read: true } : n));
}
