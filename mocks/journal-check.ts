import { replay, type Journal } from '../src/machines/journal/journal';
import type { ProjectionState } from '../src/machines/journal/projections';

/**
 * The replay check (devkit.journalCheck(), run after every end-to-end test): the app's live
 * projections against the projections its exported journal replays to. They must be deep-equal,
 * or an export attached to a bug report would not show what the operator saw.
 */
export interface JournalCheck {
  equal: boolean;
  /** How many events the export holds. */
  events: number;
  /** The first differing paths (at most 20), e.g. `offers.pages.all.data.0.name: "A" ≠ "B"`. */
  differences: string[];
  live: ProjectionState;
  replayed: ProjectionState;
}

export function checkJournal(journal: Journal): JournalCheck {
  const exported = journal.export();
  const live = structuredClone(journal.state());
  const replayed = replay(exported);
  const differences: string[] = [];
  collectDifferences(live, replayed, '', differences);
  return { equal: differences.length === 0, events: exported.events.length, differences, live, replayed };
}

const MAX_DIFFERENCES = 20;
const show = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value)?.slice(0, 80));

/** Structural equality (plain data: key order ignored, arrays in order), recording where it fails. */
export function collectDifferences(a: unknown, b: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_DIFFERENCES || Object.is(a, b)) return;
  const where = path || '(root)';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${where}: ${show(a)} ≠ ${show(b)}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${where}.length: ${a.length} ≠ ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) collectDifferences(a[i], b[i], `${path}.${i}`, out);
    return;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    collectDifferences(left[key], right[key], path ? `${path}.${key}` : key, out);
  }
}
