import Box from '@mui/joy/Box';
import { useSelector } from '@xstate/react';
import { Page } from '../../app/page';
import { liveManagementMachine, retryEvent, selectEarnings, selectInfo, selectPartLoadFailure, selectPartStatus, selectSales } from '../../machines/management';
import { EarningsCard, SalesCard } from './chart-cards';
import { InfoFigures } from './info-figures';
import { useFlow } from '../../app/use-flow';

const selectInfoStatus = selectPartStatus('info');
const selectSalesStatus = selectPartStatus('sales');
const selectCustomersStatus = selectPartStatus('customers');
const selectInfoFailure = selectPartLoadFailure('info');
const selectSalesFailure = selectPartLoadFailure('sales');
const selectCustomersFailure = selectPartLoadFailure('customers');

/**
 * The Management Information dashboard (/dashboards/default). The machine loads the three parts
 * in parallel; each part renders, waits or fails on its own.
 */
export default function ManagementScreen() {
  const actor = useFlow(liveManagementMachine);
  const infoStatus = useSelector(actor, selectInfoStatus);
  const salesStatus = useSelector(actor, selectSalesStatus);
  const customersStatus = useSelector(actor, selectCustomersStatus);
  const infoFailure = useSelector(actor, selectInfoFailure);
  const salesFailure = useSelector(actor, selectSalesFailure);
  const customersFailure = useSelector(actor, selectCustomersFailure);
  const info = useSelector(actor, selectInfo);
  const sales = useSelector(actor, selectSales);
  const earnings = useSelector(actor, selectEarnings);

  return (
    <Page titleKey="page.managementInfo">
      <InfoFigures status={infoStatus} failure={infoFailure} info={info} onRetry={() => actor.send(retryEvent.info)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <SalesCard status={salesStatus} failure={salesFailure} sales={sales} onRetry={() => actor.send(retryEvent.sales)} />
        <EarningsCard status={customersStatus} failure={customersFailure} earnings={earnings} onRetry={() => actor.send(retryEvent.customers)} />
      </Box>
    </Page>
  );
}
