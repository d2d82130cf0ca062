import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../../api/session';
import { useT } from '../../i18n';
import { selectCanSwitchRole } from '../../machines/journal/selectors';
import { Logo } from '../../ui/logo';
import { LogoutIcon, MenuIcon } from '../../ui/icons';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { NotificationsButton } from './notifications-button';
import { RoleSwitch } from './role-switch';
import { StoreSwitcher } from './store-switcher';

/** The top bar's height; shell.css has it too (`--shell-top-bar-height`), for the sticky side navigation. */
export const TOP_BAR_HEIGHT = 56;

/**
 * The header on the orange band (the theme's `--joy-palette-brand-band`, the brand palette's 500: the band
 * stays orange whatever the store's accent). Plain UI (shell.css), like the widgets on its right.
 */
export function TopBar({
  user,
  onOpenNavigation,
  navigationOpen,
  menuButtonRef,
}: {
  user: SessionUser;
  onOpenNavigation: () => void;
  navigationOpen: boolean;
  /** The menu button, where focus returns when the navigation drawer closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const t = useT();
  const { session, dev } = useServices();
  const canSwitchRole = useProjection('session', selectCanSwitchRole);
  const DemoMenu = dev.DemoMenu;
  return (
    <header className="plain-band shell-top-bar">
      <button
        ref={menuButtonRef}
        type="button"
        className="plain-icon-button shell-menu-button"
        data-variant="on-band"
        aria-label={t('shell.openNavigation')}
        aria-expanded={navigationOpen}
        aria-controls="side-navigation-drawer"
        onClick={onOpenNavigation}
      >
        <MenuIcon />
      </button>
      <RouterLink to="/overview" aria-label={t('app.name')} className="shell-logo-link">
        <Logo />
        <span className="shell-app-name">{t('app.name')}</span>
      </RouterLink>
      <div className="shell-spacer" />
      {DemoMenu && <DemoMenu />}
      {canSwitchRole && <RoleSwitch operator={user.operator} />}
      <NotificationsButton />
      <StoreSwitcher currentStoreId={user.store.id} />
      <button type="button" className="plain-button shell-sign-out" data-variant="on-band" onClick={() => session.send({ type: 'session.signOut' })}>
        {/* 20 px, as Joy draws a medium button's start decorator. */}
        <LogoutIcon style={{ fontSize: 20 }} />
        {t('shell.signOut')}
      </button>
    </header>
  );
}
