import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Order } from '../../api/orders';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { now } from '../../lib/clock';
import { formatDateTime, formatMoney, formatNumber, NOT_GIVEN } from '../../lib/format';
import { pickupDeadline, pickupStatus, pickupStatusColor } from '../../lib/pickup-status';
import { COUNTER_UNDO_MS, liveCounterMachine, selectCounterPhase, selectCounterQuery, selectCounterUnresolved, selectMatchCount, selectMatches, selectOpenOrderCount, selectSelectedOrder, selectSending, selectUndoable } from '../../machines/orders';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { RetryAlert } from '../../ui/load-states';
import { itemsText } from './order-row';
import { useFlow } from '../../app/use-flow';

/** /operations/orders/counter: counter mode. */
export default function CounterScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.counter">{storeId !== null && <Counter key={storeId} storeId={storeId} />}</Page>;
}

/**
 * Handing orders over from the keyboard: the search box has the focus from the start and keeps
 * it. Type a number or a name, Enter selects the one match, Enter again hands it over; Escape
 * clears; Ctrl+Z (or the Undo button) takes the last handover back for a few seconds. Arrow down
 * moves into the list of matches when there are several.
 */
function Counter({ storeId }: { storeId: number }) {
  const { t, language } = useLocale();
  const actor = useFlow(liveCounterMachine, { input: { storeId } });
  const phase = useSelector(actor, selectCounterPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const query = useSelector(actor, selectCounterQuery);
  const selected = useSelector(actor, selectSelectedOrder);
  const unresolved = useSelector(actor, selectCounterUnresolved);
  const openCount = useSelector(actor, selectOpenOrderCount);
  const matches = useSelector(actor, selectMatches);
  const matchCount = useSelector(actor, selectMatchCount);
  const undoable = useSelector(actor, selectUndoable);
  const sending = useSelector(actor, selectSending);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const matchesId = useId();

  const focusSearch = () => searchRef.current?.focus();

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      actor.send({ type: 'counter.submit' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      actor.send({ type: 'counter.clear' });
    } else if (event.key === 'ArrowDown' && matches.length > 0 && selected === null) {
      event.preventDefault();
      listRef.current?.querySelector<HTMLElement>('[role="button"]')?.focus();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && undoable !== null && query === '') {
      event.preventDefault();
      actor.send({ type: 'counter.undo' });
    }
  };

  const onMatchKey = (event: KeyboardEvent<HTMLElement>, order: Order) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="button"]') ?? [])];
    const index = buttons.indexOf(event.currentTarget);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      buttons[Math.min(buttons.length - 1, index + 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) focusSearch();
      else buttons[index - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      focusSearch();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actor.send({ type: 'counter.choose', orderId: order.id });
      focusSearch();
    }
  };

  const listShown = !selected && matches.length > 0;
  const announcement = selected
    ? t('counter.selected', { id: selected.id, name: selected.consumer.name })
    : unresolved === 'none'
      ? t('counter.noMatch', { query })
      : unresolved === 'several'
        ? t('counter.several', { count: matchCount })
        : '';

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 880 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography level="body-sm" textColor="text.secondary" id={hintId}>
          {t('counter.hint')}
        </Typography>
        <Link component={RouterLink} to="/operations/orders/pending" level="body-sm" sx={{ ml: 'auto' }}>
          {t('counter.leave')}
        </Link>
      </Box>

      <Input
        slotProps={{
          input: {
            ref: searchRef,
            'aria-label': t('counter.search'),
            'aria-describedby': hintId,
            // Only while the list of matches is on screen: aria-controls must name an element that exists.
            'aria-controls': listShown ? matchesId : undefined,
            autoComplete: 'off',
            spellCheck: false,
          },
        }}
        // The counter is opened to type at once: the box has the focus from the start.
        autoFocus
        size="lg"
        value={query}
        placeholder={t('counter.placeholder')}
        onChange={(event) => actor.send({ type: 'counter.type', query: event.target.value })}
        onKeyDown={onSearchKey}
        endDecorator={
          <Chip variant="soft" color="neutral" size="sm">
            {phase === 'ready' ? t('counter.openCount', { count: formatNumber(openCount, language) }) : t('app.loading')}
          </Chip>
        }
        sx={{ fontSize: 'xl2' }}
      />

      <Typography role="status" aria-live="polite" level="body-sm" sx={{ minHeight: '1.5em' }} color={unresolved === 'none' ? 'warning' : 'neutral'}>
        {announcement}
      </Typography>

      {phase === 'failed' && <RetryAlert message={t('counter.loadFailed')} failure={loadFailure} retryLabel={t('orders.retry')} onRetry={() => actor.send({ type: 'counter.retry' })} />}

      {undoable && (
        <Alert
          color="success"
          variant="soft"
          role="status"
          endDecorator={
            <Button size="sm" variant="solid" color="success" onClick={() => { actor.send({ type: 'counter.undo' }); focusSearch(); }}>
              {t('counter.undo')}
            </Button>
          }
        >
          {t('counter.pickedUp', { id: undoable.id, name: undoable.consumer.name, seconds: Math.round(COUNTER_UNDO_MS / 1000) })}
        </Alert>
      )}

      {selected && <SelectedOrder order={selected} sending={sending} onHandOver={() => { actor.send({ type: 'counter.submit' }); focusSearch(); }} />}

      {listShown && (
        <Card variant="outlined" sx={{ p: 0 }}>
          <Typography level="title-sm" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {matchCount > matches.length ? t('counter.matchesMore', { shown: matches.length, count: matchCount }) : t('counter.matches', { count: matchCount })}
          </Typography>
          <List ref={listRef} id={matchesId} aria-label={t('counter.matchesLabel')}>
            {matches.map((order) => (
              <ListItem key={order.id}>
                <ListItemButton onKeyDown={(event) => onMatchKey(event, order)} onClick={() => { actor.send({ type: 'counter.choose', orderId: order.id }); focusSearch(); }}>
                  <Box sx={{ display: 'flex', gap: 2, width: '100%', alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography fontWeight="lg">#{order.id}</Typography>
                    <Typography>{order.consumer.name}</Typography>
                    <Typography level="body-sm" textColor="text.secondary" sx={{ flex: 1, minWidth: 160 }} noWrap>
                      {itemsText(order)}
                    </Typography>
                    <Typography level="body-sm">{formatMoney(order.total_price, language)}</Typography>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Box>
  );
}

/** The order on the desk, large enough to read across the counter. */
function SelectedOrder({ order, sending, onHandOver }: { order: Order; sending: boolean; onHandOver: () => void }) {
  const { t, language } = useLocale();
  const status = pickupStatus(order, now());
  const deadline = pickupDeadline(order);
  return (
    <Card variant="outlined" color="primary" sx={{ gap: 1.5 }} aria-labelledby={`counter-order-${order.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography level="h3" component="h2" id={`counter-order-${order.id}`}>
          {t('order.heading', { id: order.id })}
        </Typography>
        <Chip variant="soft" color={pickupStatusColor[status]}>
          {t(`pickup.${status}`)}
        </Chip>
      </Box>
      <Typography level="title-lg">{order.consumer.name}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {order.offersOrdered.map((line) => (
          <Typography component="li" key={line.id} level="body-lg">
            {line.quantityOrdered} × {line.offer.name}
          </Typography>
        ))}
      </Box>
      <Typography level="body-sm" textColor="text.secondary">
        {t('counter.orderFacts', { total: formatMoney(order.total_price, language), until: deadline === null ? NOT_GIVEN : formatDateTime(deadline) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="lg" color="success" onClick={onHandOver} loading={sending}>
          {t('counter.handOver')}
        </Button>
        <Typography level="body-sm" textColor="text.secondary">
          {sending ? t('counter.sendingPrevious') : t('counter.enterAgain')}
        </Typography>
      </Box>
    </Card>
  );
}
