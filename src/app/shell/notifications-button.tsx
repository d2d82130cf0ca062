import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StoreNotification } from '../../api/stores';
import { useT } from '../../i18n';
import { livePushMachine, selectPushStatus } from '../../machines/notifications';
import { selectUnreadNotifications } from '../../machines/journal/selectors';
import { Popover } from '../../ui/popover';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { NotificationsPanel } from './notifications-panel';
import { BellIcon } from '../../ui/icons';
import './top-bar-widgets.css';
import { useFlow } from '../use-flow';

/** Same unread notifications: a read and a new one in one step keep the count but not the ids. */
const sameIds = (a: StoreNotification[] | undefined, b: StoreNotification[]) => !!a && a.length === b.length && a.every((n, i) => n.id === b[i].id);

/** Joy's Badge shows at most 99. */
const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

/** The bell of the current store; a new store (store switch) starts its own push subscription. */
export function NotificationsButton() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (storeId === null) return null;
  return <NotificationsBell key={storeId} storeId={storeId} />;
}

/**
 * The bell: its badge counts the unread notifications. Opening the popover marks the listed ones
 * read (the badge clears) while the popover still shows which were new. Pushes arrive through the
 * push machine, which runs from the first render, popover open or not; without pushes it refreshes
 * the list every minute while the console is visible (decision 031). Plain UI (the icon
 * button on the band and Joy's Badge, `.plain-badge`), like the popover and its rows
 * (notifications-panel.tsx): the top bar loads no Joy.
 */
function NotificationsBell({ storeId }: { storeId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const { push } = useServices();
  const pushActor = useFlow(livePushMachine, { input: { storeId } }, { channel: push });
  const pushStatus = useSelector(pushActor, selectPushStatus);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  // The ids that were unread when the popover opened: still shown as new while it stays open.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const items = useProjection('notifications', (view) => view.items);
  const unread = useProjection('notifications', selectUnreadNotifications, sameIds);

  // Read marks go through the bell's machine: the journal, and this browser for the operator.
  const openPopover = () => {
    setOpen(true);
    setFresh(new Set(unread.map((n) => n.id)));
    if (unread.length > 0) pushActor.send({ type: 'notifications.markRead', ids: unread.map((n) => n.id) });
  };
  const close = () => setOpen(false);
  const followed = (notification: StoreNotification) => {
    if (!notification.read) pushActor.send({ type: 'notifications.markRead', ids: [notification.id] });
    close();
  };

  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className="plain-icon-button"
        data-variant="on-band"
        aria-label={unread.length > 0 ? t('shell.notificationsCount', { count: unread.length }) : t('shell.notifications')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : openPopover())}
      >
        <span className="plain-badge" data-testid="notifications-badge">
          <BellIcon />
          {unread.length > 0 && <span className="plain-badge-count">{badgeCount(unread.length)}</span>}
        </span>
      </button>
      <Popover anchor={anchor} open={open} onClose={close} title={t('shell.notifications')} width={380}>
        <NotificationsPanel
          items={items}
          fresh={fresh}
          pushStatus={pushStatus}
          onEnablePush={() => pushActor.send({ type: 'push.enable' })}
          onFollow={followed}
          onSeeAll={() => {
            close();
            navigate('/operations/orders/pending');
          }}
        />
      </Popover>
    </>
  );
}
