import { HttpResponse } from 'msw';
import type * as z from 'zod';
import type { PagedList, PagingParams } from '../src/api/codecs';

/**
 * Answers of a strict server. Guards and validators *throw* their error Response (MSW answers a
 * thrown Response as is), so a handler reads top to bottom without `if (!ok) return` ladders.
 */
export function problem(status: number, message: string): Response {
  return HttpResponse.json({ message }, { status });
}

export const badRequest = (message: string) => problem(400, message);
export const unauthorized = (message: string) => problem(401, message);
export const forbidden = (message: string) => problem(403, message);
export const notFound = (message: string) => problem(404, message);

/** The first zod issue as one readable line: "idToken: Invalid input: expected string, received undefined". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Parses `value` with the api layer's own schema; an invalid value is answered 400 { message }. */
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

/** `application/json`, optionally with parameters (`; charset=utf-8`), in any case. */
export function isJsonContentType(contentType: string | null): boolean {
  return /^application\/json\s*(;|$)/i.test((contentType ?? '').trim());
}

/**
 * The JSON body of a request; a missing or malformed body is answered 400, a body declared as
 * anything but `application/json` (text/plain, a form, no type at all) 415: a strict server
 * reads a body as what it says it is.
 */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw badRequest('The request needs a JSON body');
  if (!isJsonContentType(request.headers.get('Content-Type'))) throw problem(415, 'The request body must be sent as Content-Type: application/json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
}

/** Query parameters as a plain object (for validation with a zod schema that coerces). */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** The platform's paged-list envelope over an already filtered and sorted list. */
export function paged<T>(items: readonly T[], { limit, offset }: PagingParams): PagedList<T> {
  return { data: items.slice(offset, offset + limit), limit, offset, total: items.length };
}

/**
 * A decimal id as the platform writes it: digits without a sign, leading zeros, fraction,
 * exponent or hex prefix (`Number()` would read "0x1389", "+5001", "5001.0" and " 5001" all as
 * 5001), within the safe integers.
 */
export function decimalId(raw: string): number | undefined {
  if (!/^[1-9][0-9]*$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A path parameter as the numeric id the platform uses (decimalId); anything else is answered 404. */
export function idParam(value: string | readonly string[] | undefined, what: string): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const id = raw === undefined ? undefined : decimalId(raw);
  if (id === undefined) throw notFound(`${what} ${String(raw)} not found`);
  return id;
}
