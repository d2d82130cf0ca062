import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import type { Order } from '../../api/orders';
import { useLocale } from '../../i18n';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { pickupStatus, pickupStatusColor } from '../../lib/pickup-status';
import { Stars } from '../../ui/stars';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" level="body-sm" textColor="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" level="body-md" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The order detail view (spec section 2): heading, "Order info" card and "Order items" table.
 * Shared by the overview's Order Detail dialog, the review page and the order page.
 * `external`: shown outside the store's own context, so the heading names the store.
 */
export function OrderDetailView({
  order,
  now,
  external = false,
  headingLevel = 2,
  withHeading = true,
}: {
  order: Order;
  now: number;
  external?: boolean;
  headingLevel?: 2 | 3;
  /** False where the page title already reads "Order #{id}": the cards' titles take the heading's level. */
  withHeading?: boolean;
}) {
  const { t, language } = useLocale();
  const status = pickupStatus(order, now);
  const money = (value: number) => formatMoney(value, language);
  const heading = headingLevel === 2 ? 'h2' : 'h3';
  const subheading = !withHeading ? heading : headingLevel === 2 ? 'h3' : 'h4';
  const rated = order.rating > 0;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {withHeading && (
        <Typography level="h3" component={heading}>
          {t('order.heading', { id: order.id })}
          {external && (
            <Typography level="body-md" textColor="text.secondary" sx={{ ml: 1 }}>
              {order.store.name}
            </Typography>
          )}
        </Typography>
      )}

      <Card variant="outlined">
        <Typography level="title-md" component={subheading}>
          {t('order.info')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          <Field label={t('order.status')}>
            <Chip size="sm" variant="soft" color={pickupStatusColor[status]}>
              {t(`pickup.${status}`)}
            </Chip>
          </Field>
          <Field label={t('order.date')}>{formatDateTime(order.date)}</Field>
          {status === 'PICKED_UP' && order.pickup_date !== null && <Field label={t('order.pickupDate')}>{formatDateTime(order.pickup_date)}</Field>}
          <Field label={t('order.price')}>{money(order.total_price)}</Field>
          <Field label={t('order.priceBeforeTax')}>{money(order.total_price_bt)}</Field>
          <Field label={t('order.quantity')}>{formatNumber(order.total_quantity, language)}</Field>
          <Field label={t('order.rating')}>
            {rated ? <Stars rating={order.rating} label={t('stars.label', { rating: formatNumber(order.rating, language, 1) })} /> : t('order.notRated')}
          </Field>
          {rated && order.review && <Field label={t('order.review')}>{order.review}</Field>}
        </Box>
        <Divider />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          <Field label={t('order.store')}>{order.store.name}</Field>
          <Field label={t('order.address')}>{order.store.address.address_print}</Field>
          <Field label={t('order.consumer')}>{order.consumer.name}</Field>
          <Field label={t('order.email')}>{order.consumer.email}</Field>
          <Field label={t('order.phone')}>{order.consumer.phone}</Field>
        </Box>
      </Card>

      <Card variant="outlined" sx={{ overflowX: 'auto' }}>
        <Typography level="title-md" component={subheading} id={`order-${order.id}-items`}>
          {t('order.items')}
        </Typography>
        {order.offersOrdered.length === 0 ? (
          <Typography level="body-sm">{t('order.noItems')}</Typography>
        ) : (
          <Table size="sm" aria-labelledby={`order-${order.id}-items`} sx={{ '& td:not(:first-of-type), & th:not(:first-of-type)': { textAlign: 'right' } }}>
            <thead>
              <tr>
                <th scope="col">{t('order.item')}</th>
                <th scope="col">{t('order.quantityOrdered')}</th>
                <th scope="col">{t('order.unitPrice')}</th>
                <th scope="col">{t('order.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {order.offersOrdered.map((line) => (
                <tr key={line.id}>
                  <td>{line.offer.name}</td>
                  <td>{formatNumber(line.quantityOrdered, language)}</td>
                  <td>{money(line.offer.unit_price)}</td>
                  <td>{money(line.quantityOrdered * line.offer.unit_price)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </Box>
  );
}
