import { HttpResponse, type JsonBodyType } from 'msw';
import { API_TIMEOUT_MS } from '../src/lib/constants';
import { createPrng } from './random';

/**
 * Runtime fault injection. Every handler of the mock backend (platform API and identity provider)
 * is wrapped by `withFaults`, so a fault set from a test, a scenario or the Demo menu reaches any
 * call without the handler knowing:
 *
 *   faults.fail('GET /stores/home', 500)            // answer 500 { message }
 *   faults.fail('DELETE /stores/offers/{id}', 'timeout')   // never answer (the client gives up at 10 s)
 *   faults.fail('*', 'offline')                      // every call fails at the network level
 *   faults.fail('PUT /stores/trucks', 'lost-response')  // the handler runs and stores, then the connection drops
 *   faults.fail('POST /stores/signin', 503, { times: 1 })  // only the next matching call
 *   faults.latency(800)                              // every answer waits 800 ms
 *   faults.latency({ minMs: 300, maxMs: 1500 })      // each answer waits a seeded random time in the range
 *   faults.latency(SLOW_BACKEND_LATENCY)             // bands by share: some calls near, some past the 10 s timeout
 *   faults.fail('*', SERVER_ERROR_STATUSES, { rate: 0.2, except: ['POST identitytoolkit/v1/{call}'] })
 *                                                    // 1 call in 5 answers 500/502/503/504 (seeded pick)
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
 *
 * Once the handlers have said which calls they serve (`serves`, called by mocks/kit.ts for every
 * handler), an operation that matches none of them is refused with the list of those that exist:
 * a typo must not leave a tester believing a fault is armed.
 *
 * 'lost-response' is a write that reaches the server while its answer does not reach the client
 * (a timeout or a connection dropped after the write): the handler runs, stores and persists,
 * then the call fails at the network level like 'offline'.
 */
export type FaultOutcome = number | readonly number[] | 'timeout' | 'offline' | 'lost-response';

/** What one failing call answers: a status (one picked from a list by the seeded generator), 'timeout', 'offline' or 'lost-response'. */
export type InjectedOutcome = number | 'timeout' | 'offline' | 'lost-response';

/** The statuses of a flaky server: `fail(op, SERVER_ERROR_STATUSES, { rate })` answers one of them, picked per call. */
export const SERVER_ERROR_STATUSES: readonly number[] = [500, 502, 503, 504];

/** How long the client waits for an answer (src/lib/constants API_TIMEOUT_MS): slow profiles are drawn around it. */
export const CLIENT_TIMEOUT_MS = API_TIMEOUT_MS;

/** Each call waits a time drawn uniformly (seeded) from [minMs, maxMs]. */
export interface LatencyRange {
  minMs: number;
  maxMs: number;
}

/** A share (0–1] of the calls waits a time in [minMs, maxMs]; a profile's shares add up to 1. */
export interface LatencyBand extends LatencyRange {
  share: number;
}

/** A fixed wait in ms, a range, or a profile of bands (each call picks a band by share, then a time in it). */
export type LatencySetting = number | LatencyRange | readonly LatencyBand[];

/**
 * slow-backend's timing: 55 % of the calls are slow but comfortable (1.5–4 s), 30 % land just under
 * the client's 10 s timeout (7–9.5 s) and 15 % past it (10.5–12 s), where the client has given up.
 */
export const SLOW_BACKEND_LATENCY: readonly LatencyBand[] = [
  { share: 0.55, minMs: 1500, maxMs: 4000 },
  { share: 0.3, minMs: 7000, maxMs: 9500 },
  { share: 0.15, minMs: CLIENT_TIMEOUT_MS + 500, maxMs: CLIENT_TIMEOUT_MS + 2000 },
];

export interface FailOptions {
  /** Fail only the next `times` matching calls, then recover (default: until cleared). */
  times?: number;
  /** Fail each matching call with this probability (0–1], from a seeded generator so runs repeat. */
  rate?: number;
  /** Operations the rule leaves alone, written like `operation` (e.g. '*' but the identity provider). */
  except?: readonly string[];
}

export interface FailureRule {
  operation: string;
  outcome: FaultOutcome;
  /** Calls left to fail when the rule was set with `times`. */
  remaining?: number;
  rate?: number;
  except?: readonly string[];
}

/** The rule a call met, with the one outcome it answers. */
export interface InjectedFault {
  operation: string;
  outcome: InjectedOutcome;
}

export interface ActiveFaults {
  /** A fixed latency in ms; for a range or a profile, its longest wait. 0: none. */
  latencyMs: number;
  /** Present only when the wait varies per call: the bands each call draws from (a range is one band of share 1). */
  latencyBands?: LatencyBand[];
  failures: FailureRule[];
}

/** How many faults are active: each failure rule, and a latency if any (the Demo menu's count). */
export const activeFaultCount = (faults: ActiveFaults) => faults.failures.length + (faults.latencyMs > 0 ? 1 : 0);

/** A scenario's fault profile, applied when the scenario starts or is reset. */
export interface FaultProfile {
  /** A fixed latency (kept for older profiles; `latency` wins when both are set). */
  latencyMs?: number;
  latency?: LatencySetting;
  failures?: Array<{ operation: string; outcome: FaultOutcome } & FailOptions>;
}

export interface Faults {
  fail(operation: string, outcome: FaultOutcome, options?: FailOptions): void;
  /** Sets the latency of every answer: fixed ms, a range or a profile of bands (0 removes it). */
  latency(setting: LatencySetting): void;
  /** The wait of the next call in ms, drawn from the latency (seeded; 0 when none). */
  nextLatencyMs(): number;
  /** Without an operation: removes every failure and the latency. With one: only that failure. */
  clearFaults(operation?: string): void;
  activeFaults(): ActiveFaults;
  applyProfile(profile: FaultProfile | undefined): void;
  /**
   * The rule to apply to this call, if any (consumes one of its `times`). `operation` is the
   * operation the handler serves ("GET /stores/trucks/{id}"), given where a path shape is shared.
   */
  match(method: string, path: string, operation?: string): InjectedFault | undefined;
  /**
   * Records a call a handler serves, named as faults name it ("PUT /stores/trucks", "POST
   * identitytoolkit/v1/accounts:lookup"; `:param` segments are placeholders). Once any is known,
   * `fail` refuses operations (and `except` entries) that match none.
   */
  serves(method: string, path: string): void;
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
  if (outcome === 'timeout' || outcome === 'offline' || outcome === 'lost-response') return;
  const statuses: readonly number[] = typeof outcome === 'number' ? [outcome] : outcome;
  if (statuses.length === 0 || statuses.some((status) => !Number.isInteger(status) || status < 400 || status > 599)) {
    throw new Error(`A fault outcome is an HTTP error status (400–599), a non-empty list of them, 'timeout', 'offline' or 'lost-response'; got ${String(outcome)}`);
  }
}

/** A latency setting as bands (share, range), checked; an empty list means no latency. */
function bandsOf(setting: LatencySetting): LatencyBand[] {
  const bands: LatencyBand[] =
    typeof setting === 'number'
      ? setting === 0
        ? []
        : [{ share: 1, minMs: setting, maxMs: setting }]
      : 'minMs' in setting
        ? [{ share: 1, minMs: setting.minMs, maxMs: setting.maxMs }]
        : setting.map((band) => ({ ...band }));
  for (const { share, minMs, maxMs } of bands) {
    if (!(Number.isFinite(minMs) && Number.isFinite(maxMs) && minMs >= 0 && maxMs >= minMs)) {
      throw new Error(`latency must be a number of milliseconds ≥ 0 or a range with 0 ≤ minMs ≤ maxMs; got ${JSON.stringify(setting)}`);
    }
    if (!(share > 0 && share <= 1)) throw new Error(`a latency band's share must be in (0, 1]; got ${share}`);
  }
  const total = bands.reduce((sum, band) => sum + band.share, 0);
  if (bands.length > 0 && Math.abs(total - 1) > 1e-9) throw new Error(`latency bands' shares must add up to 1; got ${total}`);
  return bands;
}

/** A call a handler serves, as faults name it; `:param` segments become `{param}` placeholders. */
function servedOperation(method: string, path: string): ParsedOperation & { text: string } {
  const segments = splitPath(path).map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment));
  const upper = method.toUpperCase();
  return { method: upper, segments, text: `${upper} ${path.startsWith('/') ? '/' : ''}${segments.join('/')}` };
}

/** A rule's operation could meet this served call: same method (or '*'), and every segment equal or a placeholder on either side. */
function couldMatch(rule: ParsedOperation, served: ParsedOperation): boolean {
  if (rule.method === '*' && rule.segments.length === 0) return true;
  if (rule.method !== '*' && rule.method !== served.method) return false;
  return rule.segments.length === served.segments.length && rule.segments.every((s, i) => isWildcard(s) || isWildcard(served.segments[i]) || s === served.segments[i]);
}

const FAILURE_SEED = 0x5eed;
const LATENCY_SEED = 0x1a7e;

export function createFaults(): Faults {
  interface Rule extends FailureRule {
    parsed: ParsedOperation;
    key: string;
    exceptParsed?: ParsedOperation[];
  }
  let rules: Rule[] = [];
  let bands: LatencyBand[] = [];
  const servedCalls = new Map<string, ParsedOperation & { text: string }>();
  const requireServed = (operation: string, parsed: ParsedOperation) => {
    if (servedCalls.size === 0 || [...servedCalls.values()].some((call) => couldMatch(parsed, call))) return;
    const known = [...servedCalls.values()]
      .sort((a, b) => a.segments.join('/').localeCompare(b.segments.join('/')) || a.method.localeCompare(b.method))
      .map((call) => call.text);
    throw new Error(`No call matches "${operation.trim()}". The calls that exist: ${known.join(', ')} (or '*' for any)`);
  };
  // Seeded so that a test using `rate` fails the same calls on every run (and a scenario's reset
  // replays the same sequence); latency draws have their own generator so they never shift failures.
  let prng = createPrng(FAILURE_SEED);
  let latencyPrng = createPrng(LATENCY_SEED);
  const isFixed = () => bands.length === 1 && bands[0].minMs === bands[0].maxMs;

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
      requireServed(operation, parsed);
      const key = ruleKey(parsed);
      const except = options.except?.map((e) => ({ text: e.trim(), parsed: parseOperation(e) }));
      for (const e of except ?? []) requireServed(e.text, e.parsed);
      const rule: Rule = {
        operation: operation.trim(),
        outcome: typeof outcome === 'object' ? [...outcome] : outcome,
        parsed,
        key,
        remaining: options.times,
        rate: options.rate,
        ...(except && except.length > 0 ? { except: except.map((e) => e.text), exceptParsed: except.map((e) => e.parsed) } : {}),
      };
      const existing = rules.findIndex((r) => r.key === key);
      if (existing >= 0) rules[existing] = rule;
      else rules.push(rule);
    },
    latency(setting) {
      bands = bandsOf(setting);
    },
    nextLatencyMs() {
      if (bands.length === 0) return 0;
      if (isFixed()) return bands[0].minMs;
      const band = bands.length === 1 ? bands[0] : latencyPrng.weighted(bands.map((b) => [b, b.share] as const));
      return Math.round(band.minMs + latencyPrng.next() * (band.maxMs - band.minMs));
    },
    clearFaults(operation) {
      if (operation === undefined) {
        rules = [];
        bands = [];
        return;
      }
      const key = ruleKey(parseOperation(operation));
      rules = rules.filter((r) => r.key !== key);
    },
    activeFaults() {
      return {
        latencyMs: bands.reduce((longest, band) => Math.max(longest, band.maxMs), 0),
        ...(bands.length > 0 && !isFixed() ? { latencyBands: bands.map((band) => ({ ...band })) } : {}),
        failures: rules.map(({ operation, outcome, remaining, rate, except }) => ({
          operation,
          outcome: typeof outcome === 'object' ? [...outcome] : outcome,
          ...(remaining !== undefined ? { remaining } : {}),
          ...(rate !== undefined ? { rate } : {}),
          ...(except !== undefined ? { except: [...except] } : {}),
        })),
      };
    },
    applyProfile(profile) {
      faults.clearFaults();
      prng = createPrng(FAILURE_SEED);
      latencyPrng = createPrng(LATENCY_SEED);
      if (!profile) return;
      const latency = profile.latency ?? profile.latencyMs;
      if (latency !== undefined) faults.latency(latency);
      for (const { operation, outcome, ...options } of profile.failures ?? []) faults.fail(operation, outcome, options);
    },
    match(method, path, operation) {
      const segments = splitPath(path);
      const served = operation === undefined ? undefined : ruleKey(parseOperation(operation));
      // A rule naming one operation of a shared shape matches only the calls its handler says are that one.
      const names = (r: Rule) => !sharedKeys.has(r.key) || served === undefined || served === r.key;
      // A rule naming an operation wins over the catch-all '*'.
      const ordered = [...rules.filter((r) => r.key !== '* /'), ...rules.filter((r) => r.key === '* /')];
      const spared = (r: Rule) => (r.exceptParsed ?? []).some((e) => matches(e, method, segments));
      const rule = ordered.find((r) => matches(r.parsed, method, segments) && names(r) && !spared(r));
      if (!rule) return undefined;
      if (rule.rate !== undefined && prng.next() >= rule.rate) return undefined;
      if (rule.remaining !== undefined) {
        rule.remaining -= 1;
        if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
      }
      const outcome = typeof rule.outcome === 'object' ? prng.pick(rule.outcome) : rule.outcome;
      return { operation: rule.operation, outcome };
    },
    serves(method, path) {
      const call = servedOperation(method, path);
      servedCalls.set(call.text, call);
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
    const { request } = info;
    const waitMs = faults.nextLatencyMs();
    if (waitMs > 0) {
      // A wait past the client's timeout ends when the client gives up (nobody reads the answer).
      const aborted = await delayUnlessAborted(waitMs, request.signal);
      if (aborted) return HttpResponse.error();
    }
    const url = new URL(request.url);
    const rule = faults.match(request.method, target.pathOf(url), target.operationOf?.(url));
    if (!rule) return resolver(info);
    if (rule.outcome === 'offline') return HttpResponse.error();
    if (rule.outcome === 'lost-response') {
      // The write happens (stored and persisted); only the answer is lost on the way. A refusal's
      // answer is lost the same way: the client cannot tell either.
      await Promise.resolve()
        .then(() => resolver(info))
        .catch((error: unknown) => {
          if (!(error instanceof Response)) throw error;
        });
      return HttpResponse.error();
    }
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

/** Waits `ms`; resolves true early when the request is aborted meanwhile. */
function delayUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
