/**
 * The pickup status of an order (spec section 4), by status code and its pickup time (the spec's
 * pickup_date): code 0 is PENDING at or before that time and NON PICKED UP after it. One pure
 * function, so the label, its colour and the counter screens agree.
 */
export type PickupStatus = 'PENDING' | 'NON_PICKED_UP' | 'PICKED_UP' | 'CANCELLED_BY_CONSUMER' | 'CANCELLED_BY_STORE' | 'CANCELLED';

export function pickupStatus(order: { status: number; pickup_date: number | null }, now: number): PickupStatus {
  switch (order.status) {
    case 0:
      // "At or before the pickup time" is still pending; without a pickup time nothing says it is late.
      return order.pickup_date === null || now <= order.pickup_date ? 'PENDING' : 'NON_PICKED_UP';
    case 1:
      return 'PICKED_UP';
    case 2:
      return 'CANCELLED_BY_CONSUMER';
    case 3:
      return 'CANCELLED_BY_STORE';
    default:
      return 'CANCELLED';
  }
}

/**
 * The time an order not yet picked up is due by, as the console shows it: its pickup time
 * (pickup_date), else the end of its pickup window when the platform sends one (pickup_until, not
 * named by the spec); null when it has neither.
 */
export const pickupDeadline = (order: { pickup_date: number | null; pickup_until?: number }): number | null => order.pickup_date ?? order.pickup_until ?? null;

/**
 * An order's pickup time as the console shows it at once when its status changes, before the
 * server's answer: handed over (1) now; back to waiting (0) due by the end of its pickup window
 * when the order carries one (else unknown: PENDING until the answer says); otherwise unchanged.
 */
export function pickupDateAfter(order: { pickup_date: number | null; pickup_until?: number }, status: number, at: number): number | null {
  if (status === 1) return at;
  if (status === 0) return order.pickup_until ?? null;
  return order.pickup_date;
}

export const pickupStatusColor: Record<PickupStatus, 'warning' | 'danger' | 'success' | 'neutral'> = {
  PENDING: 'warning',
  NON_PICKED_UP: 'danger',
  PICKED_UP: 'success',
  CANCELLED_BY_CONSUMER: 'neutral',
  CANCELLED_BY_STORE: 'neutral',
  CANCELLED: 'neutral',
};
