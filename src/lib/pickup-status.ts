/**
 * The pickup status of an order (spec section 4), by status code and the time the pickup window
 * ends. One pure function, so the label, its colour and the counter screens agree.
 */
export type PickupStatus = 'PENDING' | 'NON_PICKED_UP' | 'PICKED_UP' | 'CANCELLED_BY_CONSUMER' | 'CANCELLED_BY_STORE' | 'CANCELLED';

export function pickupStatus(order: { status: number; pickup_until: number }, now: number): PickupStatus {
  switch (order.status) {
    case 0:
      // "At or before the pickup time" is still pending.
      return now <= order.pickup_until ? 'PENDING' : 'NON_PICKED_UP';
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

export const pickupStatusColor: Record<PickupStatus, 'warning' | 'danger' | 'success' | 'neutral'> = {
  PENDING: 'warning',
  NON_PICKED_UP: 'danger',
  PICKED_UP: 'success',
  CANCELLED_BY_CONSUMER: 'neutral',
  CANCELLED_BY_STORE: 'neutral',
  CANCELLED: 'neutral',
};
