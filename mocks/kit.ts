import { http, type HttpHandler } from 'msw';
import type { MockContext, RequestInfo, Resolver } from './context';
import type { OperatorRecord, SessionRecord, StoreRecord } from './db';
import { withFaults, type FaultTarget } from './faults';
import { forbidden, idParam } from './respond';
import { requireCurrentStore, requireSession } from './sessions';

/**
 * The shared behaviour of every handler, as wrappers around resolvers (never copied into a
 * handler): fault injection and persistence (`route`), a live session (`withSession`) and the
 * operator's current store (`withStore`). Handler modules receive one Kit from createHandlers.
 */
export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface SessionExtras {
  session: SessionRecord;
  operator: OperatorRecord;
}
export interface StoreExtras extends SessionExtras {
  store: StoreRecord;
}

export interface StoreOptions {
  /** A path parameter naming a store id: another store's id is answered 403. */
  storeParam?: string;
}

export interface RouteOptions {
  /**
   * For a path shared by several operations of spec section 7 (mocks/faults.ts
   * SHARED_SHAPE_OPERATIONS): which one a call is, from its path under the API base, so a fault
   * can name exactly one of them.
   */
  operationOf?(path: string): string;
}

export interface Kit {
  ctx: MockContext;
  /** Absolute URL of a platform API path, e.g. api('/stores/home'). */
  api(path: string): string;
  /** A platform API handler: faults, then the resolver, then persistence of a successful change. */
  route(method: Method, path: string, resolver: Resolver, options?: RouteOptions): HttpHandler;
  /** A handler for another service (the identity provider), with its own fault naming. */
  external(method: Method, url: string, target: FaultTarget, resolver: Resolver): HttpHandler;
  withSession(resolver: Resolver<SessionExtras>): Resolver;
  withStore(resolver: Resolver<StoreExtras>, options?: StoreOptions): Resolver;
}

export function createKit(ctx: MockContext): Kit {
  const base = new URL(ctx.apiBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const apiTarget: FaultTarget = {
    // Faults name API calls by their path under the base, as spec section 7 writes them.
    pathOf: (url) => url.pathname.slice(basePath.length),
  };

  const persisting =
    (method: Method, resolver: Resolver): Resolver =>
    async (info) => {
      const response = await resolver(info);
      // Every successful change is written at once (a crash or a closed tab loses nothing).
      if (method !== 'get' && response.ok) ctx.persist();
      return response;
    };

  const external = (method: Method, url: string, target: FaultTarget, resolver: Resolver) =>
    http[method](url, withFaults<RequestInfo>(ctx.faults, target, persisting(method, resolver)));

  const withSession =
    (resolver: Resolver<SessionExtras>): Resolver =>
    (info) =>
      resolver({ ...info, ...requireSession(ctx, info.request) });

  const withStore = (resolver: Resolver<StoreExtras>, options: StoreOptions = {}): Resolver =>
    withSession((info) => {
      const store = requireCurrentStore(ctx, info.operator);
      if (options.storeParam !== undefined) {
        const requested = idParam(info.params[options.storeParam], 'Store');
        if (requested !== store.id) throw forbidden(`Store ${requested} is not the operator's current store`);
      }
      return resolver({ ...info, store });
    });

  return {
    ctx,
    api: (path) => `${base.origin}${basePath}${path}`,
    route: (method, path, resolver, options = {}) => {
      const { operationOf } = options;
      const target: FaultTarget = operationOf ? { ...apiTarget, operationOf: (url) => operationOf(apiTarget.pathOf(url)) } : apiTarget;
      return external(method, `${base.origin}${basePath}${path}`, target, resolver);
    },
    external,
    withSession,
    withStore,
  };
}
