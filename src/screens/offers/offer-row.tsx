import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import type { Offer } from '../../api/offers';
import { useLocale } from '../../i18n';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ITEM_ROW_HEIGHT, ItemControls, ItemPhoto, ItemPrices, ItemRowCard, ItemText } from './item-row-parts';

/** Rows and their skeletons share this height, so the page does not jump when data arrives. */
export const OFFER_ROW_HEIGHT = ITEM_ROW_HEIGHT;

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
  return (
    <ItemRowCard kind="offer" id={offer.id}>
      <ItemPhoto kind="offer" url={offer.media[0]?.url} name={offer.name} />
      <ItemText>
        <Typography level="title-md" component="h2" data-testid="offer-name" noWrap>
          {offer.name}
        </Typography>
        <Window label={t('offers.orderWindow')} from={offer.order_date_from} to={offer.order_date_to} />
        <Window label={t('offers.pickupWindow')} from={offer.pickup_date_from} to={offer.pickup_date_to} />
        <Typography level="body-sm" data-testid="offer-left">
          {t('offers.left', { left: formatNumber(offer.quantity_left, language), quantity: formatNumber(offer.quantity, language) })}
        </Typography>
      </ItemText>
      <ItemPrices kind="offer" prices={offer} priceTestId="offer-price" />
      <ItemControls
        kind="offer"
        name={offer.name}
        active={offer.status === 1}
        disabled={disabled}
        onSetStatus={(status) => onSetStatus(offer, status)}
        onDelete={() => onAskDelete(offer, index)}
      />
    </ItemRowCard>
  );
});
