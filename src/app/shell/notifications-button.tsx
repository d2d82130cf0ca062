import Badge from '@mui/joy/Badge';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Typography from '@mui/joy/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StoreNotification } from '../../api/stores';
import { useT } from '../../i18n';
import { now } from '../../lib/clock';
import { selectUnreadNotifications } from '../../machines/selectors';
import { BellIcon, OrderIcon, ProjectIcon, StarIcon, UserIcon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { onBrandButtonSx } from './on-brand';

const typeIcon = { order: OrderIcon, user: UserIcon, project: ProjectIcon, feature: StarIcon } as const;

/** The bell: unread count badge; the popover lists notifications and marks them read on open. */
export function NotificationsButton() {
  const t = useT();
  const navigate = useNavigate();
  const { journal } = useServices();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const items = useProjection('notifications', (view) => view.items);
  const unread = useProjection('notifications', selectUnreadNotifications, (a, b) => a?.length === b.length);

  const openPopover = () => {
    setOpen(true);
    if (unread.length > 0) journal.append({ type: 'notifications.read', at: now(), ids: unread.map((n) => n.id) });
  };
  const follow = (to: string) => {
    setOpen(false);
    navigate(to);
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
        onClick={() => (open ? setOpen(false) : openPopover())}
      >
        <Badge badgeContent={unread.length} color="danger" size="sm" badgeInset="-2px -4px" data-testid="notifications-badge">
          <BellIcon />
        </Badge>
      </IconButton>
      <Popover anchor={anchor} open={open} onClose={() => setOpen(false)} title={t('shell.notifications')} width={360}>
        {items.length === 0 ? (
          <Typography level="body-sm" sx={{ px: 1, py: 2 }}>
            {t('shell.notificationsEmpty')}
          </Typography>
        ) : (
          <List size="sm" sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onFollow={follow} />
            ))}
          </List>
        )}
        <Button variant="plain" fullWidth onClick={() => follow('/operations/orders/pending')} sx={{ mt: 1 }}>
          {t('shell.seeAll')}
        </Button>
      </Popover>
    </>
  );
}

function NotificationRow({ notification, onFollow }: { notification: StoreNotification; onFollow: (to: string) => void }) {
  const Icon = typeIcon[notification.type];
  return (
    <ListItem>
      <ListItemButton onClick={() => onFollow(notification.click_action)}>
        <ListItemDecorator>
          <Icon />
        </ListItemDecorator>
        <ListItemContent>
          <Typography level="title-sm" fontWeight={notification.read ? 'md' : 'lg'}>
            {notification.title}
          </Typography>
          <Typography level="body-xs">{dayjs(notification.created_at).from(now())}</Typography>
        </ListItemContent>
      </ListItemButton>
    </ListItem>
  );
}
