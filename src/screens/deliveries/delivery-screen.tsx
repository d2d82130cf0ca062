import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';
import Link from '@mui/joy/Link';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../app/page';
import { useT } from '../../i18n';
import { liveDeliveryPageMachine, selectDelivery, selectDeliveryPagePhase } from '../../machines/deliveries';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { RetryAlert } from '../../ui/load-states';
import { deliveryPath, isDeliveryTab, type DeliveryTab } from './deliveries-url';
import { DeliveryCard } from './delivery-card';
import { DeliveryPlaces, DeliveryRoute } from './delivery-route';
import { useFlow } from '../../app/use-flow';

/**
 * /delivery-order/{id}/{tab}: one delivery order, tabs summary (the card's fields and the places
 * of its route) and route (the route map). Tabs are routes, so reload and back keep them; an
 * unknown tab goes to the summary, an id that is not one goes to the 404 page.
 */
export default function DeliveryScreen() {
  const { id = '', tab } = useParams();
  const deliveryId = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(deliveryId) || deliveryId <= 0) return <Navigate to="/errors/error-404" replace />;
  if (!isDeliveryTab(tab)) return <Navigate to={deliveryPath(deliveryId)} replace />;
  return (
    <Page titleKey="page.deliveryOrder" params={{ id: deliveryId }}>
      {/* Keyed by id: another delivery is another load; another tab of this one is not. */}
      <DeliveryPage key={deliveryId} deliveryId={deliveryId} tab={tab} />
    </Page>
  );
}

function DeliveryPage({ deliveryId, tab }: { deliveryId: number; tab: DeliveryTab }) {
  const t = useT();
  const navigate = useNavigate();
  const actor = useFlow(liveDeliveryPageMachine, { input: { deliveryId } });
  const phase = useSelector(actor, selectDeliveryPagePhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const delivery = useSelector(actor, selectDelivery);

  const backLink = (
    <Link component={RouterLink} to="/delivery-orders" level="body-sm">
      {t('delivery.backToList')}
    </Link>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      {backLink}
      <Tabs value={tab} onChange={(_, value) => value !== tab && isDeliveryTab(String(value)) && void navigate(deliveryPath(deliveryId, value as DeliveryTab))} sx={{ bgcolor: 'transparent' }}>
        <TabList aria-label={t('delivery.tabs')}>
          <Tab value="summary">{t('delivery.tab.summary')}</Tab>
          <Tab value="route">{t('delivery.tab.route')}</Tab>
        </TabList>
        <TabPanel value={tab} sx={{ px: 0 }}>
          {phase === 'loading' && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 240, justifyContent: 'center' }}>
              <CircularProgress size="sm" aria-hidden />
              <Typography>{t('delivery.loading')}</Typography>
            </Box>
          )}
          {phase === 'failed' && <RetryAlert message={t('delivery.loadFailed')} failure={loadFailure} retryLabel={t('deliveries.retry')} onRetry={() => actor.send({ type: 'delivery.retry' })} />}
          {phase === 'ready' && delivery !== null && tab === 'summary' && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <DeliveryCard delivery={delivery} moreInformation={false} />
              <DeliveryPlaces places={delivery.places} />
            </Box>
          )}
          {phase === 'ready' && delivery !== null && tab === 'route' && <DeliveryRoute delivery={delivery} />}
        </TabPanel>
      </Tabs>
    </Box>
  );
}
