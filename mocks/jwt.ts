/**
 * Unsigned JWTs ({"alg":"none"}) for the mocked identity provider. The Firebase SDK only decodes
 * the payload (for exp/iat) and never checks a signature, so an unsigned token drives the real
 * SDK; our own handlers decode the same token to find the operator.
 */
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeUnsignedJwt(payload: object): string {
  return `${toBase64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${toBase64Url(JSON.stringify(payload))}.`;
}

/** The payload of a token we issued, or undefined when it is not one (malformed, signed, not JSON). */
export function decodeUnsignedJwt(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header: unknown = JSON.parse(fromBase64Url(parts[0]));
    if (!isRecord(header) || header.alg !== 'none') return undefined;
    const payload: unknown = JSON.parse(fromBase64Url(parts[1]));
    return isRecord(payload) ? payload : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
