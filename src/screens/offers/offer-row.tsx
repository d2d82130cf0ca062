import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import type { Offer } from '../../api/offers';
import { useLocale } from '../../i18n';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { DeleteIcon } from '../../ui/icons';

/** Rows and their skeletons share this height, so the page does not jump when data arrives. */
export const OFFER_ROW_HEIGHT = 120;

function Window({ label, from, to }: { label: string; from: number; to: number }) {
  const { t } = useLocale();
  return (
    <Typography level="body-xs" textColor="text.secondary">
      <Typography component="span" fontWeight="lg">
        {label}:
      </Typography>{' '}
      {t('offers.window', { from: formatDateTime(from), to: formatDateTime(to) })}
    </Typography>
  );
}

/**
 * One current offer: photo, name, order and pickup windows, units left, prices, discount, status
 * and its two actions. Memoised: a row re-renders only when its own offer object changes (the
 * projection keeps untouched offers as the same objects).
 */
export const OfferRow = memo(function OfferRow({
  offer,
  index,
  disabled,
  onSetStatus,
  onAskDelete,
}: {
  offer: Offer;
  index: number;
  /** Another change is under way: the machine takes one at a time. */
  disabled: boolean;
  onSetStatus: (offer: Offer, status: 0 | 1) => void;
  onAskDelete: (offer: Offer, index: number) => void;
}) {
  const { t, language } = useLocale();
  const active = offer.status === 1;
  const image = offer.media[0]?.url;
  return (
    <Card
      variant="outlined"
      orientation="horizontal"
      data-testid="offer-row"
      data-offer-id={offer.id}
      sx={{ minHeight: OFFER_ROW_HEIGHT, gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}
    >
      <AspectRatio ratio="16/9" sx={{ width: { xs: 96, sm: 144 }, flexShrink: 0, borderRadius: 'sm' }}>
        {image ? (
          <img src={image} alt={t('offers.imageAlt', { name: offer.name })} loading="lazy" />
        ) : (
          <Typography level="body-xs" textColor="text.secondary">
            {t('offers.noImage')}
          </Typography>
        )}
      </AspectRatio>
      {/* On a phone the text takes the rest of the image's line; price and controls wrap below. */}
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: { xs: 'calc(100% - 112px)', md: 0 }, flex: '1 1 0' }}>
        <Typography level="title-md" component="h2" data-testid="offer-name" noWrap>
          {offer.name}
        </Typography>
        <Window label={t('offers.orderWindow')} from={offer.order_date_from} to={offer.order_date_to} />
        <Window label={t('offers.pickupWindow')} from={offer.pickup_date_from} to={offer.pickup_date_to} />
        <Typography level="body-sm" data-testid="offer-left">
          {t('offers.left', { left: formatNumber(offer.quantity_left, language), quantity: formatNumber(offer.quantity, language) })}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', justifyItems: { xs: 'start', md: 'end' }, gap: 0.25, minWidth: { md: 112 } }}>
        <Typography level="title-md" data-testid="offer-price">
          {formatMoney(offer.unit_price, language)}
        </Typography>
        <Typography level="body-xs" textColor="text.secondary">
          <s aria-label={t('offers.originPrice', { price: formatMoney(offer.origin_price, language) })}>{formatMoney(offer.origin_price, language)}</s>
        </Typography>
        <Chip size="sm" variant="soft" color="primary">
          {t('offers.discount', { discount: formatPercent(offer.discount, language, 0) })}
        </Chip>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Chip size="sm" variant="soft" color={active ? 'success' : 'neutral'} data-testid="offer-status" sx={{ minWidth: 72, justifyContent: 'center' }}>
          {active ? t('offers.statusActive') : t('offers.statusInactive')}
        </Chip>
        <Switch
          checked={active}
          disabled={disabled}
          onChange={(event) => onSetStatus(offer, event.target.checked ? 1 : 0)}
          slotProps={{ input: { 'aria-label': t('offers.toggle', { name: offer.name }) } }}
        />
        <IconButton
          variant="plain"
          color="danger"
          disabled={disabled}
          aria-label={t('offers.delete', { name: offer.name })}
          onClick={() => onAskDelete(offer, index)}
        >
          <DeleteIcon size="sm" />
        </IconButton>
      </Box>
    </Card>
  );
});
