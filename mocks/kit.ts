import { http, HttpResponse, type HttpHandler } from 'msw';
import { hiddenFieldsFor, permissionOf, ROLES, SECRET_FIELDS } from '../src/api/permissions';
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

  /**
   * The role table (src/api/permissions.ts) for one platform route: a session whose operator acts
   * in a role the operation is not open to is answered 403 { message } before the resolver runs;
   * an answer with secret fields leaves them out for roles that may not read them. The role is
   * the one the session was granted: the operator's acting role, if their roles list holds it.
   */
  const enforcingRoles = (operation: string, resolver: Resolver): Resolver => {
    const permission = permissionOf(operation);
    return async (info) => {
      if (!permission && !(operation in SECRET_FIELDS)) return resolver(info);
      const { operator } = requireSession(ctx, info.request);
      const role = operator.rolesList.roles.includes(operator.role) ? operator.role : '';
      if (permission && !permission.roles.some((allowed) => allowed === role)) {
        const who = permission.roles.length === 1 && permission.roles[0] === ROLES.admin ? 'a store administrator' : permission.roles.join(' or ');
        throw forbidden(`Only ${who} may ${permission.action}.`);
      }
      const response = await resolver(info);
      const hidden = hiddenFieldsFor(operation, role);
      if (hidden.length === 0 || !response.ok || !response.headers.get('Content-Type')?.includes('json')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      for (const field of hidden) delete body[field];
      return HttpResponse.json(body, { status: response.status, headers: response.headers });
    };
  };

  const persisting =
    (method: Method, resolver: Resolver): Resolver =>
    async (info) => {
      const response = await resolver(info);
      // Every successful change is written at once (a crash or a closed tab loses nothing).
      if (method !== 'get' && response.ok) ctx.persist();
      return response;
    };

  const external = (method: Method, url: string, target: FaultTarget, resolver: Resolver) => {
    // Faults learn the calls that exist, named as they name them (a '\\:' is MSW's escaped colon).
    ctx.faults.serves(method, target.pathOf(new URL(url.replaceAll('\\', ''))));
    return http[method](url, withFaults<RequestInfo>(ctx.faults, target, persisting(method, resolver)));
  };

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
      // The operation as the role table names it: ':id' path parameters written '{id}'.
      const operation = `${method.toUpperCase()} ${path.replaceAll(/:([A-Za-z]+)/g, '{$1}')}`;
      return external(method, `${base.origin}${basePath}${path}`, target, enforcingRoles(operation, resolver));
    },
    external,
    withSession,
    withStore,
  };
}
