/**
 * Who may call what: the one role table of the console's guards and the mock server's handlers
 * (docs/decisions/003-routes-and-roles.md). The spec names no roles and leaves permissions open;
 * the console reserves Settings for store administrators, and the platform (the mock server)
 * refuses the calls behind those screens to other roles with 403 { message }.
 *
 * Operations are named "METHOD /path" exactly as the api modules' `operation:` strings and the
 * mock's fault rules name them. An operation the table does not list is open to every store role.
 */

/** Roles that exist on the platform (the spec names none). */
export const ROLES = { admin: 'STORE_ADMIN', operator: 'STORE_OPERATOR' } as const;
export type StoreRole = (typeof ROLES)[keyof typeof ROLES];
export const ALL_STORE_ROLES: readonly StoreRole[] = [ROLES.admin, ROLES.operator];

export interface Permission {
  /** The roles whose sessions may make the call. */
  roles: readonly StoreRole[];
  /** What the call does, completing "Only a store administrator may …" (the 403's message). */
  action: string;
}

const adminOnly = (action: string): Permission => ({ roles: [ROLES.admin], action });

/**
 * The calls only some roles may make: the Settings screens' (src/screens/settings/*). Settings →
 * Operators edits the signed-in operator's own profile (POST /stores/operator/profile) and lists
 * the store's accounts (GET /stores/accounts): both are every operator's (the profile page, the
 * accounts page), so they are not here. The terms are accepted only in Settings → Terms: accepting
 * binds the store, so it is an administrator's.
 */
export const RESTRICTED_OPERATIONS = {
  'POST /stores/profile/basic': adminOnly("change the store's business information"),
  'POST /stores/profile/media': adminOnly("change the store's images"),
  'POST /stores/profile/mediacover': adminOnly("change the store's cover image"),
  'POST /stores/profile/devices': adminOnly("see or change the store's devices"),
  'POST /stores/profile/devices/apikey': adminOnly("renew the store's API key"),
  'POST /stores/profile/config': adminOnly("change the store's configuration"),
  'GET /stores/profile/billing/{id}': adminOnly("see the store's billing details"),
  'POST /stores/profile/billing/{id}': adminOnly("change the store's billing details"),
  'POST /stores/profile/accept_conditions/{id}': adminOnly("accept the store's terms"),
} as const satisfies Record<string, Permission>;
export type RestrictedOperation = keyof typeof RESTRICTED_OPERATIONS;

/**
 * Secret fields of answers every role needs: the platform leaves them out for other roles instead
 * of refusing the call. GET /stores/profile/{id} feeds operators' screens (the pickups' country,
 * the store's accent, the shell's store card); its API key is a device credential.
 */
export const SECRET_FIELDS = {
  'GET /stores/profile/{id}': { fields: ['apiKey'], roles: [ROLES.admin] },
} as const satisfies Record<string, { fields: readonly string[]; roles: readonly StoreRole[] }>;

const restricted: Readonly<Record<string, Permission | undefined>> = RESTRICTED_OPERATIONS;
const secrets: Readonly<Record<string, { fields: readonly string[]; roles: readonly StoreRole[] } | undefined>> = SECRET_FIELDS;

/** The table's entry for an operation; undefined when every store role may make it. */
export function permissionOf(operation: string): Permission | undefined {
  return restricted[operation];
}

/** Whether a session acting in `role` may make `operation`. */
export function mayCall(role: string, operation: string): boolean {
  const permission = permissionOf(operation);
  return (permission ? permission.roles : ALL_STORE_ROLES).some((allowed) => allowed === role);
}

/** The roles that may make every one of `operations`: what a screen making them requires. */
export function rolesFor(operations: readonly string[]): StoreRole[] {
  return ALL_STORE_ROLES.filter((role) => operations.every((operation) => mayCall(role, operation)));
}

/** The fields of `operation`'s answer a session acting in `role` does not receive. */
export function hiddenFieldsFor(operation: string, role: string): readonly string[] {
  const secret = secrets[operation];
  return secret && !secret.roles.some((allowed) => allowed === role) ? secret.fields : [];
}

/** The operations of the Settings screens (src/screens/settings/*), tab by tab: /settings/* requires rolesFor(all of them). */
export const SETTINGS_OPERATIONS = {
  general: ['GET /stores/profile/{id}', 'POST /stores/profile/basic'],
  media: ['POST /stores/profile/media', 'POST /stores/profile/mediacover'],
  devices: ['POST /stores/profile/devices', 'GET /stores/profile/{id}', 'POST /stores/profile/devices/apikey'],
  configuration: ['GET /stores/profile/{id}', 'POST /stores/profile/config'],
  security: ['GET /stores/accounts', 'POST /stores/operator/profile'],
  billing: ['GET /stores/profile/billing/{id}', 'POST /stores/profile/billing/{id}'],
  terms: ['GET /stores/profile/{id}', 'POST /stores/profile/accept_conditions/{id}'],
} as const satisfies Record<string, readonly string[]>;

/** Who may open /settings/* (and sees the Settings group of the side navigation). */
export const SETTINGS_ROLES: readonly StoreRole[] = rolesFor(Object.values(SETTINGS_OPERATIONS).flat());
