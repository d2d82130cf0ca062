import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import type * as z from 'zod';
import { API_TIMEOUT_MS } from '../lib/constants';
import { ApiError } from './errors';

/**
 * The session side of the http client. The api layer cannot import machines (imports flow
 * screens → machines → api → lib), so the session machine plugs itself in at boot.
 */
export interface HttpSession {
  /** A token valid for the next call; refreshes first when the session is stale. */
  accessToken(): Promise<string | undefined>;
  /** The server refused `token` (401): refresh once (shared by concurrent callers) and return the new token. */
  tokenRejected(token: string): Promise<string>;
  /** The server refused the refreshed token too: the session is over. */
  sessionExpired(): void;
}

interface HttpConfig {
  baseURL: string;
  session?: HttpSession;
  /**
   * Calls leave once this resolves. In mock mode a page can render before the mock backend has
   * started: its first call starts it and waits, rather than reach a network that does not exist.
   */
  backendReady?: () => Promise<void>;
}

let config: HttpConfig | undefined;

export function configureHttp(next: HttpConfig): void {
  config = next;
}

export function apiBaseUrl(): string {
  if (!config) throw new Error('configureHttp() must run before the first call');
  return config.baseURL;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  /** The request body, already validated by the resource module. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** 'blob' for file downloads (the schema then checks for a Blob); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Parses (and decodes) the response; a mismatch is an 'unexpected-response' error. */
  schema: z.ZodType<T>;
  /** Store calls carry the session token (default). The sign-in exchange does not. */
  auth?: boolean;
  /**
   * This token instead of the session's, with no refresh and no retry on a 401: the logout call,
   * made after the console has dropped the session (its token is gone from the session).
   */
  token?: string;
  /** "METHOD /path/{param}" as in spec section 7, for error reports and fault matching. */
  operation: string;
  /**
   * Another service's base URL (directions, geocoding) instead of the platform's. Such a call
   * never carries the platform token, whatever `auth` says: the token is for the platform alone.
   */
  baseURL?: string;
  /** Aborts the request, e.g. when the machine that asked no longer needs the answer. */
  signal?: AbortSignal;
}

// One instance, no silent retries: retrying is the machines' decision (a retry here would hide
// the faults a scenario injects).
const client = ofetch.create({ retry: 0, timeout: API_TIMEOUT_MS });

export async function http<T>(path: string, options: RequestOptions<T>): Promise<T> {
  // A third-party call: no token, no session refresh, only the shared client's rules.
  if (options.baseURL !== undefined) return send(path, options, undefined);
  if (!config) throw new Error('configureHttp() must run before the first call');
  if (options.token !== undefined) return send(path, options, options.token);
  const { session } = config;
  const auth = options.auth ?? true;
  const token = auth ? await session?.accessToken() : undefined;
  try {
    return await send(path, options, token);
  } catch (error) {
    if (!(auth && session && token && error instanceof ApiError && error.status === 401)) throw error;
    const refreshed = await session.tokenRejected(token);
    try {
      return await send(path, options, refreshed);
    } catch (retryError) {
      if (retryError instanceof ApiError && retryError.status === 401) session.sessionExpired();
      throw retryError;
    }
  }
}

async function send<T>(path: string, options: RequestOptions<T>, token: string | undefined): Promise<T> {
  const fetchOptions: FetchOptions<'json' | 'blob'> = {
    baseURL: options.baseURL ?? config!.baseURL,
    responseType: options.responseType ?? 'json',
    method: options.method ?? 'GET',
    query: options.query,
    headers: token ? { 'X-Access-Token': token } : undefined,
    signal: options.signal,
  };
  if (options.body !== undefined) fetchOptions.body = options.body as FetchOptions['body'];
  let raw: unknown;
  try {
    await config?.backendReady?.();
    raw = await client(path, fetchOptions);
  } catch (error) {
    throw normalise(error, options.operation);
  }
  const parsed = options.schema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'unexpected-response',
      operation: options.operation,
      message: `Unexpected response from ${options.operation}: ${parsed.error.issues[0]?.path.join('.') || 'body'} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    });
  }
  return parsed.data;
}

export function normalise(error: unknown, operation: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? error.status;
    if (status !== undefined) {
      return new ApiError({ kind: 'http', status, operation, message: serverMessage(error.data) ?? `${operation} failed with HTTP ${status}` });
    }
    const cause = error.cause as { name?: string } | undefined;
    if (cause?.name === 'TimeoutError') {
      return new ApiError({ kind: 'timeout', operation, message: `${operation} timed out after ${API_TIMEOUT_MS} ms` });
    }
    return new ApiError({ kind: 'network', operation, message: `${operation} could not reach the server` });
  }
  return new ApiError({ kind: 'network', operation, message: error instanceof Error ? error.message : String(error) });
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return undefined;
}
