import { describe, expect, it } from 'vitest';
import { decideAccess, ROLES } from '../../src/app/guards';
import { navigationFor } from '../../src/app/shell/navigation';

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

  it('hide the settings entries from roles that cannot open them', () => {
    expect(targets(ROLES.admin)).toContain('/settings/general');
    expect(targets(ROLES.operator)).not.toContain('/settings/general');
    expect(targets(ROLES.operator)).toEqual(expect.arrayContaining(['/overview', '/operations/orders/filter/sold', '/summary/current-transactions', '/dashboards/default', '/management/customers', '/trucks/active', '/accounts', '/pickups']));
  });
});
