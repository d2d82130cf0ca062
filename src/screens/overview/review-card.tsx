import type { Review } from '../../api/stores';
import { useLocale } from '../../i18n';
import { isoDateTime } from '../../lib/dates';
import { formatMoney, formatNumber, relativeShort } from '../../lib/format';
import { Stars } from '../../ui/stars';
import './overview.css';

/**
 * One review as the overview and the reviews list show it: stars, short relative date,
 * description, review text, order price, portions and rating category. Plain UI (overview.css),
 * so the overview draws it without Joy; the reviews list (a Joy page) shows the same.
 */
export function ReviewSummary({ review, now }: { review: Review; now: number }) {
  const { t, language } = useLocale();
  const age = relativeShort(review.date, now);
  return (
    <div className="review-summary">
      <div className="review-summary-head">
        <Stars rating={review.rating} label={t('stars.label', { rating: formatNumber(review.rating, language, 1) })} size={16} />
        <span className="plain-body-xs plain-text-secondary">
          <time dateTime={isoDateTime(review.date)}>{t(`relative.${age.unit}`, { count: age.count })}</time>
        </span>
        <span className="review-chip">
          <span>{review.category}</span>
        </span>
      </div>
      <p className="plain-title">{review.description}</p>
      {review.review && <p className="plain-small review-summary-quote">“{review.review}”</p>}
      <span className="plain-body-xs plain-text-secondary">
        {t('review.price')}: {formatMoney(review.total_price_bt, language)} · {t(review.total_quantity === 1 ? 'review.portion' : 'review.portions', { count: review.total_quantity })}
      </span>
    </div>
  );
}
