import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useT } from '../../i18n';
import { now } from '../../lib/clock';
import { liveOrderDetailMachine, selectOrderDetailOrder, selectOrderDetailPhase } from '../../machines/orders';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { OrderDetailView } from './order-detail-view';
import { useFlow } from '../../app/use-flow';

/**
 * Loads an order and shows the order detail view: "Loading" while GET /stores/orders/{id} runs,
 * the view once it answers, and a message with Retry when it fails.
 */
export function OrderDetailLoader({ orderId, headingLevel = 2 }: { orderId: number; headingLevel?: 2 | 3 }) {
  const t = useT();
  const actor = useFlow(liveOrderDetailMachine, { input: { orderId } });
  const state = useSelector(actor, selectOrderDetailPhase);
  const order = useSelector(actor, selectOrderDetailOrder);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const failedText = useLoadFailureMessage(loadFailure, t('order.loadFailed'));

  if (state === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 240, justifyContent: 'center' }}>
        <CircularProgress size="sm" aria-hidden />
        <Typography>{t('order.loading')}</Typography>
      </Box>
    );
  }
  if (state === 'failed' || !order) {
    return (
      <Alert
        color="danger"
        variant="soft"
        endDecorator={
          <Button size="sm" variant="solid" color="danger" onClick={() => actor.send({ type: 'orderDetail.retry' })}>
            {t('order.retry')}
          </Button>
        }
      >
        {failedText}
      </Alert>
    );
  }
  return <OrderDetailView order={order} now={now()} headingLevel={headingLevel} />;
}
