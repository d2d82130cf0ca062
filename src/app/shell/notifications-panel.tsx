import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { StoreNotification } from '../../api/stores';
import { useT, type MessageKey } from '../../i18n';
import { clickTarget } from '../../lib/click-action';
import { now } from '../../lib/clock';
import { isoDateTime } from '../../lib/dates';
import { formatDateAndTime, relativeShort } from '../../lib/format';
import type { PushStatus } from '../../machines/notifications';
import { BellRingIcon, FeatureIcon, OrderIcon, ProjectIcon, UserIcon } from '../../ui/icons';
import './top-bar-widgets.css';

/**
 * What the bell's popover shows: the notifications, the push control and "See all". Plain UI
 * drawn as Joy drew it (List size sm with 6 px rows, ListItemButton, ListItemDecorator,
 * Typography title-sm / body-xs, the soft and the plain Button: `.plain-list` in
 * src/ui/plain.css, `.notifications-*` in top-bar-widgets.css), so opening the popover needs no
 * Joy either and its rows are there the moment it opens.
 */
type NotificationType = StoreNotification['type'];

const typeIcon = { order: OrderIcon, user: UserIcon, project: ProjectIcon, feature: FeatureIcon } as const;
const typeColor = { order: 'primary', user: 'neutral', project: 'warning', feature: 'success' } as const;
const typeLabel: Record<NotificationType, MessageKey> = {
  order: 'notifications.type.order',
  user: 'notifications.type.user',
  project: 'notifications.type.project',
  feature: 'notifications.type.feature',
};

export function NotificationsPanel({
  items,
  fresh,
  pushStatus,
  onEnablePush,
  onFollow,
  onSeeAll,
}: {
  items: StoreNotification[];
  /** The ids that were unread when the popover opened: still shown as new. */
  fresh: ReadonlySet<number>;
  pushStatus: PushStatus;
  onEnablePush: () => void;
  onFollow: (notification: StoreNotification) => void;
  onSeeAll: () => void;
}) {
  const t = useT();
  return (
    <>
      {items.length === 0 ? (
        <p className="plain-small notifications-empty">{t('shell.notificationsEmpty')}</p>
      ) : (
        <ul className="plain-list notifications-list" data-testid="notifications-list">
          {items.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              isNew={!notification.read || fresh.has(notification.id)}
              onFollow={() => onFollow(notification)}
            />
          ))}
        </ul>
      )}
      <PushControl status={pushStatus} onEnable={onEnablePush} />
      <button type="button" className="plain-button notifications-see-all" data-variant="plain" data-fullwidth onClick={onSeeAll}>
        {t('shell.seeAll')}
      </button>
    </>
  );
}

/**
 * One notification: its type (icon and, for screen readers, a word), its title and how long ago
 * (the date in its tooltip); clicking follows click_action and marks it read.
 */
function NotificationRow({ notification, isNew, onFollow }: { notification: StoreNotification; isNew: boolean; onFollow: () => void }) {
  const t = useT();
  const { type, title, created_at } = notification;
  const Icon = typeIcon[type];
  const age = relativeShort(created_at, now());
  const target = clickTarget(notification.click_action, window.location.origin);
  const fresh = isNew || undefined;

  const content: ReactNode = (
    <>
      <span className="plain-list-decorator">
        <Icon color={typeColor[type]} data-icon={type} />
      </span>
      <div className="notifications-content">
        <p className="plain-title notifications-title" data-new={fresh} data-testid="notification-title">
          {isNew && <span className="plain-visually-hidden">{`${t('notifications.unread')}: `}</span>}
          {title}
        </p>
        <span className="plain-body-xs plain-text-secondary notifications-meta">
          <span className="plain-visually-hidden">{`${t(typeLabel[type])}, `}</span>
          <time dateTime={isoDateTime(created_at)} title={formatDateAndTime(created_at)} data-testid="notification-age">
            {t(`relative.${age.unit}`, { count: age.count })}
          </time>
          {target?.kind === 'external' && <span className="plain-visually-hidden">{` (${t('notifications.opensInNewTab')})`}</span>}
        </span>
      </div>
      {isNew && <span aria-hidden className="notifications-dot" />}
    </>
  );

  return (
    <li className="plain-list-item" data-testid="notification" data-type={type} data-new={isNew ? 'true' : 'false'}>
      {target?.kind === 'app' ? (
        <RouterLink to={target.path} onClick={onFollow} className="plain-list-button notifications-row" data-new={fresh}>
          {content}
        </RouterLink>
      ) : target?.kind === 'external' ? (
        <a href={target.url} target="_blank" rel="noopener noreferrer" onClick={onFollow} className="plain-list-button notifications-row" data-new={fresh}>
          {content}
        </a>
      ) : (
        // A click_action the console does not follow (docs/decisions/009): the row only informs.
        <div className="notifications-row-static" data-new={fresh}>
          {content}
        </div>
      )}
    </li>
  );
}

const pushHint: Partial<Record<PushStatus, MessageKey>> = {
  off: 'notifications.pushOffer',
  asking: 'notifications.pushOffer',
  failed: 'notifications.pushFailed',
  blocked: 'notifications.pushBlocked',
  subscribed: 'notifications.pushOn',
  unavailable: 'notifications.pushUnavailable',
};

/** Push notifications in this browser: the offer to turn them on (a click may ask), or their state. */
function PushControl({ status, onEnable }: { status: PushStatus; onEnable: () => void }) {
  const t = useT();
  const hint = pushHint[status];
  if (!hint) return null;
  const canEnable = status === 'off' || status === 'asking' || status === 'failed';
  const asking = status === 'asking';
  return (
    <div className="notifications-push" data-testid="push-control">
      <span className="plain-body-xs notifications-push-hint" role={status === 'failed' ? 'alert' : undefined} data-failed={status === 'failed' || undefined} data-spaced={canEnable || undefined}>
        {t(hint)}
      </span>
      {canEnable && (
        // Joy's loading button: disabled while the browser asks, a spinner in place of the icon.
        <button type="button" className="plain-button notifications-push-enable" data-variant="soft" data-size="sm" disabled={asking} onClick={onEnable}>
          {asking ? <span aria-hidden className="plain-spinner" data-size="sm" /> : <BellRingIcon />}
          {t('notifications.pushEnable')}
        </button>
      )}
    </div>
  );
}
