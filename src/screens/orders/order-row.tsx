import Button from '@mui/joy/Button';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Order } from '../../api/orders';
import { useLocale } from '../../i18n';
import { formatDateTime, formatMoney, NOT_GIVEN } from '../../lib/format';
import { pickupDeadline, pickupStatus, pickupStatusColor } from '../../lib/pickup-status';

/** "2 × Bread bag, 1 × Croissants": what the customer collects. */
export function itemsText(order: Order): string {
  return order.offersOrdered.map((line) => `${line.quantityOrdered} × ${line.offer.name}`).join(', ');
}

/**
 * How a row's plain elements look, applied once on the table (orders-screen.tsx): a page change
 * renders ten new rows, and plain elements styled by the table cost nothing per row, where a
 * styled component per cell would compute its styles again each time.
 */
export const orderRowStyles = {
  '& .order-link': { color: 'var(--joy-palette-primary-plainColor)', fontWeight: 'var(--joy-fontWeight-lg)', textDecoration: 'none' },
  '& .order-link:hover': { textDecoration: 'underline' },
  '& .order-link:focus-visible': { outline: '2px solid var(--joy-palette-focusVisible)', outlineOffset: '2px', borderRadius: '2px' },
  '& .line': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'var(--joy-fontSize-sm)' },
  '& .line.primary': { color: 'var(--joy-palette-text-primary)' },
  '& .line.secondary': { color: 'var(--joy-palette-text-secondary)', fontSize: 'var(--joy-fontSize-xs)' },
  '& .items': { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', fontSize: 'var(--joy-fontSize-sm)' },
  '& .status': {
    display: 'inline-block',
    padding: '2px 8px',
    borderRadius: '999px',
    fontSize: 'var(--joy-fontSize-xs)',
    fontWeight: 'var(--joy-fontWeight-md)',
    whiteSpace: 'nowrap',
  },
  ...Object.fromEntries(
    (['warning', 'danger', 'success', 'neutral'] as const).map((color) => [
      `& .status[data-color="${color}"]`,
      { backgroundColor: `var(--joy-palette-${color}-softBg)`, color: `var(--joy-palette-${color}-softColor)` },
    ]),
  ),
} as const;

/**
 * A date as the spec writes order dates (year/month/day hour:minute), the time first and the day
 * below it in the table, beside it on a phone's card (`.when`, orders-screen.tsx).
 */
function DateTimeCell({ at, timeText = (time) => time }: { at: number; timeText?: (time: string) => string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <span className="when">
      <span className="line primary">{timeText(time)}</span>
      <span className="line secondary">{day}</span>
    </span>
  );
}

/**
 * One order of the list, as a table row: number linking to the order page, customer, items,
 * total, dates, pickup status and, while it is still to collect, its actions. Memoised: a row
 * re-renders only when its order (or the busy flag) changes.
 */
export const OrderRow = memo(function OrderRow({
  order,
  now,
  withActions,
  disabled,
  onPickedUp,
  onAskCancel,
}: {
  order: Order;
  now: number;
  /** The pending tab has an actions column; settled orders have nothing left to do. */
  withActions: boolean;
  disabled: boolean;
  onPickedUp: (order: Order) => void;
  onAskCancel: (order: Order) => void;
}) {
  const { t, language } = useLocale();
  const status = pickupStatus(order, now);
  const deadline = pickupDeadline(order);
  const open = order.status === 0;
  return (
    <tr>
      <th scope="row">
        <RouterLink className="order-link" to={`/operations/order/${order.id}`} aria-label={t('orders.open', { id: order.id })}>
          #{order.id}
        </RouterLink>
      </th>
      <td>
        <span className="line primary">{order.consumer.name}</span>
        <span className="line secondary">{order.consumer.email}</span>
      </td>
      <td>
        <span className="items">{itemsText(order)}</span>
      </td>
      <td>{formatMoney(order.total_price, language)}</td>
      <td>
        <DateTimeCell at={order.date} />
      </td>
      <td>
        {status === 'PICKED_UP' && order.pickup_date !== null ? (
          <DateTimeCell at={order.pickup_date} />
        ) : deadline !== null ? (
          <DateTimeCell at={deadline} timeText={(time) => t('orders.until', { time })} />
        ) : (
          <span className="line secondary">{NOT_GIVEN}</span>
        )}
      </td>
      <td>
        <span className="status" data-color={pickupStatusColor[status]}>
          {t(`pickup.${status}`)}
        </span>
      </td>
      {withActions && (
        <td>
          {open && (
            <div className="actions">
              <Button size="sm" color="success" disabled={disabled} onClick={() => onPickedUp(order)} aria-label={t('orders.markPickedUpOf', { id: order.id })}>
                {t('orders.markPickedUp')}
              </Button>
              <Button size="sm" variant="outlined" color="danger" disabled={disabled} onClick={() => onAskCancel(order)} aria-label={t('orders.cancelOf', { id: order.id })}>
                {t('orders.cancel')}
              </Button>
            </div>
          )}
        </td>
      )}
    </tr>
  );
});
