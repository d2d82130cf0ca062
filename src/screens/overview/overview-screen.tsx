import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { JoyTheme, loadJoyTheme } from '../../app/joy-theme';
import { Page } from '../../app/page';
import type { HomeData } from '../../api/stores';
import { useLocale, type MessageKey } from '../../i18n';
import { now } from '../../lib/clock';
import { OVERVIEW_REVIEW_COUNT } from '../../lib/constants';
import { formatMoney, formatNumber } from '../../lib/format';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveOverviewMachine, selectOverviewFailed } from '../../machines/store';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { Skeleton } from '../../ui/skeleton';
import { Stars } from '../../ui/stars';
import { ReviewSummary } from './review-card';
import './overview.css';
import { useFlow } from '../../app/use-flow';

/** Heights reserved for each block, so the page does not move when the figures arrive. */
const FIGURE_HEIGHT = 104;
const REVIEW_HEIGHT = 112;

/**
 * The Order Detail dialog is a Joy modal: fetched with Joy's theme when an operator first opens a
 * review (or points at one), so the overview's first render carries no Joy.
 */
const loadOrderDetailDialog = () => import('../orders/order-detail-dialog');
const OrderDetailDialog = lazy(() => loadOrderDetailDialog().then((module) => ({ default: module.OrderDetailDialog })));

function prefetchOrderDetailDialog() {
  // A prefetch that fails costs nothing: opening imports again and the route's boundary reports it.
  loadOrderDetailDialog().catch(() => {});
  loadJoyTheme().catch(() => {});
}

function Figure({ label, value }: { label: MessageKey; value: string | null }) {
  const { t } = useLocale();
  // The label is body-sm on an h2: the level sets no weight, so the heading's bold stays, as in
  // the Joy version.
  return (
    <div className="plain-sheet overview-card overview-figure" style={{ minHeight: FIGURE_HEIGHT }}>
      <h2 className="plain-small plain-text-secondary">{t(label)}</h2>
      {value === null ? (
        <Skeleton level="h2" width="50%" />
      ) : (
        <p className="plain-h2" data-testid={`figure-${label}`}>
          {value}
        </p>
      )}
    </div>
  );
}

function NowList({ home }: { home: HomeData | null }) {
  const { t, language } = useLocale();
  const rows: Array<{ label: MessageKey; to: string; count: number | null }> = [
    { label: 'overview.currentOffers', to: '/operations/offers?filter=active', count: home ? home.current_Offers : null },
    {
      label: 'overview.pendingOrders',
      to: '/operations/orders/pending',
      // Received minus picked up (spec section 2), never below zero.
      count: home ? Math.max(0, home.received_orders - home.pickedup_orders) : null,
    },
  ];
  return (
    <div className="plain-sheet overview-card">
      <h2 className="plain-title-md">{t('overview.now')}</h2>
      <ul className="overview-list">
        {rows.map((row) => (
          <li key={row.label}>
            <RouterLink className="plain-list-button overview-row-link" to={row.to}>
              <span>{t(row.label)}</span>
              {row.count === null ? (
                <Skeleton width={32} />
              ) : (
                <span className="plain-title-lg" data-testid={`now-${row.label}`}>
                  {formatNumber(row.count, language)}
                </span>
              )}
            </RouterLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A review of the latest ones: a button (as Joy's ListItemButton was: a focusable element with the
 * button role, Enter on key down and Space on key up), since what it holds is more than phrasing content.
 */
function ReviewButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') event.preventDefault();
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
    }
  };
  const keyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && event.key === ' ' && !event.defaultPrevented) onOpen();
  };
  return (
    <div
      role="button"
      tabIndex={0}
      className="overview-review-button"
      style={{ minHeight: REVIEW_HEIGHT - 12 }}
      onClick={onOpen}
      onKeyDown={keyDown}
      onKeyUp={keyUp}
      onPointerEnter={prefetchOrderDetailDialog}
      onFocus={prefetchOrderDetailDialog}
    >
      {children}
    </div>
  );
}

function Reviews({ home, onOpen }: { home: HomeData | null; onOpen: (orderId: number) => void }) {
  const { t, language } = useLocale();
  const latest = home?.reviews.slice(0, OVERVIEW_REVIEW_COUNT) ?? null;
  const at = now();
  return (
    <div className="plain-sheet overview-card">
      <div className="overview-card-head">
        <h2 className="plain-title-md">{t('overview.rating')}</h2>
        <RouterLink className="overview-link" to="/management/customers">
          {t('overview.seeAll')}
        </RouterLink>
      </div>
      <div className="overview-rating-row">
        {home === null ? (
          <Skeleton level="h3" width={180} />
        ) : (
          <>
            <p className="plain-heading" data-testid="overall-rating">
              {formatNumber(home.rating, language, 1)}
            </p>
            <Stars rating={home.rating} label={t('stars.label', { rating: formatNumber(home.rating, language, 1) })} size={22} />
            <p className="plain-small plain-text-secondary" data-testid="review-count">
              {t(home.rating_qty === 1 ? 'overview.reviewCountOne' : 'overview.reviewCount', { count: formatNumber(home.rating_qty, language) })}
            </p>
          </>
        )}
      </div>
      <h3 className="plain-title">{t('overview.latestReviews')}</h3>
      {latest === null ? (
        Array.from({ length: OVERVIEW_REVIEW_COUNT }, (_, i) => <Skeleton key={i} height={REVIEW_HEIGHT - 12} />)
      ) : latest.length === 0 ? (
        <div className="overview-empty" style={{ minHeight: REVIEW_HEIGHT }}>
          <p className="plain-title">{t('overview.noReviews')}</p>
          <p className="plain-small plain-text-secondary">{t('overview.noReviewsBody')}</p>
        </div>
      ) : (
        <ul className="overview-list overview-reviews" aria-label={t('overview.latestReviews')}>
          {latest.map((review) => (
            <li key={review.order_id}>
              <ReviewButton onOpen={() => onOpen(review.order_id)}>
                {/* Named by its content (what it shows is in its name, WCAG 2.5.3), led by what it does. */}
                <span className="plain-visually-hidden" data-testid="review-open-label">
                  {t('overview.openReview', { id: review.order_id })}
                </span>
                <ReviewSummary review={review} now={at} />
              </ReviewButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The overview (/overview): today's figures, what needs attention now, rating and latest reviews.
 * Plain UI (overview.css), not Joy: Joy's runtime styles were most of the page's main-thread cost
 * on a phone (docs/decisions/019-sign-in-without-joy.md). Only the Order Detail dialog is Joy, and
 * it comes when a review is opened.
 */
export default function OverviewScreen() {
  const { t, language } = useLocale();
  const actor = useFlow(liveOverviewMachine);
  const failed = useSelector(actor, selectOverviewFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const failedText = useLoadFailureMessage(loadFailure, t('overview.loadFailed'));
  const home = useProjection('store', (view) => view.home);
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  // The dialog is mounted at the first opening and stays (closed) afterwards, so it reopens at once.
  const [dialogMounted, setDialogMounted] = useState(false);
  const figure = (value: (home: HomeData) => string) => (home ? value(home) : null);
  const open = (orderId: number) => {
    setDialogMounted(true);
    setOpenOrder(orderId);
  };

  return (
    <Page titleKey="page.overview">
      {failed && (
        <div className="overview-alert" role="alert">
          {failedText}
          <span className="overview-alert-end">
            <button type="button" className="plain-button" data-size="sm" onClick={() => actor.send({ type: 'overview.reload' })}>
              {t('shell.retry')}
            </button>
          </span>
        </div>
      )}
      <section className="overview-figures" aria-label={t('page.overview')}>
        <Figure label="overview.offersToday" value={figure((h) => formatNumber(h.offers_qty, language))} />
        <Figure label="overview.salesToday" value={figure((h) => formatMoney(h.today_sales, language))} />
        <Figure label="overview.ordersToday" value={figure((h) => formatNumber(h.received_orders, language))} />
        <Figure label="overview.pickedUp" value={figure((h) => formatNumber(h.pickedup_orders, language))} />
      </section>
      <div className="overview-columns">
        <NowList home={home} />
        <Reviews home={home} onOpen={open} />
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <JoyTheme>
            <OrderDetailDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
          </JoyTheme>
        </Suspense>
      )}
    </Page>
  );
}
