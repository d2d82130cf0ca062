import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Page } from '../../app/page';
import { useT } from '../../i18n';
import { now } from '../../lib/clock';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveOrderPageMachine, selectConfirmingOrderCancel, selectOrderBusy, selectOrderPageOrder, selectOrderPagePhase } from '../../machines/orders';
import { RetryAlert } from '../../ui/load-states';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderDetailView } from './order-detail-view';
import { useFlow } from '../../app/use-flow';

/** /operations/order/{id}: the order detail view and what the operator can do with the order. */
export default function OrderScreen() {
  const { id = '' } = useParams();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId <= 0) return <Navigate to="/errors/error-404" replace />;
  return (
    <Page titleKey="page.order" params={{ id: orderId }}>
      <OrderPage key={orderId} orderId={orderId} />
    </Page>
  );
}

function OrderPage({ orderId }: { orderId: number }) {
  const t = useT();
  const actor = useFlow(liveOrderPageMachine, { input: { orderId } });
  const phase = useSelector(actor, selectOrderPagePhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const order = useSelector(actor, selectOrderPageOrder);
  const busy = useSelector(actor, selectOrderBusy);
  const confirming = useSelector(actor, selectConfirmingOrderCancel);

  const backLink = (
    <Link component={RouterLink} to={order?.status === 0 || order === null ? '/operations/orders/pending' : '/operations/orders/sold'} level="body-sm">
      {t('orders.backToList')}
    </Link>
  );

  if (phase === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 240, justifyContent: 'center' }}>
        <CircularProgress size="sm" aria-hidden />
        <Typography>{t('order.loading')}</Typography>
      </Box>
    );
  }
  if (phase === 'failed' || order === null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {backLink}
        <RetryAlert message={t('order.loadFailed')} failure={loadFailure} retryLabel={t('order.retry')} onRetry={() => actor.send({ type: 'order.retry' })} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      {backLink}
      <Box
        role="group"
        aria-label={t('orders.actions')}
        aria-busy={busy}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        {order.status === 0 && (
          <>
            <Button color="success" loading={busy} onClick={() => actor.send({ type: 'order.setStatus', status: 1 })}>
              {t('orders.markPickedUp')}
            </Button>
            <Button variant="outlined" color="danger" disabled={busy} onClick={() => actor.send({ type: 'order.askCancel' })}>
              {t('orders.cancelOrder')}
            </Button>
          </>
        )}
        {order.status === 1 && (
          <Button variant="outlined" color="neutral" loading={busy} onClick={() => actor.send({ type: 'order.setStatus', status: 0 })}>
            {t('orders.backToPending')}
          </Button>
        )}
        {order.status !== 0 && order.status !== 1 && (
          <Typography level="body-sm" textColor="text.secondary">
            {t('orders.settled')}
          </Typography>
        )}
      </Box>
      <OrderDetailView order={order} now={now()} withHeading={false} />
      <CancelOrderDialog order={confirming ? order : null} onKeep={() => actor.send({ type: 'order.dismissCancel' })} onConfirm={() => actor.send({ type: 'order.confirmCancel' })} />
    </Box>
  );
}
