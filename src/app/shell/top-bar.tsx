import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../../api/session';
import { useT } from '../../i18n';
import { selectCanSwitchRole } from '../../machines/selectors';
import { Logo } from '../../ui/logo';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { NotificationsButton } from './notifications-button';
import { RoleSwitch } from './role-switch';
import { StoreSwitcher } from './store-switcher';

/** The top bar's height; shell.css has it too (`--shell-top-bar-height`), for the sticky side navigation. */
export const TOP_BAR_HEIGHT = 56;

/** The icons of the shell, drawn inline (Material paths) so the shell needs no Joy SvgIcon. */
function ShellIcon({ path, size }: { path: string; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
      <path d={path} />
    </svg>
  );
}

export function MenuIcon() {
  return <ShellIcon size={24} path="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />;
}

/** 20 px, as Joy draws a medium button's start decorator. */
export function LogoutIcon() {
  return (
    <ShellIcon
      size={20}
      path="M17 7l-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4V5z"
    />
  );
}

/**
 * The header on the orange band (plain.css's `--plain-brand`, the brand palette's 500: the band
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
    <header className="shell-top-bar">
      <button
        ref={menuButtonRef}
        type="button"
        className="shell-menu-button"
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
        <LogoutIcon />
        {t('shell.signOut')}
      </button>
    </header>
  );
}
