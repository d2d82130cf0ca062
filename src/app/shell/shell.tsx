import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Drawer from '@mui/joy/Drawer';
import ModalClose from '@mui/joy/ModalClose';
import { useActorRef } from '@xstate/react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../../i18n';
import { SIDE_NAV_WIDTH_PX } from '../../lib/constants';
import { liveStoreProfileMachine } from '../../machines/live';
import { selectUser } from '../../machines/selectors';
import { LogoutIcon } from '../../ui/icons';
import { LoadingBackdrop } from '../../ui/loading-backdrop';
import { useProjection, useSession } from '../hooks';
import { useServices } from '../services';
import { SideNav } from './side-nav';
import { TopBar, TOP_BAR_HEIGHT } from './top-bar';

/** Loads the store profile (avatar, notifications) once per store for the shell. */
function StoreProfileLoader({ storeId }: { storeId: number }) {
  const { journal } = useServices();
  const [machine] = useState(() => liveStoreProfileMachine({ journal }));
  useActorRef(machine, { input: { storeId } });
  return null;
}

function ContentLoading() {
  const t = useT();
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress size="sm" aria-label={t('app.loading')} />
    </Box>
  );
}

/** Top bar, side navigation (a drawer on small screens) and the content area. */
export function Shell() {
  const t = useT();
  const { session } = useServices();
  const user = useProjection('session', selectUser);
  const signingOut = useSession((s) => s.matches('signingOut'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <a className="plain-skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <StoreProfileLoader key={user.store.id} storeId={user.store.id} />
      <TopBar user={user} navigationOpen={drawerOpen} onOpenNavigation={() => setDrawerOpen(true)} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          sx={{
            display: { xs: 'none', md: 'block' },
            width: SIDE_NAV_WIDTH_PX,
            flexShrink: 0,
            borderRight: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.surface',
            position: 'sticky',
            top: TOP_BAR_HEIGHT,
            height: `calc(100dvh - ${TOP_BAR_HEIGHT}px)`,
          }}
        >
          <SideNav user={user} />
        </Box>
        <Drawer
          id="side-navigation-drawer"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size="sm"
          slotProps={{ content: { sx: { width: SIDE_NAV_WIDTH_PX } } }}
        >
          <ModalClose aria-label={t('shell.closeNavigation')} />
          <SideNav user={user} onNavigate={() => setDrawerOpen(false)} />
          <Box sx={{ p: 2, borderTop: '1px solid', borderColor: 'divider' }}>
            <Button
              fullWidth
              variant="soft"
              startDecorator={<LogoutIcon />}
              onClick={() => {
                setDrawerOpen(false);
                session.send({ type: 'session.signOut' });
              }}
            >
              {t('shell.signOut')}
            </Button>
          </Box>
        </Drawer>
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}>
          {/* Screens load lazily inside the shell: only the content area waits, the shell stays. */}
          <Suspense fallback={<ContentLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <LoadingBackdrop open={signingOut} label={t('shell.busy')} />
    </Box>
  );
}
