import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { memo, useId, type ElementType, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Delivery, DeliveryStatus } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { deliveryStatusColor, formatDeliveryDate, pickupInitials } from '../../lib/delivery-format';
import { TOUCH_TARGET_PX } from '../../app/theme';
import { formatNumber } from '../../lib/format';
import { visuallyHidden } from '../../ui/visually-hidden';
import { deliveryPath } from './deliveries-url';

/** The status tag: the status's colour (the same as its map marker) and its name. */
export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const t = useLocale().t;
  return (
    <Chip size="sm" variant="solid" color={deliveryStatusColor(status).color} data-status={status}>
      {t(`delivery.status.${status}`)}
    </Chip>
  );
}

/**
 * The delivery card (spec section 2, "Delivery card"): the pickup code's initials (its first two
 * words), the address, the recipient with e-mail and phone, the driver's and the delivery notes,
 * a status tag, the delivery date as YYYY/MM/DD | hh:mm, the number of packages, the truck, and
 * MORE INFORMATION to /delivery-order/{id}/summary (left out on that page itself).
 *
 * Used by the delivery orders list, the delivery page's summary and the delivery map. Memoised:
 * a list re-renders only the cards whose delivery changed.
 */
export const DeliveryCard = memo(function DeliveryCard({
  delivery,
  headingLevel = 'h2',
  moreInformation = true,
}: {
  delivery: Delivery;
  headingLevel?: 'h2' | 'h3';
  moreInformation?: boolean;
}) {
  const { t, language } = useLocale();
  const headingId = useId();
  const none = t('delivery.none');
  const fields: Array<{ key: string; label: string; value: ReactNode }> = [
    { key: 'recipient', label: t('delivery.recipient'), value: delivery.order_delivery_to || none },
    {
      key: 'email',
      label: t('delivery.email'),
      value: delivery.order_delivery_to_mail ? (
        <Link href={`mailto:${delivery.order_delivery_to_mail}`} level="inherit">
          {delivery.order_delivery_to_mail}
        </Link>
      ) : (
        none
      ),
    },
    {
      key: 'phone',
      label: t('delivery.phone'),
      value: delivery.phone ? (
        <Link href={`tel:${delivery.phone.replace(/\s+/g, '')}`} level="inherit">
          {delivery.phone}
        </Link>
      ) : (
        none
      ),
    },
    { key: 'driverNotes', label: t('delivery.driverNotes'), value: delivery.delivery_driver_notes || none },
    { key: 'notes', label: t('delivery.notes'), value: delivery.delivery_notes || none },
    { key: 'date', label: t('delivery.date'), value: formatDeliveryDate(delivery.delivery_date) },
    { key: 'packages', label: t('delivery.packages'), value: formatNumber(delivery.delivery_packages, language) },
    { key: 'truck', label: t('delivery.truck'), value: delivery.delivery_truck || t('delivery.noTruck') },
  ];

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} data-delivery-id={delivery.id} sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        {/* The spec shows the code's initials; the whole code is the tooltip and what a screen reader reads. */}
        <Avatar variant="soft" color="neutral" aria-hidden title={delivery.pickup_code} data-testid="pickup-initials">
          {pickupInitials(delivery.pickup_code)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography level="title-md" component={headingLevel as ElementType} id={headingId} sx={{ overflowWrap: 'anywhere' }}>
            {delivery.order_address}
          </Typography>
          <Box component="span" sx={visuallyHidden}>
            {t('delivery.pickupCode', { code: delivery.pickup_code })}
          </Box>
        </Box>
        <DeliveryStatusTag status={delivery.delivery_status} />
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(6.5rem, auto) 1fr',
          columnGap: 1.5,
          rowGap: 0.5,
          m: 0,
          fontSize: 'sm',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere', color: 'text.primary' },
        }}
      >
        {fields.map((field) => (
          <Box key={field.key} sx={{ display: 'contents' }} data-field={field.key}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </Box>
        ))}
      </Box>
      {moreInformation && (
        <Box sx={{ mt: 'auto', display: 'flex', justifyContent: 'flex-end' }}>
          {/* A touch target on a phone, as the lists' row actions. */}
          <Link component={RouterLink} to={deliveryPath(delivery.id)} aria-describedby={headingId} level="title-sm" fontWeight="lg" sx={{ minHeight: { xs: TOUCH_TARGET_PX, md: 'auto' } }}>
            {t('delivery.moreInformation')}
          </Link>
        </Box>
      )}
    </Card>
  );
});
