import { HttpResponse, delay, type JsonBodyType } from 'msw';
import { createPrng } from './random';

/**
 * Runtime fault injection. Every handler of the mock backend (platform API and identity provider)
 * is wrapped by `withFaults`, so a fault set from a test, a scenario or the Demo menu reaches any
 * call without the handler knowing:
 *
 *   faults.fail('GET /stores/home', 500)            // answer 500 { message }
 *   faults.fail('DELETE /stores/offers/{id}', 'timeout')   // never answer (the client gives up at 10 s)
 *   faults.fail('*', 'offline')                      // every call fails at the network level
 *   faults.fail('POST /stores/signin', 503, { times: 1 })  // only the next matching call
 *   faults.latency(800)                              // every answer waits 800 ms
 *
 * Operations are written as in spec section 7: "METHOD path", `{x}` matching one path segment,
 * the path relative to the API base (a leading slash is optional: 'POST users/login'). Identity
 * provider calls are named by host and path, e.g. 'POST identitytoolkit/v1/accounts:signInWithPassword'
 * or 'POST securetoken/v1/token'.
 *
 * Two operations of spec section 7 share one path shape: GET /stores/trucks/{id} and
 * GET /stores/trucks/{status} (SHARED_SHAPE_OPERATIONS). Written with the spec's placeholder, a
 * rule names only one of them: their handler says which one each call is (FaultTarget.operationOf).
 * Any other placeholder there ('{x}', '*') matches both.
 */
export type FaultOutcome = number | 'timeout' | 'offline';

export interface FailOptions {
  /** Fail only the next `times` matching calls, then recover (default: until cleared). */
  times?: number;
  /** Fail each matching call with this probability (0–1], from a seeded generator so runs repeat. */
  rate?: number;
}

export interface FailureRule {
  operation: string;
  outcome: FaultOutcome;
  /** Calls left to fail when the rule was set with `times`. */
  remaining?: number;
  rate?: number;
}

export interface ActiveFaults {
  latencyMs: number;
  failures: FailureRule[];
}

/** A scenario's fault profile, applied when the scenario starts or is reset. */
export interface FaultProfile {
  latencyMs?: number;
  failures?: Array<{ operation: string; outcome: FaultOutcome } & FailOptions>;
}

export interface Faults {
  fail(operation: string, outcome: FaultOutcome, options?: FailOptions): void;
  latency(ms: number): void;
  /** Without an operation: removes every failure and the latency. With one: only that failure. */
  clearFaults(operation?: string): void;
  activeFaults(): ActiveFaults;
  applyProfile(profile: FaultProfile | undefined): void;
  /**
   * The rule to apply to this call, if any (consumes one of its `times`). `operation` is the
   * operation the handler serves ("GET /stores/trucks/{id}"), given where a path shape is shared.
   */
  match(method: string, path: string, operation?: string): FailureRule | undefined;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*']);

interface ParsedOperation {
  method: string;
  segments: string[];
}

function splitPath(path: string): string[] {
  return path.split('?')[0].split('/').filter((segment) => segment.length > 0);
}

function parseOperation(operation: string): ParsedOperation {
  const trimmed = operation.trim();
  if (trimmed === '*') return { method: '*', segments: [] };
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (!match || !METHODS.has(match[1].toUpperCase())) {
    throw new Error(`Fault operation must read "METHOD path" (e.g. "GET /stores/home") or "*"; got "${operation}"`);
  }
  return { method: match[1].toUpperCase(), segments: splitPath(match[2]) };
}

const isWildcard = (segment: string) => segment === '*' || /^\{[^/]+\}$/.test(segment);

function matches(rule: ParsedOperation, method: string, segments: string[]): boolean {
  if (rule.method === '*' && rule.segments.length === 0) return true;
  if (rule.method !== '*' && rule.method !== method.toUpperCase()) return false;
  return rule.segments.length === segments.length && rule.segments.every((s, i) => isWildcard(s) || s === segments[i]);
}

/**
 * Operations whose path shapes are the same, told apart by what the segment holds (a numeric id
 * or a status name). Only their handler can tell which one a call is, so it says (operationOf).
 */
export const SHARED_SHAPE_OPERATIONS: readonly string[] = ['GET /stores/trucks/{id}', 'GET /stores/trucks/{status}'];

const namedKey = (parsed: ParsedOperation) => `${parsed.method} /${parsed.segments.join('/')}`;
const sharedKeys = new Set(SHARED_SHAPE_OPERATIONS.map((operation) => namedKey(parseOperation(operation))));

/**
 * The same operation written two ways ('POST users/login', 'post /users/login/', '{id}' or
 * '{offerId}') is one rule; the operations of a shared shape keep their placeholder's name.
 */
function ruleKey(parsed: ParsedOperation): string {
  const named = namedKey(parsed);
  return sharedKeys.has(named) ? named : `${parsed.method} /${parsed.segments.map((s) => (isWildcard(s) ? '*' : s)).join('/')}`;
}

function validateOutcome(outcome: FaultOutcome): void {
  if (outcome === 'timeout' || outcome === 'offline') return;
  if (!Number.isInteger(outcome) || outcome < 400 || outcome > 599) {
    throw new Error(`A fault outcome is an HTTP error status (400–599), 'timeout' or 'offline'; got ${String(outcome)}`);
  }
}

export function createFaults(): Faults {
  interface Rule extends FailureRule {
    parsed: ParsedOperation;
    key: string;
  }
  let rules: Rule[] = [];
  let latencyMs = 0;
  // Seeded so that a test using `rate` fails the same calls on every run.
  const prng = createPrng(0x5eed);

  const faults: Faults = {
    fail(operation, outcome, options = {}) {
      validateOutcome(outcome);
      if (options.times !== undefined && !(Number.isInteger(options.times) && options.times > 0)) {
        throw new Error(`times must be a positive integer; got ${options.times}`);
      }
      if (options.rate !== undefined && !(options.rate > 0 && options.rate <= 1)) {
        throw new Error(`rate must be in (0, 1]; got ${options.rate}`);
      }
      const parsed = parseOperation(operation);
      const key = ruleKey(parsed);
      const rule: Rule = { operation: operation.trim(), outcome, parsed, key, remaining: options.times, rate: options.rate };
      const existing = rules.findIndex((r) => r.key === key);
      if (existing >= 0) rules[existing] = rule;
      else rules.push(rule);
    },
    latency(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) throw new Error(`latency must be a number of milliseconds ≥ 0; got ${ms}`);
      latencyMs = ms;
    },
    clearFaults(operation) {
      if (operation === undefined) {
        rules = [];
        latencyMs = 0;
        return;
      }
      const key = ruleKey(parseOperation(operation));
      rules = rules.filter((r) => r.key !== key);
    },
    activeFaults() {
      return {
        latencyMs,
        failures: rules.map(({ operation, outcome, remaining, rate }) => ({
          operation,
          outcome,
          ...(remaining !== undefined ? { remaining } : {}),
          ...(rate !== undefined ? { rate } : {}),
        })),
      };
    },
    applyProfile(profile) {
      faults.clearFaults();
      if (!profile) return;
      if (profile.latencyMs) faults.latency(profile.latencyMs);
      for (const { operation, outcome, ...options } of profile.failures ?? []) faults.fail(operation, outcome, options);
    },
    match(method, path, operation) {
      const segments = splitPath(path);
      const served = operation === undefined ? undefined : ruleKey(parseOperation(operation));
      // A rule naming one operation of a shared shape matches only the calls its handler says are that one.
      const names = (r: Rule) => !sharedKeys.has(r.key) || served === undefined || served === r.key;
      // A rule naming an operation wins over the catch-all '*'.
      const ordered = [...rules.filter((r) => r.key !== '* /'), ...rules.filter((r) => r.key === '* /')];
      const rule = ordered.find((r) => matches(r.parsed, method, segments) && names(r));
      if (!rule) return undefined;
      if (rule.rate !== undefined && prng.next() >= rule.rate) return undefined;
      if (rule.remaining !== undefined) {
        rule.remaining -= 1;
        if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
      }
      return { operation: rule.operation, outcome: rule.outcome };
    },
  };
  return faults;
}

/** How one service (the platform API, the identity provider) names its calls and its errors. */
export interface FaultTarget {
  /** The path used for matching, e.g. '/stores/home' or 'identitytoolkit/v1/accounts:lookup'. */
  pathOf(url: URL): string;
  /** The error body this service answers with (default `{ message }`). */
  errorBody?(status: number, message: string): JsonBodyType;
  /** The operation a call is, for a handler serving operations of one shared path shape. */
  operationOf?(url: URL): string;
}

type Resolver<Info extends { request: Request }> = (info: Info) => Response | Promise<Response>;

/**
 * The one wrapper every handler goes through: waits the configured latency, then answers with an
 * injected fault when one matches, otherwise runs the real resolver.
 */
export function withFaults<Info extends { request: Request }>(faults: Faults, target: FaultTarget, resolver: Resolver<Info>): Resolver<Info> {
  return async (info) => {
    const { latencyMs } = faults.activeFaults();
    if (latencyMs > 0) await delay(latencyMs);
    const { request } = info;
    const url = new URL(request.url);
    const rule = faults.match(request.method, target.pathOf(url), target.operationOf?.(url));
    if (!rule) return resolver(info);
    if (rule.outcome === 'offline') return HttpResponse.error();
    if (rule.outcome === 'timeout') {
      // Never answer. When the client gives up (its 10 s timeout aborts the request) the resolver
      // ends too, instead of holding a pending promise for the rest of the session.
      await untilAborted(request.signal);
      return HttpResponse.error();
    }
    const message = `Injected fault: ${rule.operation} answers ${rule.outcome}`;
    const body = target.errorBody ? target.errorBody(rule.outcome, message) : { message };
    return HttpResponse.json(body, { status: rule.outcome });
  };
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
