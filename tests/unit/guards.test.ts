import { describe, expect, it } from 'vitest';
import { ALL_STORE_ROLES, RESTRICTED_OPERATIONS, ROLES, rolesFor, SETTINGS_OPERATIONS, SETTINGS_ROLES } from '../../src/api/permissions';
import { decideAccess } from '../../src/app/guards';
import { navigation, navigationFor } from '../../src/app/shell/navigation';
import { SETTINGS_TABS } from '../../src/screens/settings/settings-tabs';

const targets = (role: string) => navigationFor(role).flatMap((group) => group.entries.map((entry) => entry.to));

describe('route guards', () => {
  it('wait while the session settles', () => {
    expect(decideAccess({ sessionSettling: true, role: null }, undefined)).toBe('wait');
  });

  it('send a signed-out visitor and a guest to sign in', () => {
    expect(decideAccess({ sessionSettling: false, role: null }, undefined)).toBe('sign-in');
    expect(decideAccess({ sessionSettling: false, role: 'GUEST' }, [ROLES.admin])).toBe('sign-in');
  });

  it('send a signed-in operator without an allowed role to the 401 page', () => {
    expect(decideAccess({ sessionSettling: false, role: ROLES.operator }, [ROLES.admin])).toBe('not-allowed');
    expect(decideAccess({ sessionSettling: false, role: ROLES.admin }, [ROLES.admin])).toBe('allow');
    expect(decideAccess({ sessionSettling: false, role: ROLES.operator }, undefined)).toBe('allow');
  });

  it('take the Settings roles from the role table (src/api/permissions.ts): the roles every Settings call is open to', () => {
    // Every tab's calls are listed; the route and the side navigation use exactly the table's answer.
    expect(Object.keys(SETTINGS_OPERATIONS).sort()).toEqual([...SETTINGS_TABS].sort());
    expect(SETTINGS_ROLES).toEqual(rolesFor(Object.values(SETTINGS_OPERATIONS).flat()));
    expect(navigation.find((group) => group.entries.some((entry) => entry.to.startsWith('/settings/')))?.roles).toBe(SETTINGS_ROLES);
    // Today that is the administrator alone: every restricted call of the table is one of Settings'.
    expect(SETTINGS_ROLES).toEqual([ROLES.admin]);
    const settingsCalls: readonly string[] = Object.values(SETTINGS_OPERATIONS).flat();
    expect(Object.keys(RESTRICTED_OPERATIONS).filter((operation) => !settingsCalls.includes(operation))).toEqual([]);
    expect(rolesFor(['GET /stores/home', 'GET /stores/accounts'])).toEqual(ALL_STORE_ROLES);
  });

  it('open a role-restricted route only on the role the platform granted, never on a stored copy', () => {
    // Restored from storage, not yet answered by the platform: the page waits and asks.
    expect(decideAccess({ sessionSettling: false, role: ROLES.admin, grantedRole: null }, SETTINGS_ROLES)).toBe('verify');
    expect(decideAccess({ sessionSettling: false, role: ROLES.admin, grantedRole: ROLES.operator }, SETTINGS_ROLES)).toBe('not-allowed');
    expect(decideAccess({ sessionSettling: false, role: ROLES.admin, grantedRole: ROLES.admin }, SETTINGS_ROLES)).toBe('allow');
    // Routes open to every store role (the shell) never wait for it.
    expect(decideAccess({ sessionSettling: false, role: ROLES.operator, grantedRole: null }, ALL_STORE_ROLES)).toBe('allow');
  });

  it('hide the settings entries from roles that cannot open them', () => {
    expect(targets(ROLES.admin)).toContain('/settings/general');
    expect(targets(ROLES.operator)).not.toContain('/settings/general');
    expect(targets(ROLES.operator)).toEqual(expect.arrayContaining(['/overview', '/operations/orders/filter/sold', '/summary/current-transactions', '/dashboards/default', '/management/customers', '/trucks/active', '/accounts', '/pickups']));
  });
});
