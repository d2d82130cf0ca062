import type * as z from 'zod';
import { APP_STORAGE_PREFIX, cancelLaterWrite, readJson, remove, writeJson, writeJsonLater } from './storage';

/**
 * The draft of a form an operator types into: what was typed survives a reload
 * until it is saved or discarded. One mechanism for every form: sessionStorage (the draft dies with
 * the tab), one key per form and record under the app prefix (signing out removes every draft),
 * written once typing pauses, read back through the form's own schema (a draft that no longer
 * reads, from an older build or edited by hand, is dropped rather than half restored). Secrets
 * (passwords) are never part of a draft: each form's draft schema names only what may be kept.
 */

/** How long typing must pause before the draft is written (the offer form's wait too). */
export const FORM_DRAFT_DEBOUNCE_MS = 400;

export const FORM_DRAFT_PREFIX = `${APP_STORAGE_PREFIX}draft.`;

/** The key of one form's draft: `console.draft.<form>.<record id, or "new">`. */
export const formDraftKey = (form: string, recordId: number | string | null) => `${FORM_DRAFT_PREFIX}${form}.${recordId ?? 'new'}`;

export interface FormDraft<T> {
  readonly key: string;
  /** The stored draft when it reads with the schema; a bad one is removed and null returned. */
  read(): T | null;
  /** Writes once typing pauses (each call restarts the wait). */
  write(values: T): void;
  /** Writes at once (a save just failed: a reload must find these values). */
  writeNow(values: T): void;
  /** Removes the draft and any write still waiting (saved, discarded). */
  clear(): void;
}

export function formDraft<T>(key: string, schema: z.ZodType<T, unknown>, delayMs = FORM_DRAFT_DEBOUNCE_MS): FormDraft<T> {
  return {
    key,
    read() {
      const stored = readJson('session', key);
      if (stored === undefined) return null;
      const parsed = schema.safeParse(stored);
      if (parsed.success) return parsed.data;
      remove('session', key);
      return null;
    },
    write: (values) => writeJsonLater('session', key, values, delayMs),
    writeNow(values) {
      cancelLaterWrite(key);
      writeJson('session', key, values);
    },
    clear() {
      cancelLaterWrite(key);
      remove('session', key);
    },
  };
}
