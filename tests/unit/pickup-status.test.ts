import { describe, expect, it } from 'vitest';
import { pickupStatus } from '../../src/lib/pickup-status';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';

describe('pickup status of an order (spec section 4)', () => {
  const pickupUntil = Date.UTC(2026, 10, 22, 18, 0);

  it('code 0 is PENDING up to and including the pickup time', () => {
    expect(pickupStatus({ status: 0, pickup_until: pickupUntil }, pickupUntil - 1)).toBe('PENDING');
    expect(pickupStatus({ status: 0, pickup_until: pickupUntil }, pickupUntil)).toBe('PENDING');
  });

  it('code 0 is NON PICKED UP one millisecond after the pickup time', () => {
    expect(pickupStatus({ status: 0, pickup_until: pickupUntil }, pickupUntil + 1)).toBe('NON_PICKED_UP');
  });

  it('maps codes 1, 2 and 3 whatever the time', () => {
    for (const at of [pickupUntil - 1, pickupUntil + 1]) {
      expect(pickupStatus({ status: 1, pickup_until: pickupUntil }, at)).toBe('PICKED_UP');
      expect(pickupStatus({ status: 2, pickup_until: pickupUntil }, at)).toBe('CANCELLED_BY_CONSUMER');
      expect(pickupStatus({ status: 3, pickup_until: pickupUntil }, at)).toBe('CANCELLED_BY_STORE');
    }
  });

  it.each([4, 9, -1, 99])('reads unknown code %d as CANCELLED', (code) => {
    expect(pickupStatus({ status: code, pickup_until: pickupUntil }, pickupUntil)).toBe('CANCELLED');
  });

  it('has the spec labels in English and translated ones in Spanish', () => {
    expect([en['pickup.PENDING'], en['pickup.NON_PICKED_UP'], en['pickup.PICKED_UP'], en['pickup.CANCELLED_BY_CONSUMER'], en['pickup.CANCELLED_BY_STORE'], en['pickup.CANCELLED']]).toEqual([
      'PENDING',
      'NON PICKED UP',
      'PICKED UP',
      'Cancelled by consumer',
      'Cancelled by store',
      'CANCELLED',
    ]);
    expect(es['pickup.PICKED_UP']).toBe('RECOGIDO');
  });
});
