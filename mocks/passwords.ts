/**
 * Passwords of accounts created by sign-up. The mock keeps them like a server should: a salted
 * PBKDF2-SHA-256 hash, never the password itself, because a person trying the demo may well type
 * one they use elsewhere, and the mock's data sits in localStorage. (The seeded demo accounts keep
 * their published demo passwords in plain text: they are printed as sign-in hints anyway.)
 *
 * Format: `pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>`. Web Crypto, so the same code runs in
 * the browser (mock mode needs a secure context for its service worker anyway) and in Node.
 */
const ALGORITHM = 'pbkdf2-sha256';
/** Enough to make the point; a production server tunes this to its hardware. */
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** A new salted hash of `password` (a fresh random salt each time). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `${ALGORITHM}$${ITERATIONS}$${hex(salt)}$${hex(await derive(password, salt, ITERATIONS))}`;
}

/** Whether `password` is the one `stored` was made from; a malformed `stored` matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterations, salt, hash] = stored.split('$');
  const rounds = Number(iterations);
  if (algorithm !== ALGORITHM || !Number.isInteger(rounds) || rounds < 1 || !salt || !hash) return false;
  const expected = fromHex(hash);
  const actual = await derive(password, fromHex(salt), rounds);
  // Compare every byte, so the time taken does not tell how much of the hash matched.
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < actual.length; i++) difference |= actual[i] ^ (expected[i] ?? 0);
  return difference === 0;
}
