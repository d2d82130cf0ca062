import * as z from 'zod';

/**
 * The server speaks unix seconds; the client works in milliseconds. `secondsToMillis` wraps a
 * wire schema (what the server and the mock db hold) in a codec that converts the named fields
 * at the boundary: `z.decode(codec, wire)` → client shape, `z.encode(codec, client)` → wire.
 */
type NumberKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends number ? K : never }[keyof T];

function mapFields<T extends Record<string, unknown>>(value: T, fields: readonly PropertyKey[], fn: (n: number) => number): T {
  const copy: Record<string, unknown> = { ...value };
  for (const field of fields) {
    const current = copy[field as string];
    if (typeof current === 'number') copy[field as string] = fn(current);
  }
  return copy as T;
}

export const toMillis = (seconds: number) => seconds * 1000;
export const toSeconds = (millis: number) => Math.round(millis / 1000);

/**
 * `client` checks the client shape when it differs from the wire's checks (a date range in
 * seconds on the wire is the same range in milliseconds on the client); by default the wire schema.
 */
export function secondsToMillis<S extends z.ZodObject>(wire: S, fields: readonly NumberKeys<z.infer<S>>[], client?: z.ZodObject) {
  // The client schema has the wire's fields (only their checks differ): typed as the wire's.
  return z.codec(wire, (client ?? wire) as S, {
    decode: (value) => mapFields(value as Record<string, unknown>, fields, toMillis) as never,
    encode: (value) => mapFields(value as Record<string, unknown>, fields, toSeconds) as never,
  });
}

/** The platform's paged-list envelope. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    limit: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  });
}
export interface PagedList<T> {
  data: T[];
  limit: number;
  offset: number;
  total: number;
}
export const PagingParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PagingParams = z.infer<typeof PagingParamsSchema>;
