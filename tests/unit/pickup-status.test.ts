import { describe, expect, it } from 'vitest';
import { pickupDateAfter, pickupDeadline, pickupStatus } from '../../src/lib/pickup-status';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';

describe('pickup status of an order (spec section 4), from its pickup time (pickup_date)', () => {
  const pickupTime = Date.UTC(2026, 10, 22, 18, 0);

  it('code 0 is PENDING up to and including the pickup time', () => {
    expect(pickupStatus({ status: 0, pickup_date: pickupTime }, pickupTime - 1)).toBe('PENDING');
    expect(pickupStatus({ status: 0, pickup_date: pickupTime }, pickupTime)).toBe('PENDING');
  });

  it('code 0 is NON PICKED UP one millisecond after the pickup time', () => {
    expect(pickupStatus({ status: 0, pickup_date: pickupTime }, pickupTime + 1)).toBe('NON_PICKED_UP');
  });

  it('reads pickup_date, never pickup_until: a window still open elsewhere does not make a late order pending', () => {
    const late = { status: 0, pickup_date: pickupTime, pickup_until: pickupTime + 3_600_000 };
    expect(pickupStatus(late, pickupTime + 60_000)).toBe('NON_PICKED_UP');
    const early = { status: 0, pickup_date: pickupTime, pickup_until: pickupTime - 3_600_000 };
    expect(pickupStatus(early, pickupTime - 60_000)).toBe('PENDING');
  });

  it('code 0 without a pickup time is PENDING: nothing says it is late', () => {
    expect(pickupStatus({ status: 0, pickup_date: null }, pickupTime)).toBe('PENDING');
    expect(pickupStatus({ status: 0, pickup_date: null }, Number.MAX_SAFE_INTEGER)).toBe('PENDING');
  });

  it('maps codes 1, 2 and 3 whatever the time', () => {
    for (const at of [pickupTime - 1, pickupTime + 1]) {
      expect(pickupStatus({ status: 1, pickup_date: pickupTime }, at)).toBe('PICKED_UP');
      expect(pickupStatus({ status: 2, pickup_date: pickupTime }, at)).toBe('CANCELLED_BY_CONSUMER');
      expect(pickupStatus({ status: 3, pickup_date: null }, at)).toBe('CANCELLED_BY_STORE');
    }
  });

  it.each([4, 9, -1, 99])('reads unknown code %d as CANCELLED', (code) => {
    expect(pickupStatus({ status: code, pickup_date: pickupTime }, pickupTime)).toBe('CANCELLED');
  });

  it('shows a waiting order due by its pickup_date, else the end of its window when sent, else nothing', () => {
    expect(pickupDeadline({ pickup_date: pickupTime, pickup_until: pickupTime + 1 })).toBe(pickupTime);
    expect(pickupDeadline({ pickup_date: null, pickup_until: pickupTime + 1 })).toBe(pickupTime + 1);
    expect(pickupDeadline({ pickup_date: null })).toBeNull();
  });

  it('changes the pickup time with the status before the answer: now when picked up, the window’s end when back to waiting', () => {
    const at = pickupTime + 5_000;
    expect(pickupDateAfter({ pickup_date: pickupTime, pickup_until: pickupTime }, 1, at)).toBe(at);
    expect(pickupDateAfter({ pickup_date: at, pickup_until: pickupTime }, 0, at + 1)).toBe(pickupTime);
    expect(pickupDateAfter({ pickup_date: at }, 0, at + 1)).toBeNull();
    expect(pickupDateAfter({ pickup_date: pickupTime }, 3, at)).toBe(pickupTime);
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
