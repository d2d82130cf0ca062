import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Order } from '../../api/orders';
import { useLocale } from '../../i18n';
import { formatDateTime, formatMoney } from '../../lib/format';
import { pickupStatus, pickupStatusColor } from '../../lib/pickup-status';

/** "2 × Bread bag, 1 × Croissants": what the customer collects. */
export function itemsText(order: Order): string {
  return order.offersOrdered.map((line) => `${line.quantityOrdered} × ${line.offer.name}`).join(', ');
}

/** A date as the spec writes order dates (year/month/day hour:minute), the time first and the day below. */
function DateTimeCell({ at, timeText = (time) => time }: { at: number; timeText?: (time: string) => string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <>
      <Typography level="body-sm" noWrap>
        {timeText(time)}
      </Typography>
      <Typography level="body-xs" textColor="text.secondary" noWrap>
        {day}
      </Typography>
    </>
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
  const open = order.status === 0;
  return (
    <tr>
      <th scope="row">
        <Link component={RouterLink} to={`/operations/order/${order.id}`} aria-label={t('orders.open', { id: order.id })}>
          #{order.id}
        </Link>
      </th>
      <td>
        <Typography level="body-sm" fontWeight="md" noWrap>
          {order.consumer.name}
        </Typography>
        <Typography level="body-xs" textColor="text.secondary" noWrap>
          {order.consumer.email}
        </Typography>
      </td>
      <td>
        <Typography level="body-sm" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {itemsText(order)}
        </Typography>
      </td>
      <td className="number">{formatMoney(order.total_price, language)}</td>
      <td>
        <DateTimeCell at={order.date} />
      </td>
      <td>
        {status === 'PICKED_UP' && order.pickup_date !== null ? (
          <DateTimeCell at={order.pickup_date} />
        ) : (
          <DateTimeCell at={order.pickup_until} timeText={(time) => t('orders.until', { time })} />
        )}
      </td>
      <td>
        <Chip size="sm" variant="soft" color={pickupStatusColor[status]}>
          {t(`pickup.${status}`)}
        </Chip>
      </td>
      {withActions && (
      <td>
        {open && (
          <Box sx={{ display: 'flex', gap: 0.75, justifyContent: 'flex-end' }}>
            <Button size="sm" color="success" disabled={disabled} onClick={() => onPickedUp(order)} aria-label={t('orders.markPickedUpOf', { id: order.id })}>
              {t('orders.markPickedUp')}
            </Button>
            <Button size="sm" variant="outlined" color="danger" disabled={disabled} onClick={() => onAskCancel(order)} aria-label={t('orders.cancelOf', { id: order.id })}>
              {t('orders.cancel')}
            </Button>
          </Box>
        )}
      </td>
      )}
    </tr>
  );
});
