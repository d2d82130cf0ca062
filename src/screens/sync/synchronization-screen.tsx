import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import LinearProgress from '@mui/joy/LinearProgress';
import Link from '@mui/joy/Link';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OrdersSync, SyncedOrder } from '../../api/crm-sync';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import { useLocale, type MessageKey, type Translate } from '../../i18n';
import { now } from '../../lib/clock';
import { isoDateTime } from '../../lib/dates';
import { formatDateTime, formatMoney, formatNumber, NOT_GIVEN, relativeShort } from '../../lib/format';
import { pickupStatus, pickupStatusColor } from '../../lib/pickup-status';
import { liveSyncMachine, selectSyncBusy, selectSyncFailure, selectSyncPhase, selectSyncWindow, type SyncFailure } from '../../machines/sync';
import { RetryAlert } from '../../ui/load-states';
import { useFlow } from '../../app/use-flow';

/** How often "5m ago" is brought up to date while the screen is open. */
const RELATIVE_REFRESH_MS = 30_000;

/** Re-renders the screen now and then so relative times do not go stale. */
function useTicking(everyMs: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}

/** "2026/11/22 10:04 · 5m ago". */
function WhenText({ at, current }: { at: number; current: number }) {
  const { t } = useLocale();
  const age = relativeShort(at, current);
  const ago = age.unit === 'now' ? t('sync.justNow') : t('sync.ago', { time: t(`relative.${age.unit}`, { count: age.count }) });
  return (
    <time dateTime={isoDateTime(at)}>
      {formatDateTime(at)} · {ago}
    </time>
  );
}

/** The window a run covered: every order (t = 0) or the changes since a time. */
const windowText = (t: Translate, since: number) => (since === 0 ? t('sync.windowAll') : t('sync.windowChanges', { date: formatDateTime(since) }));

/** What went wrong, in plain words per reason. */
function failureText(t: Translate, failure: SyncFailure): string {
  switch (failure.reason) {
    case 'offline':
      return t('sync.failed.offline');
    case 'timeout':
      return t('sync.failed.timeout');
    case 'server':
      return t('sync.failed.server', { status: failure.status, message: failure.message });
    case 'unexpected':
      return t('sync.failed.unexpected');
  }
}

/**
 * The CRM run carries an order's status code, not its pickup time: a code 0 order reads PENDING
 * (the label of src/lib/pickup-status.ts, without the lateness it cannot know). A run that does not
 * say the code shows no status.
 */

const syncedStatus = (order: SyncedOrder) => (order.status === undefined ? null : pickupStatus({ status: order.status, pickup_date: null }, 0));

function Figure({ label, value, testId }: { label: MessageKey; value: number; testId: string }) {
  const { t, language } = useLocale();
  return (
    <Card variant="soft" sx={{ gap: 0.25, minWidth: 120 }}>
      <Typography level="body-sm" textColor="text.secondary" component="h3">
        {t(label)}
      </Typography>
      <Typography level="h3" component="p" data-testid={testId}>
        {formatNumber(value, language)}
      </Typography>
    </Card>
  );
}

function OrdersSent({ run }: { run: OrdersSync }) {
  const { t, language } = useLocale();
  const captionId = useId();
  if (run.orders.length === 0) {
    return (
      <Typography level="body-sm" data-testid="sync-nothing-sent">
        {t('sync.nothingSent')}
      </Typography>
    );
  }
  return (
    <>
      <Typography id={captionId} level="title-sm" component="h3" sx={{ mt: 1 }}>
        {t('sync.ordersTable')}
      </Typography>
      {run.sent > run.orders.length && (
        <Typography level="body-sm" textColor="text.secondary" data-testid="sync-showing-first">
          {t('sync.showingFirst', { shown: formatNumber(run.orders.length, language), total: formatNumber(run.sent, language) })}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="sm" aria-labelledby={captionId} data-testid="sync-orders" sx={{ '& td:nth-of-type(2), & th:nth-of-type(3)': { textAlign: 'right' } }}>
          <thead>
            <tr>
              <th scope="col">{t('sync.colOrder')}</th>
              <th scope="col">{t('sync.colCustomer')}</th>
              <th scope="col">{t('sync.colTotal')}</th>
              <th scope="col">{t('sync.colStatus')}</th>
              <th scope="col">{t('sync.colAction')}</th>
            </tr>
          </thead>
          <tbody>
            {run.orders.map((order, index) => {
              const status = syncedStatus(order);
              // The spec does not show this answer: whatever it leaves out reads "—" (no link without an order id).
              return (
                <tr key={order.order_id ?? `at-${index}`} data-testid="sync-order" data-order-id={order.order_id}>
                  <th scope="row">
                    {order.order_id === undefined ? (
                      NOT_GIVEN
                    ) : (
                      <Link component={RouterLink} to={`/operations/order/${order.order_id}`}>
                        {t('sync.orderNumber', { id: order.order_id })}
                      </Link>
                    )}
                  </th>
                  <td>{order.consumer_email || NOT_GIVEN}</td>
                  <td>{order.total_price === undefined ? NOT_GIVEN : formatMoney(order.total_price, language)}</td>
                  <td>
                    {status === null ? (
                      NOT_GIVEN
                    ) : (
                      <Chip size="sm" variant="soft" color={pickupStatusColor[status]}>
                        {t(`pickup.${status}`)}
                      </Chip>
                    )}
                  </td>
                  <td data-testid="sync-order-action">{order.action === undefined ? NOT_GIVEN : t(`sync.action.${order.action}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Box>
    </>
  );
}

function RunSummary({ run }: { run: OrdersSync }) {
  const { t } = useLocale();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, gap: 1.5 }} data-testid="sync-summary">
      <Typography id={headingId} level="title-lg" component="h2">
        {t('sync.summary')}
      </Typography>
      <Typography level="body-sm" data-testid="sync-window">
        {windowText(t, run.since)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Figure label="sync.sent" value={run.sent} testId="sync-sent" />
        <Figure label="sync.created" value={run.created} testId="sync-created" />
        <Figure label="sync.updated" value={run.updated} testId="sync-updated" />
      </Box>
      <Typography level="body-xs" textColor="text.secondary" data-testid="sync-previous">
        {run.previous_synced_at === null ? t('sync.firstRun') : t('sync.previousRun', { date: formatDateTime(run.previous_synced_at) })}
      </Typography>
      <OrdersSent run={run} />
    </Card>
  );
}

function History({ runs, current }: { runs: readonly OrdersSync[]; current: number }) {
  const { t, language } = useLocale();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ gap: 1 }}>
      <Typography id={headingId} level="title-lg" component="h2">
        {t('sync.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="sm" aria-labelledby={headingId} data-testid="sync-history" sx={{ '& td:nth-of-type(n+2)': { textAlign: 'right' }, '& thead th:nth-of-type(n+3)': { textAlign: 'right' } }}>
          <thead>
            <tr>
              <th scope="col">{t('sync.colWhen')}</th>
              <th scope="col">{t('sync.colWindow')}</th>
              <th scope="col">{t('sync.sent')}</th>
              <th scope="col">{t('sync.created')}</th>
              <th scope="col">{t('sync.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.synced_at} data-testid="sync-history-run">
                <th scope="row">
                  <WhenText at={run.synced_at} current={current} />
                </th>
                <td>{windowText(t, run.since)}</td>
                <td>{formatNumber(run.sent, language)}</td>
                <td>{formatNumber(run.created, language)}</td>
                <td>{formatNumber(run.updated, language)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Box>
    </Card>
  );
}

/** "Re-send every order?": a full resync goes only after this. Cancel takes the initial focus. */
function FullResyncDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLocale();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={onCancel}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} sx={{ width: 'min(480px, calc(100vw - 24px))' }}>
        <DialogTitle id={titleId} component="h2">
          {t('sync.confirmTitle')}
        </DialogTitle>
        <DialogContent id={bodyId}>{t('sync.confirmBody')}</DialogContent>
        <DialogActions>
          <Button variant="solid" color="warning" onClick={onConfirm}>
            {t('sync.confirm')}
          </Button>
          <Button variant="plain" color="neutral" onClick={onCancel} autoFocus>
            {t('sync.cancel')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

/**
 * Synchronization (/synchronization): when the store's orders last went to the CRM (HubSpot), what
 * went, and the buttons to send them again: the changes since the last run, or every order after a
 * confirmation. The runs come from the crmSync projection, so they survive leaving the screen.
 */
export default function SynchronizationScreen() {
  const { t } = useLocale();
  const { journal } = useServices();
  const actor = useFlow(liveSyncMachine, { input: { lastSyncedAt: journal.state().crmSync.runs[0]?.synced_at ?? null } });
  const phase = useSelector(actor, selectSyncPhase);
  const busy = useSelector(actor, selectSyncBusy);
  const failure = useSelector(actor, selectSyncFailure);
  const running = useSelector(actor, selectSyncWindow);
  const runs = useProjection('crmSync', (view) => view.runs);
  const latest = runs[0] ?? null;
  const headingId = useId();
  useTicking(RELATIVE_REFRESH_MS);
  const current = now();

  return (
    <Page titleKey="page.synchronization">
      <Typography level="body-md" textColor="text.secondary" sx={{ mb: 2 }}>
        {t('sync.intro')}
      </Typography>
      {failure && <RetryAlert message={failureText(t, failure)} retryLabel={t('shell.retry')} onRetry={() => actor.send({ type: 'sync.retry' })} />}
      <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, gap: 1 }}>
        <Typography id={headingId} level="title-lg" component="h2">
          {t('sync.lastRun')}
        </Typography>
        {latest ? (
          <>
            <Typography level="body-md" data-testid="sync-last-run">
              <WhenText at={latest.synced_at} current={current} />
            </Typography>
            <Typography level="body-sm" textColor="text.secondary">
              {t('sync.nextChanges', { date: formatDateTime(latest.synced_at) })}
            </Typography>
          </>
        ) : (
          <>
            <Typography level="body-md" fontWeight="lg" data-testid="sync-not-yet">
              {t('sync.notYet')}
            </Typography>
            <Typography level="body-sm" textColor="text.secondary">
              {t('sync.notYetBody')}
            </Typography>
          </>
        )}
        <Box role="group" aria-label={t('sync.actions')} aria-busy={busy} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button onClick={() => actor.send({ type: 'sync.run' })} disabled={busy}>
            {t('sync.syncNow')}
          </Button>
          <Button variant="outlined" onClick={() => actor.send({ type: 'sync.askFullResync' })} disabled={busy}>
            {t('sync.fullResync')}
          </Button>
        </Box>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 0.5 }}>
          {busy && (
            <>
              <Typography level="body-sm" data-testid="sync-running">
                {running === 0 ? t('sync.runningAll') : t('sync.runningChanges', { date: formatDateTime(running) })}
              </Typography>
              <LinearProgress aria-label={t('sync.actions')} />
            </>
          )}
        </Box>
      </Card>
      {latest && <RunSummary run={latest} />}
      {runs.length > 1 && <History runs={runs.slice(1)} current={current} />}
      <FullResyncDialog
        open={phase === 'confirmingFullResync'}
        onCancel={() => actor.send({ type: 'sync.cancelFullResync' })}
        onConfirm={() => actor.send({ type: 'sync.confirmFullResync' })}
      />
    </Page>
  );
}
