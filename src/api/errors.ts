/**
 * Every failure of a call to the platform ends up as one ApiError, so machines decide on
 * `kind` and `status` instead of on ofetch internals.
 */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'unexpected-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, only for kind 'http'. */
  readonly status?: number;
  /** "METHOD /path" as written in spec section 7, for logs and fault matching. */
  readonly operation: string;

  constructor(init: { kind: ApiErrorKind; message: string; operation: string; status?: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.operation = init.operation;
  }

  /** A plain, serialisable description (no stack, no token). */
  toJSON() {
    return { kind: this.kind, status: this.status, operation: this.operation, message: this.message };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 401;
}

/** The platform refused the call to the session's role (403: src/api/permissions.ts). Retrying will not help. */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 403;
}

/**
 * The platform does not have the call: 404 (no such path) or 405 (the path takes no such method).
 * Only for calls spec section 7 does not name (the logout path, saving billing, the push topic
 * subscription): there the console degrades instead of reporting a failure. A named call's 404
 * keeps its own meaning (GET /stores/profile/billing/{id}: no billing details yet).
 */
export function isCallMissing(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 405);
}
