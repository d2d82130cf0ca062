import * as z from 'zod';
import { en, type MessageKey } from '../src/i18n/en';
import type { DomainEvent } from '../src/machines/journal/events';
import { replay, type JournalExport } from '../src/machines/journal/journal';
import { projectionDefinitions, type ProjectionName, type SessionView } from '../src/machines/journal/projections';
import type { Scenario } from '../scenarios/scenario';
import { collectionNames, collectionSchemas, SNAPSHOT_VERSION, type CollectionName, type DbSnapshot } from './db';
import { passwordResetLink, validationLink } from './outbox';
import { hashPassword } from './passwords';
import { randomToken } from './random';

/**
 * The journal export file (Demo menu → Export journal, devkit.exportJournal()): everything a
 * trainer or QA needs to see the exact state again in another browser — the journal (checkpoint +
 * events), the scenario it was recorded in, when it was exported, and a snapshot of the mock
 * backend's data (the screens read from the mock server, not from the journal).
 *
 * No token and no password ever enters the file: platform sessions, identity refresh tokens and
 * the provider's one-use codes (the password-reset links' oobCode) are left out, and the
 * operators' demo passwords and password hashes, the stores' API keys, the sign-ups' link tokens
 * and password hashes and the outbox's links are blanked. Importing puts fresh ones back
 * (restoreSecrets; a reset link comes back as one the provider never issued, so it reads as used);
 * the seeded demo accounts get their published demo passwords back from the scenario, so their
 * sign-in hints keep working.
 */
export const JOURNAL_FILE_KIND = 'store-console.journal';
export const JOURNAL_FILE_FORMAT = 1;

export interface JournalFile {
  kind: typeof JOURNAL_FILE_KIND;
  format: typeof JOURNAL_FILE_FORMAT;
  /** ISO 8601, UTC. */
  exportedAt: string;
  scenario: string;
  journal: JournalExport;
  data: DbSnapshot;
}

const projectionNames = Object.keys(projectionDefinitions) as [ProjectionName, ...ProjectionName[]];

/** A domain event as the file carries it: `domain.pastTense`, a time, and plain JSON. */
const JsonSchema = z.json();
const EventSchema = z
  .looseObject({ type: z.string().regex(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/), at: z.number() })
  .refine((event) => JsonSchema.safeParse(event).success, 'an event must be plain JSON');

export const JournalFileSchema = z.object({
  kind: z.literal(JOURNAL_FILE_KIND),
  format: z.literal(JOURNAL_FILE_FORMAT),
  exportedAt: z.iso.datetime({ offset: true }),
  scenario: z.string().min(1),
  journal: z.object({
    version: z.literal(1),
    checkpoint: z.record(z.enum(projectionNames), z.json()),
    events: z.array(EventSchema),
  }),
  data: z.object({
    version: z.literal(SNAPSHOT_VERSION),
    seededAt: z.number(),
    collections: z.partialRecord(z.enum(collectionNames as [CollectionName, ...CollectionName[]]), z.array(z.record(z.string(), z.unknown()))),
  }),
});

export type JournalImportReason = 'notJson' | 'foreign' | 'format' | 'formatType' | 'tooDeep' | 'invalid' | 'scenario' | 'data' | 'storage';

const reasonKeys: Record<JournalImportReason, MessageKey> = {
  notJson: 'demo.importError.notJson',
  foreign: 'demo.importError.foreign',
  format: 'demo.importError.format',
  formatType: 'demo.importError.formatType',
  tooDeep: 'demo.importError.tooDeep',
  invalid: 'demo.importError.invalid',
  scenario: 'demo.importError.scenario',
  data: 'demo.importError.data',
  storage: 'demo.importError.storage',
};

/** Why a file was refused: `key` and `params` for the Demo menu's message, `message` in English for the console. */
export class JournalImportError extends Error {
  readonly reason: JournalImportReason;
  readonly key: MessageKey;
  readonly params: Record<string, string>;
  constructor(reason: JournalImportReason, params: Record<string, string> = {}, options?: { cause?: unknown }) {
    const key = reasonKeys[reason];
    super(fill(en[key], params), options);
    this.name = 'JournalImportError';
    this.reason = reason;
    this.key = key;
    this.params = params;
  }
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? params[name] : whole));

const pathOf = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.') || '(top level)';

/**
 * How deeply a file may nest objects and arrays. An export nests about a dozen levels (a page of
 * orders in an event's checkpoint); the bound is checked, without recursion, before anything
 * recursive (the schema, replay, structuredClone) reads the file, which would otherwise fail with
 * the engine's own "Maximum call stack size exceeded".
 */
export const MAX_JOURNAL_DEPTH = 64;

/** A field of the file's own (never one every object inherits, such as `__proto__` or `constructor`). */
const own = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Reads an export file (its JSON text or the parsed value) and checks it against the schema:
 * resolves to the file, or throws a JournalImportError naming what is wrong.
 */
export function parseJournalFile(input: unknown, scenarios: Readonly<Record<string, Scenario>>): JournalFile {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input) as unknown;
    } catch (error) {
      throw new JournalImportError('notJson', {}, { cause: error });
    }
  }
  if (typeof value !== 'object' || value === null || own(value, 'kind') !== JOURNAL_FILE_KIND) throw new JournalImportError('foreign');
  const tooDeep = deeperThan(value, MAX_JOURNAL_DEPTH);
  if (tooDeep) throw new JournalImportError('tooDeep', { where: tooDeep, max: String(MAX_JOURNAL_DEPTH) });
  const format = own(value, 'format');
  if (format === undefined) throw new JournalImportError('invalid', { where: 'format' });
  if (typeof format !== 'number') throw new JournalImportError('formatType', { value: JSON.stringify(format) ?? String(format), expected: String(JOURNAL_FILE_FORMAT) });
  if (format !== JOURNAL_FILE_FORMAT) throw new JournalImportError('format', { format: String(format), expected: String(JOURNAL_FILE_FORMAT) });
  const data = own(value, 'data');
  const dataVersion = own(data, 'version');
  if (typeof data === 'object' && data !== null && dataVersion !== SNAPSHOT_VERSION) {
    throw new JournalImportError('format', { format: `data ${String(dataVersion)}`, expected: `data ${SNAPSHOT_VERSION}` });
  }
  const scenario = own(value, 'scenario');
  if (typeof scenario === 'string' && scenario !== '' && !Object.hasOwn(scenarios, scenario)) {
    throw new JournalImportError('scenario', { scenario, known: Object.keys(scenarios).join(', ') });
  }
  const parsed = JournalFileSchema.safeParse(value);
  if (!parsed.success) throw new JournalImportError('invalid', { where: pathOf(parsed.error.issues[0]?.path ?? []) });
  return parsed.data as unknown as JournalFile;
}

/** Path segments shown of a place nested too deeply (the rest is elided). */
const SHOWN_SEGMENTS = 8;

/**
 * Where `value` nests objects or arrays more than `max` levels deep (a path such as
 * `journal.events.2.extra.0.0…`), or undefined. Iterative: any depth is measured without
 * growing the call stack. A cycle (only possible in an object passed in, never in JSON) reads as
 * too deep.
 */
export function deeperThan(value: unknown, max: number): string | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (path.length >= max) {
      const shown = path.slice(0, SHOWN_SEGMENTS).join('.');
      return path.length > SHOWN_SEGMENTS ? `${shown}…` : shown;
    }
    for (const key of Object.keys(node)) stack.push({ value: (node as Record<string, unknown>)[key], path: [...path, key] });
  }
  return undefined;
}

/** Checks every record of the data against its collection's schema; throws naming the first bad one. */
export function validateRecords(data: DbSnapshot): void {
  for (const name of collectionNames) {
    const records = data.collections[name] ?? [];
    for (const [index, record] of records.entries()) {
      const result = collectionSchemas[name].safeParse(record);
      if (!result.success) throw new JournalImportError('data', { where: `${name}[${index}].${pathOf(result.error.issues[0]?.path ?? [])}` });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Secrets out (export) and fresh ones in (import)
// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

/** The snapshot without any token or password (a copy). */
export function withoutSecrets(snapshot: DbSnapshot): DbSnapshot {
  const collections: DbSnapshot['collections'] = {};
  for (const name of collectionNames) {
    const rows = (snapshot.collections[name] ?? []) as Row[];
    collections[name] = redactors[name] ? rows.flatMap((row) => redactors[name]!(structuredClone(row))) : structuredClone(rows);
  }
  return { version: snapshot.version, seededAt: snapshot.seededAt, collections };
}

const omit = (row: Row, ...fields: string[]) => {
  for (const field of fields) delete row[field];
  return [row];
};

const redactors: Partial<Record<CollectionName, (row: Row) => Row[]>> = {
  sessions: () => [],
  refreshTokens: () => [],
  oobCodes: () => [],
  operators: (row) => omit(row, 'password', 'passwordHash'),
  registrations: (row) => omit(row, 'passwordHash', 'token'),
  stores: (row) => [{ ...row, apiKey: '' }],
  outbox: (row) => [{ ...row, link: '' }],
};

/**
 * An exported snapshot made usable again: demo passwords from the scenario's operator list (by
 * e-mail), a new API key for each store, a new link token (and an unknown password's hash) for
 * each sign-up, and outbox links rebuilt from them. Operators created by sign-up have no password
 * any more: they are signed in by the import itself (docs/decisions/014-journal-import.md).
 */
export async function restoreSecrets(snapshot: DbSnapshot, scenario: Scenario): Promise<DbSnapshot> {
  const data = structuredClone(snapshot);
  const passwords = new Map(scenario.operators.map((operator) => [operator.email.toLowerCase(), operator.password]));
  const rows = (name: CollectionName) => (data.collections[name] ?? []) as Row[];

  for (const operator of rows('operators')) {
    const password = typeof operator.email === 'string' ? passwords.get(operator.email.toLowerCase()) : undefined;
    if (password !== undefined && operator.password === undefined && operator.passwordHash === undefined) operator.password = password;
  }
  for (const store of rows('stores')) if (store.apiKey === '') store.apiKey = `sk_mock_${randomToken(16)}`;
  const tokens = new Map<string, string>();
  for (const registration of rows('registrations')) {
    if (typeof registration.token !== 'string') registration.token = randomToken(24);
    if (typeof registration.passwordHash !== 'string') registration.passwordHash = await hashPassword(randomToken(24));
    if (typeof registration.email === 'string') tokens.set(registration.email.toLowerCase(), registration.token as string);
  }
  for (const message of rows('outbox')) {
    if (message.link !== '') continue;
    const to = typeof message.to === 'string' ? message.to : '';
    const token = tokens.get(to.toLowerCase());
    message.link = message.kind === 'signupValidation' && token ? validationLink(to, token) : passwordResetLink(randomToken(24));
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// What the journal says about the session
// ---------------------------------------------------------------------------------------------

/** The signed-in user at the end of the journal (the replayed session projection), if any. */
export function sessionUserAtEnd(journal: JournalExport): SessionView['user'] {
  return (replay(journal) as { session: SessionView }).session.user;
}

/** The path of the last page the journal saw the operator on (page.viewed), if any. */
export function lastViewedPath(events: readonly DomainEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.type === 'session.signedOut') return undefined;
    if (event.type === 'page.viewed') return event.path;
  }
  return undefined;
}
