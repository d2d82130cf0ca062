import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Typography from '@mui/joy/Typography';
import type { Review } from '../../api/stores';
import { useLocale } from '../../i18n';
import { formatMoney, formatNumber, relativeShort } from '../../lib/format';
import { Stars } from '../../ui/stars';

/**
 * One review as the overview and the reviews list show it: stars, short relative date,
 * description, review text, order price, portions and rating category.
 */
export function ReviewSummary({ review, now }: { review: Review; now: number }) {
  const { t, language } = useLocale();
  const age = relativeShort(review.date, now);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Stars rating={review.rating} label={t('stars.label', { rating: formatNumber(review.rating, language, 1) })} size={16} />
        <Typography level="body-xs" textColor="text.secondary">
          <time dateTime={new Date(review.date).toISOString()}>{t(`relative.${age.unit}`, { count: age.count })}</time>
        </Typography>
        <Chip size="sm" variant="soft" sx={{ ml: 'auto' }}>
          {review.category}
        </Chip>
      </Box>
      <Typography level="title-sm">{review.description}</Typography>
      {review.review && (
        <Typography level="body-sm" sx={{ fontStyle: 'italic' }}>
          “{review.review}”
        </Typography>
      )}
      <Typography level="body-xs" textColor="text.secondary">
        {t('review.price')}: {formatMoney(review.total_price_bt, language)} · {t(review.total_quantity === 1 ? 'review.portion' : 'review.portions', { count: review.total_quantity })}
      </Typography>
    </Box>
  );
}
