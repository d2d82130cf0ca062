import type { JournalFile } from './journal-file';

/**
 * The shareable journal file (devkit.exportJournal({ redacted: true }), Demo menu → Export →
 * Redacted): the customers' personal data replaced by pseudonyms, in the events, the checkpoint
 * and the server data alike, so a bug report can carry it.
 *
 * What counts as a customer's: the consumer of an order (name, e-mail, phone), the recipient of a
 * delivery (name, e-mail, phone, address), the e-mail an order reached the CRM with, and any IBAN.
 * Operators, stores, trucks' drivers and pickup contacts are the console's users and partners, not
 * customers: they stay (the import signs the recorded operator in by their e-mail).
 *
 * Pseudonyms are keyed on the original value and numbered per person in the order the file first
 * shows them (the data, then the checkpoint, then the events): "Customer 3",
 * "customer3@example.invalid", "+34 600 000 003", "Street 3, City" for one person, and
 * "ES.. 0000 …" IBANs with valid check digits. The same original becomes the same pseudonym
 * everywhere, also inside longer text ("New order #12 from Customer 3"). Because the same
 * substitution applies to the projections, the redacted journal replays to the live projections
 * redacted alike (createRedaction(file).redact).
 */
export interface Redaction {
  /** The redacted file (a copy). */
  file: JournalFile;
  /** Applies the file's substitution to any other plain data (e.g. the live projections). */
  redact<T>(value: T): T;
}

/** The redacted copy of an export file (pure: the same file always gives the same result). */
export function redactJournal(file: JournalFile): JournalFile {
  return createRedaction(file).file;
}

export function createRedaction(file: JournalFile): Redaction {
  const substitute = substitution(collectPseudonyms(file));
  return { file: rewrite(file, substitute), redact: (value) => rewrite(value, substitute) };
}

type Kind = 'name' | 'email' | 'phone' | 'address';

const pseudonymOf: Record<Kind, (n: number) => string> = {
  name: (n) => `Customer ${n}`,
  email: (n) => `customer${n}@example.invalid`,
  phone: (n) => {
    const digits = String(n).padStart(6, '0');
    return `+34 600 ${digits.slice(0, -3)} ${digits.slice(-3)}`;
  },
  address: (n) => `Street ${n}, City`,
};

/** Every original value the file holds for a customer, mapped to its pseudonym. */
function collectPseudonyms(file: JournalFile): Map<string, string> {
  const pseudonyms = new Map<string, string>();
  const people = new Map<string, number>();
  const ibans = new Map<string, string>();

  const person = (fields: Partial<Record<Kind, unknown>>) => {
    const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
    const name = typeof fields.name === 'string' ? fields.name.trim() : '';
    const key = email !== '' ? `email:${email}` : name !== '' ? `name:${name}` : undefined;
    if (key === undefined && typeof fields.phone !== 'string' && typeof fields.address !== 'string') return;
    let n = key === undefined ? undefined : people.get(key);
    if (n === undefined) {
      n = people.size + 1;
      people.set(key ?? `anonymous:${n}`, n);
    }
    for (const kind of ['name', 'email', 'phone', 'address'] as const) {
      const value = fields[kind];
      if (typeof value === 'string' && value.trim() !== '' && !pseudonyms.has(value)) pseudonyms.set(value, pseudonymOf[kind](n));
    }
  };

  const visit = (node: Record<string, unknown>) => {
    const consumer = own(node, 'consumer');
    if (isRecord(consumer)) person({ name: own(consumer, 'name'), email: own(consumer, 'email'), phone: own(consumer, 'phone') });
    if (typeof own(node, 'order_delivery_to') === 'string') {
      person({ name: own(node, 'order_delivery_to'), email: own(node, 'order_delivery_to_mail'), phone: own(node, 'phone'), address: own(node, 'order_address') });
    }
    if (typeof own(node, 'consumer_email') === 'string') person({ email: own(node, 'consumer_email') });
    const iban = own(node, 'iban');
    if (typeof iban === 'string' && iban.trim() !== '' && !pseudonyms.has(iban)) {
      const pseudonym = ibans.get(iban) ?? pseudonymIban(ibans.size + 1);
      ibans.set(iban, pseudonym);
      pseudonyms.set(iban, pseudonym);
    }
  };

  // Iterative, in a fixed order (depth-first, keys in order): the same file numbers the same way.
  const roots: unknown[] = [own(file, 'data'), own(own(file, 'journal'), 'checkpoint'), own(own(file, 'journal'), 'events')];
  const stack = roots.toReversed();
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (isRecord(node)) {
      visit(node);
      const values = Object.values(node);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
  return pseudonyms;
}

/** Originals shorter than this are replaced only where they are a whole value, never inside text. */
const MIN_SUBSTRING = 5;

/** A string's redacted form: a whole original is replaced, and any original inside longer text. */
function substitution(pseudonyms: Map<string, string>): (text: string) => string {
  const inner = [...pseudonyms.keys()].filter((original) => original.length >= MIN_SUBSTRING).sort((a, b) => b.length - a.length);
  const pattern = inner.length === 0 ? undefined : new RegExp(inner.map(escapeRegExp).join('|'), 'g');
  return (text) => {
    const whole = pseudonyms.get(text);
    if (whole !== undefined) return whole;
    // Images (data: URLs) are long and never hold a customer's data.
    if (!pattern || text.length < MIN_SUBSTRING || text.startsWith('data:')) return text;
    return text.replace(pattern, (original) => pseudonyms.get(original) ?? original);
  };
}

/** A copy of plain data with every string passed through `substitute` (object keys are kept). */
function rewrite<T>(value: T, substitute: (text: string) => string): T {
  if (typeof value === 'string') return substitute(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => rewrite(item, substitute)) as T;
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = rewrite(value[key], substitute);
    return copy as T;
  }
  return value;
}

/**
 * A Spanish-shaped IBAN with valid check digits (ISO 13616, mod 97) and an obviously made-up
 * account: "ES.. 0000 0000 0000 0000 000n", grouped by four like the seeded ones. The billing
 * form's rule and any mod-97 check accept it.
 */
function pseudonymIban(n: number): string {
  const bban = String(n).padStart(20, '0');
  // "ES00" moved to the end, letters as numbers (E = 14, S = 28).
  const check = String(98 - mod97(`${bban}142800`)).padStart(2, '0');
  return `ES${check}${bban}`.replace(/(.{4})(?=.)/g, '$1 ');
}

function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of the value's own (never an inherited one). */
const own = (value: unknown, key: string): unknown => (isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined);
