import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import Typography from '@mui/joy/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../../api/session';
import { useT } from '../../i18n';
import { selectCanSwitchRole } from '../../machines/selectors';
import { LogoutIcon, MenuIcon } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { TOP_BAR_BACKGROUND } from '../theme';
import { useProjection } from '../hooks';
import { useServices } from '../services';
import { NotificationsButton } from './notifications-button';
import { RoleSwitch } from './role-switch';
import { StoreSwitcher } from './store-switcher';
import { onBrandButtonSx } from './on-brand';

export const TOP_BAR_HEIGHT = 56;

export function TopBar({ user, onOpenNavigation, navigationOpen }: { user: SessionUser; onOpenNavigation: () => void; navigationOpen: boolean }) {
  const t = useT();
  const { session, dev } = useServices();
  const canSwitchRole = useProjection('session', selectCanSwitchRole);
  const DemoMenu = dev.DemoMenu;
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 1100,
        height: TOP_BAR_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, md: 2 },
        bgcolor: TOP_BAR_BACKGROUND,
        color: 'common.white',
      }}
    >
      <IconButton
        variant="plain"
        aria-label={t('shell.openNavigation')}
        aria-expanded={navigationOpen}
        aria-controls="side-navigation-drawer"
        onClick={onOpenNavigation}
        sx={{ ...onBrandButtonSx, display: { md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Box
        component={RouterLink}
        to="/overview"
        aria-label={t('app.name')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', borderRadius: 'sm' }}
      >
        <Logo />
        <Typography level="title-lg" sx={{ color: 'inherit', display: { xs: 'none', sm: 'block' } }}>
          {t('app.name')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1 }} />
      {DemoMenu && <DemoMenu />}
      {canSwitchRole && <RoleSwitch operator={user.operator} />}
      <NotificationsButton />
      <StoreSwitcher currentStoreId={user.store.id} />
      <Button
        variant="plain"
        startDecorator={<LogoutIcon />}
        onClick={() => session.send({ type: 'session.signOut' })}
        sx={{ ...onBrandButtonSx, display: { xs: 'none', md: 'inline-flex' } }}
      >
        {t('shell.signOut')}
      </Button>
    </Box>
  );
}
