import { Suspense, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Outlet } from 'react-router-dom';
import type { SessionUser } from '../../api/session';
import { useT } from '../../i18n';
import { liveStoreProfileMachine } from '../../machines/store';
import { selectUser } from '../../machines/journal/selectors';
import { LoadingBackdrop } from '../../ui/loading-backdrop';
import { useProjection, useSession } from '../hooks';
import { useServices } from '../services';
import './shell.css';
import { SideNav } from './side-nav';
import { CloseIcon, LogoutIcon } from '../../ui/icons';
import { RouteFrame } from './route-frame';
import { TopBar } from './top-bar';
import { useFlow } from '../use-flow';

/*
 * The shell is plain UI (shell.css, src/ui/plain.css): ordinary elements drawn as Joy drew them, so
 * the first signed-in page does not pay for Joy's runtime styles before its content (the approach
 * of docs/decisions/019-sign-in-without-joy.md). The top bar's widgets and the screens are Joy,
 * inside the <JoyTheme> that routes.tsx puts around the shell.
 */

/** Loads the store profile (avatar, notifications) once per store for the shell. */
function StoreProfileLoader({ storeId }: { storeId: number }) {
  useFlow(liveStoreProfileMachine, { input: { storeId } });
  return null;
}

/**
 * The navigation on small screens: a modal <dialog> sliding in from the left, mounted while open.
 * Escape, the close button, a click on the backdrop and following a link close it; focus moves
 * into it (the browser's, on showModal) and back to the menu button once it has closed.
 */
function NavigationDrawer({
  user,
  returnFocusTo,
  onClose,
  onSignOut,
}: {
  user: SessionUser;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onSignOut: () => void;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    // The menu button stays mounted with the top bar: the same node when the drawer closes.
    const menuButton = returnFocusTo.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) dialog.close();
      menuButton?.focus();
    };
  }, [returnFocusTo]);

  // A click on the backdrop: the panel fills the dialog, so a click on the dialog itself outside
  // the panel's box is on its ::backdrop. Escape closes it here too, not only through the
  // browser's cancel event (below), so it does the same wherever a <dialog> is half-implemented.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const closeOnBackdrop = (event: MouseEvent) => {
      if (event.target !== dialog) return;
      const panel = panelRef.current?.getBoundingClientRect();
      const inside = panel && event.clientX >= panel.left && event.clientX <= panel.right && event.clientY >= panel.top && event.clientY <= panel.bottom;
      if (!inside) onClose();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('click', closeOnBackdrop);
    dialog.addEventListener('keydown', closeOnEscape);
    return () => {
      dialog.removeEventListener('click', closeOnBackdrop);
      dialog.removeEventListener('keydown', closeOnEscape);
    };
  }, [onClose]);

  return (
    <dialog
      ref={dialogRef}
      id="side-navigation-drawer"
      className="shell-drawer"
      onCancel={(event) => {
        // Escape: the shell's state closes it (unmounting), as every other way does.
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      <div ref={panelRef} className="shell-drawer-panel">
        <button type="button" className="plain-icon-button shell-drawer-close" aria-label={t('shell.closeNavigation')} onClick={onClose}>
          <CloseIcon style={{ fontSize: 17.5 }} />
        </button>
        <SideNav user={user} onNavigate={onClose} />
        <div className="shell-drawer-footer">
          <button type="button" className="plain-button shell-drawer-sign-out" data-variant="soft" data-fullwidth onClick={onSignOut}>
            <LogoutIcon style={{ fontSize: 20 }} />
            {t('shell.signOut')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** Top bar, side navigation (a drawer on small screens) and the content area. */
export function Shell() {
  const t = useT();
  const { session } = useServices();
  const user = useProjection('session', selectUser);
  const signingOut = useSession((s) => s.matches('signingOut'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  if (!user) return null;

  return (
    <div className="shell">
      <a className="plain-skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <StoreProfileLoader key={user.store.id} storeId={user.store.id} />
      <TopBar user={user} navigationOpen={drawerOpen} onOpenNavigation={() => setDrawerOpen(true)} menuButtonRef={menuButtonRef} />
      <div className="shell-body">
        <div className="shell-side">
          <SideNav user={user} />
        </div>
        {drawerOpen && (
          <NavigationDrawer
            user={user}
            returnFocusTo={menuButtonRef}
            onClose={() => setDrawerOpen(false)}
            onSignOut={() => {
              setDrawerOpen(false);
              session.send({ type: 'session.signOut' });
            }}
          />
        )}
        <main id="main-content" tabIndex={-1} className="shell-main">
          {/* Screens load lazily inside the shell: only the content area waits, with the page's heading (RouteFrame). */}
          <Suspense fallback={<RouteFrame />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LoadingBackdrop open={signingOut} label={t('shell.busy')} />
    </div>
  );
}
