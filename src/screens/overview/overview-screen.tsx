import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import type { HomeData } from '../../api/stores';
import { useLocale, type MessageKey } from '../../i18n';
import { now } from '../../lib/clock';
import { OVERVIEW_REVIEW_COUNT } from '../../lib/constants';
import { formatMoney, formatNumber } from '../../lib/format';
import { liveOverviewMachine } from '../../machines/live';
import { Stars } from '../../ui/stars';
import { visuallyHidden } from '../../ui/visually-hidden';
import { OrderDetailDialog } from '../orders/order-detail-dialog';
import { ReviewSummary } from './review-card';

/** Heights reserved for each block, so the page does not move when the figures arrive. */
const FIGURE_HEIGHT = 104;
const REVIEW_HEIGHT = 112;

function Figure({ label, value }: { label: MessageKey; value: string | null }) {
  const { t } = useLocale();
  return (
    <Card variant="outlined" sx={{ minHeight: FIGURE_HEIGHT, justifyContent: 'space-between' }}>
      <Typography level="body-sm" textColor="text.secondary" component="h2">
        {t(label)}
      </Typography>
      {value === null ? (
        <Skeleton variant="text" level="h2" width="50%" />
      ) : (
        <Typography level="h2" component="p" data-testid={`figure-${label}`}>
          {value}
        </Typography>
      )}
    </Card>
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
    <Card variant="outlined">
      <Typography level="title-md" component="h2">
        {t('overview.now')}
      </Typography>
      <List>
        {rows.map((row) => (
          <ListItem key={row.label}>
            <ListItemButton component={RouterLink} to={row.to} sx={{ justifyContent: 'space-between', borderRadius: 'sm' }}>
              <span>{t(row.label)}</span>
              {row.count === null ? (
                <Skeleton variant="text" width={32} />
              ) : (
                <Typography level="title-lg" component="span" data-testid={`now-${row.label}`}>
                  {formatNumber(row.count, language)}
                </Typography>
              )}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

function Reviews({ home, onOpen }: { home: HomeData | null; onOpen: (orderId: number) => void }) {
  const { t, language } = useLocale();
  const latest = home?.reviews.slice(0, OVERVIEW_REVIEW_COUNT) ?? null;
  const at = now();
  return (
    <Card variant="outlined" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography level="title-md" component="h2">
          {t('overview.rating')}
        </Typography>
        <Link component={RouterLink} to="/management/customers" level="body-sm">
          {t('overview.seeAll')}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 40 }}>
        {home === null ? (
          <Skeleton variant="text" level="h3" width={180} />
        ) : (
          <>
            <Typography level="h3" component="p" data-testid="overall-rating">
              {formatNumber(home.rating, language, 1)}
            </Typography>
            <Stars rating={home.rating} label={t('stars.label', { rating: formatNumber(home.rating, language, 1) })} size={22} />
            <Typography level="body-sm" textColor="text.secondary" data-testid="review-count">
              {t(home.rating_qty === 1 ? 'overview.reviewCountOne' : 'overview.reviewCount', { count: formatNumber(home.rating_qty, language) })}
            </Typography>
          </>
        )}
      </Box>
      <Typography level="title-sm" component="h3">
        {t('overview.latestReviews')}
      </Typography>
      {latest === null ? (
        Array.from({ length: OVERVIEW_REVIEW_COUNT }, (_, i) => <Skeleton key={i} variant="rectangular" height={REVIEW_HEIGHT - 12} sx={{ borderRadius: 'sm' }} />)
      ) : latest.length === 0 ? (
        <Box sx={{ minHeight: REVIEW_HEIGHT, display: 'grid', alignContent: 'center', textAlign: 'center', gap: 0.5 }}>
          <Typography level="title-sm">{t('overview.noReviews')}</Typography>
          <Typography level="body-sm" textColor="text.secondary">
            {t('overview.noReviewsBody')}
          </Typography>
        </Box>
      ) : (
        <List sx={{ '--ListItem-paddingY': '0.75rem', gap: 1 }} aria-label={t('overview.latestReviews')}>
          {latest.map((review) => (
            <ListItem key={review.order_id}>
              <ListItemButton
                variant="soft"
                sx={{ borderRadius: 'sm', alignItems: 'flex-start', minHeight: REVIEW_HEIGHT - 12 }}
                onClick={() => onOpen(review.order_id)}
              >
                {/* Named by its content (what it shows is in its name, WCAG 2.5.3), led by what it does. */}
                <Box component="span" sx={visuallyHidden} data-testid="review-open-label">
                  {t('overview.openReview', { id: review.order_id })}
                </Box>
                <ReviewSummary review={review} now={at} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

/** The overview (/overview): today's figures, what needs attention now, rating and latest reviews. */
export default function OverviewScreen() {
  const { t, language } = useLocale();
  const { journal } = useServices();
  const [machine] = useState(() => liveOverviewMachine({ journal }));
  const actor = useActorRef(machine);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const home = useProjection('store', (view) => view.home);
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const figure = (value: (home: HomeData) => string) => (home ? value(home) : null);

  return (
    <Page titleKey="page.overview">
      {failed && (
        <Alert
          color="danger"
          variant="soft"
          sx={{ mb: 2 }}
          endDecorator={
            <Button size="sm" color="danger" onClick={() => actor.send({ type: 'overview.reload' })}>
              {t('shell.retry')}
            </Button>
          }
        >
          {t('overview.loadFailed')}
        </Alert>
      )}
      <Box component="section" aria-label={t('page.overview')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 2 }}>
        <Figure label="overview.offersToday" value={figure((h) => formatNumber(h.offers_qty, language))} />
        <Figure label="overview.salesToday" value={figure((h) => formatMoney(h.today_sales, language))} />
        <Figure label="overview.ordersToday" value={figure((h) => formatNumber(h.received_orders, language))} />
        <Figure label="overview.pickedUp" value={figure((h) => formatNumber(h.pickedup_orders, language))} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' }, alignItems: 'start' }}>
        <NowList home={home} />
        <Reviews home={home} onOpen={setOpenOrder} />
      </Box>
      <OrderDetailDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </Page>
  );
}
