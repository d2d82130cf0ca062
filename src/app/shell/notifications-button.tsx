import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Typography from '@mui/joy/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { StoreNotification } from '../../api/stores';
import { useT, type MessageKey } from '../../i18n';
import { clickTarget } from '../../lib/click-action';
import { now } from '../../lib/clock';
import { formatDateAndTime, relativeShort } from '../../lib/format';
import { livePushMachine } from '../../machines/push.live';
import { selectPushStatus, type PushStatus } from '../../machines/push.machine';
import { selectUnreadNotifications } from '../../machines/selectors';
import { BellIcon, BellRingIcon, FeatureIcon, OrderIcon, ProjectIcon, UserIcon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { visuallyHidden } from '../../ui/visually-hidden';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { onBrandButtonSx } from './on-brand';

type NotificationType = StoreNotification['type'];

const typeIcon = { order: OrderIcon, user: UserIcon, project: ProjectIcon, feature: FeatureIcon } as const;
const typeColor = { order: 'primary', user: 'neutral', project: 'warning', feature: 'success' } as const;
const typeLabel: Record<NotificationType, MessageKey> = {
  order: 'notifications.type.order',
  user: 'notifications.type.user',
  project: 'notifications.type.project',
  feature: 'notifications.type.feature',
};

/** Same unread notifications: a read and a new one in one step keep the count but not the ids. */
const sameIds = (a: StoreNotification[] | undefined, b: StoreNotification[]) => !!a && a.length === b.length && a.every((n, i) => n.id === b[i].id);

/** The bell of the current store; a new store (store switch) starts its own push subscription. */
export function NotificationsButton() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (storeId === null) return null;
  return <NotificationsBell key={storeId} storeId={storeId} />;
}

/**
 * The bell: its badge counts the unread notifications. Opening the popover marks the listed ones
 * read (the badge clears) while the popover still shows which were new. Each row says its type
 * (icon and, for screen readers, a word), its title and how long ago (the date in its tooltip);
 * clicking follows click_action and marks it read. Pushes arrive through the push machine.
 */
function NotificationsBell({ storeId }: { storeId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const { journal, notify, push } = useServices();
  const [machine] = useState(() => livePushMachine({ journal, notify, channel: push }));
  const pushActor = useActorRef(machine, { input: { storeId } });
  const pushStatus = useSelector(pushActor, selectPushStatus);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  // The ids that were unread when the popover opened: still shown as new while it stays open.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const items = useProjection('notifications', (view) => view.items);
  const unread = useProjection('notifications', selectUnreadNotifications, sameIds);

  const openPopover = () => {
    setOpen(true);
    setFresh(new Set(unread.map((n) => n.id)));
    if (unread.length > 0) journal.append({ type: 'notifications.read', at: now(), ids: unread.map((n) => n.id) });
  };
  const close = () => setOpen(false);
  const followed = (notification: StoreNotification) => {
    if (!notification.read) journal.append({ type: 'notifications.read', at: now(), ids: [notification.id] });
    close();
  };

  return (
    <>
      <IconButton
        ref={setAnchor}
        variant="plain"
        sx={onBrandButtonSx}
        aria-label={unread.length > 0 ? t('shell.notificationsCount', { count: unread.length }) : t('shell.notifications')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : openPopover())}
      >
        <Badge badgeContent={unread.length} color="danger" size="sm" badgeInset="-2px -4px" data-testid="notifications-badge">
          <BellIcon />
        </Badge>
      </IconButton>
      <Popover anchor={anchor} open={open} onClose={close} title={t('shell.notifications')} width={380}>
        {items.length === 0 ? (
          <Typography level="body-sm" sx={{ px: 1, py: 2 }}>
            {t('shell.notificationsEmpty')}
          </Typography>
        ) : (
          <List size="sm" sx={{ maxHeight: 360, overflowY: 'auto', '--ListItem-radius': '6px' }} data-testid="notifications-list">
            {items.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                isNew={!notification.read || fresh.has(notification.id)}
                onFollow={() => followed(notification)}
              />
            ))}
          </List>
        )}
        <PushControl status={pushStatus} onEnable={() => pushActor.send({ type: 'push.enable' })} />
        <Button
          variant="plain"
          fullWidth
          onClick={() => {
            close();
            navigate('/operations/orders/pending');
          }}
          sx={{ mt: 1 }}
        >
          {t('shell.seeAll')}
        </Button>
      </Popover>
    </>
  );
}

function NotificationRow({ notification, isNew, onFollow }: { notification: StoreNotification; isNew: boolean; onFollow: () => void }) {
  const t = useT();
  const { type, title, created_at } = notification;
  const Icon = typeIcon[type];
  const age = relativeShort(created_at, now());
  const target = clickTarget(notification.click_action, window.location.origin);

  const content: ReactNode = (
    <>
      <ListItemDecorator>
        <Icon color={typeColor[type]} data-icon={type} />
      </ListItemDecorator>
      <ListItemContent>
        <Typography level="title-sm" fontWeight={isNew ? 'lg' : 'md'} data-testid="notification-title">
          {isNew && (
            <Box component="span" sx={visuallyHidden}>
              {`${t('notifications.unread')}: `}
            </Box>
          )}
          {title}
        </Typography>
        <Typography level="body-xs" textColor="text.secondary">
          <Box component="span" sx={visuallyHidden}>
            {`${t(typeLabel[type])}, `}
          </Box>
          <time dateTime={new Date(created_at).toISOString()} title={formatDateAndTime(created_at)} data-testid="notification-age">
            {t(`relative.${age.unit}`, { count: age.count })}
          </time>
          {target?.kind === 'external' && (
            <Box component="span" sx={visuallyHidden}>
              {` (${t('notifications.opensInNewTab')})`}
            </Box>
          )}
        </Typography>
      </ListItemContent>
      {isNew && <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'danger.solidBg', flexShrink: 0 }} />}
    </>
  );
  const rowSx = { alignItems: 'flex-start', bgcolor: isNew ? 'primary.softBg' : undefined } as const;

  return (
    <ListItem data-testid="notification" data-type={type} data-new={isNew ? 'true' : 'false'}>
      {target?.kind === 'app' ? (
        <ListItemButton component={RouterLink} to={target.path} onClick={onFollow} sx={rowSx}>
          {content}
        </ListItemButton>
      ) : target?.kind === 'external' ? (
        <ListItemButton component="a" href={target.url} target="_blank" rel="noopener noreferrer" onClick={onFollow} sx={rowSx}>
          {content}
        </ListItemButton>
      ) : (
        // A click_action the console does not follow (docs/decisions/009): the row only informs.
        <Box sx={{ display: 'flex', gap: 1.5, px: 1.5, py: 0.75, borderRadius: '6px', width: '100%', ...rowSx }}>{content}</Box>
      )}
    </ListItem>
  );
}

const pushHint: Partial<Record<PushStatus, MessageKey>> = {
  off: 'notifications.pushOffer',
  asking: 'notifications.pushOffer',
  failed: 'notifications.pushFailed',
  blocked: 'notifications.pushBlocked',
  subscribed: 'notifications.pushOn',
};

/** Push notifications in this browser: the offer to turn them on (a click may ask), or their state. */
function PushControl({ status, onEnable }: { status: PushStatus; onEnable: () => void }) {
  const t = useT();
  const hint = pushHint[status];
  if (!hint) return null;
  const canEnable = status === 'off' || status === 'asking' || status === 'failed';
  return (
    <Box sx={{ mt: 1, px: 1, pt: 1, borderTop: '1px solid', borderColor: 'divider' }} data-testid="push-control">
      <Typography level="body-xs" role={status === 'failed' ? 'alert' : undefined} color={status === 'failed' ? 'danger' : undefined} sx={{ mb: canEnable ? 1 : 0 }}>
        {t(hint)}
      </Typography>
      {canEnable && (
        <Button size="sm" variant="soft" startDecorator={<BellRingIcon />} loading={status === 'asking'} loadingPosition="start" onClick={onEnable}>
          {t('notifications.pushEnable')}
        </Button>
      )}
    </Box>
  );
}
