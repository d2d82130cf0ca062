import { memo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import type { SessionUser } from '../../api/session';
import { profileRouteId } from '../../lib/operator-identity';
import { navigationFor } from './navigation';

/*
 * Plain UI (shell.css, src/ui/plain.css), drawn as Joy's Avatar, Typography, Link and List were:
 * the signed-in shell loads no Joy (docs/decisions/019-sign-in-without-joy.md).
 */

function isCurrent(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SideNav({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('shell.mainNavigation')} className="shell-nav">
      <div className="shell-nav-store">
        <RouterLink
          to="/settings/general"
          aria-label={t('shell.storeAvatar', { name: user.store.name })}
          onClick={onNavigate}
          className="shell-avatar-link"
        >
          {/* A new picture gets a new try at loading. */}
          <StoreAvatar key={user.store.avatar} src={user.store.avatar || undefined} initial={user.store.name.slice(0, 1)} />
        </RouterLink>
        <div className="shell-nav-store-text">
          <p className="plain-title shell-store-name" data-testid="store-name">
            {user.store.name}
          </p>
          {/* The operator's own profile (/profile/{id}): their e-mail is the way in. */}
          <RouterLink
            to={`/profile/${profileRouteId(user.operator)}`}
            onClick={onNavigate}
            aria-label={t('profile.link', { email: user.operator.email })}
            data-testid="profile-link"
            className="shell-profile-link"
          >
            {user.operator.email}
          </RouterLink>
        </div>
      </div>
      <NavEntries role={user.operator.role} pathname={pathname} onNavigate={onNavigate} />
    </nav>
  );
}

/** The store's picture, or its first letter while there is none or it fails to load (as Joy's Avatar). */
function StoreAvatar({ src, initial }: { src: string | undefined; initial: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="plain-avatar" data-size="lg">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initial}
    </span>
  );
}

/**
 * The entries, memoised on the path: a change of the query string alone (a list's page or filter)
 * does not re-render the navigation's buttons.
 */
const NavEntries = memo(function NavEntries({ role, pathname, onNavigate }: { role: string; pathname: string; onNavigate?: () => void }) {
  const t = useT();
  const groups = navigationFor(role);
  return (
    <div className="shell-nav-scroller">
      <ul className="shell-nav-groups">
        {groups.map((group, index) => (
          <li key={group.label ?? `group-${index}`} className="shell-nav-group">
            {group.label && <div className="shell-nav-heading">{t(group.label)}</div>}
            <ul aria-label={group.label ? t(group.label) : undefined} className="shell-nav-list">
              {group.entries.map((entry) => {
                const current = isCurrent(pathname, entry.to);
                return (
                  <li key={entry.to}>
                    <RouterLink
                      to={entry.to}
                      aria-current={current ? 'page' : undefined}
                      data-selected={current || undefined}
                      onClick={onNavigate}
                      className="plain-list-button shell-nav-entry"
                    >
                      {t(entry.label)}
                    </RouterLink>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
});
