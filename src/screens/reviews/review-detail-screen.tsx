import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import Link from '@mui/joy/Link';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { now } from '../../lib/clock';
import { formatDateTime, formatNumber } from '../../lib/format';
import { liveOrderDetailMachine, selectOrderDetailOrder, selectOrderDetailPhase } from '../../machines/orders';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { Stars } from '../../ui/stars';
import { OrderDetailView } from '../orders/order-detail-view';
import { useFlow } from '../../app/use-flow';

const TABS = ['review', 'order'] as const;
type DetailTab = (typeof TABS)[number];

/**
 * One review (/management/customers/{orderId}/{tab}): the review itself, and the order it rates
 * in the order detail view. Each tab is a route, so reload and back keep it.
 */
function ReviewDetail({ orderId, tab }: { orderId: number; tab: DetailTab }) {
  const { t, language } = useLocale();
  const navigate = useNavigate();
  const actor = useFlow(liveOrderDetailMachine, { input: { orderId } });
  const state = useSelector(actor, selectOrderDetailPhase);
  const order = useSelector(actor, selectOrderDetailOrder);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const failedText = useLoadFailureMessage(loadFailure, t('order.loadFailed'));

  return (
    <Page titleKey="page.review" params={{ id: String(orderId) }}>
      <Link component={RouterLink} to="/management/customers" level="body-sm" sx={{ mb: 2 }}>
        ← {t('reviews.back')}
      </Link>
      <Tabs value={tab} onChange={(_, value) => navigate(`/management/customers/${orderId}/${String(value)}`)} sx={{ bgcolor: 'transparent', mb: 2 }}>
        <TabList>
          <Tab value="review">{t('reviews.tabReview')}</Tab>
          <Tab value="order">{t('reviews.tabOrder')}</Tab>
        </TabList>
      </Tabs>
      {state === 'loading' && (
        <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minHeight: 200, justifyContent: 'center' }}>
          <CircularProgress size="sm" aria-hidden />
          <Typography>{t('order.loading')}</Typography>
        </Box>
      )}
      {state === 'failed' && (
        <Alert
          color="danger"
          variant="soft"
          endDecorator={
            <Button size="sm" color="danger" onClick={() => actor.send({ type: 'orderDetail.retry' })}>
              {t('order.retry')}
            </Button>
          }
        >
          {failedText}
        </Alert>
      )}
      {state === 'loaded' && order && tab === 'review' && (
        <Card variant="outlined" sx={{ maxWidth: 720 }}>
          <Typography level="title-md" component="h2">
            {t('reviews.review')}
          </Typography>
          {order.rating > 0 ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Stars rating={order.rating} label={t('stars.label', { rating: formatNumber(order.rating, language, 1) })} size={22} />
                <Typography level="body-sm" textColor="text.secondary">
                  {order.review_date !== null ? formatDateTime(order.review_date) : ''}
                </Typography>
              </Box>
              {order.review && <Typography level="body-md">“{order.review}”</Typography>}
            </>
          ) : (
            <Typography>{t('order.notRated')}</Typography>
          )}
          <Typography level="body-sm" textColor="text.secondary">
            {order.consumer.name} · {t('order.heading', { id: order.id })}
          </Typography>
        </Card>
      )}
      {state === 'loaded' && order && tab === 'order' && <OrderDetailView order={order} now={now()} />}
    </Page>
  );
}

export default function ReviewDetailScreen() {
  const { id = '', tab } = useParams();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId <= 0) return <Navigate to="/errors/error-404" replace />;
  if (!TABS.includes(tab as DetailTab)) return <Navigate to={`/management/customers/${orderId}/review`} replace />;
  return <ReviewDetail key={orderId} orderId={orderId} tab={tab as DetailTab} />;
}
