import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { Outlet, useMatch } from 'react-router-dom';
import { useServices } from '../../app/services';
import { TOP_BAR_BACKGROUND } from '../../app/theme';
import { useT } from '../../i18n';
import { Logo } from '../../ui/logo';

/** The public area (sign-in, registration, recovery): the brand band and one card. */
export default function PublicLayout() {
  const t = useT();
  const { dev } = useServices();
  const DemoMenu = dev.DemoMenu;
  // The sign-up form sets some fields side by side: its card is wider.
  const wide = useMatch('/auth/register') !== null;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.level1' }}>
      <Box component="header" sx={{ bgcolor: TOP_BAR_BACKGROUND, color: 'common.white', px: 2, height: 56, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Logo />
        <Typography level="title-lg" sx={{ color: 'inherit', flex: 1 }}>
          {t('app.name')}
        </Typography>
        {DemoMenu && <DemoMenu />}
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Sheet variant="outlined" sx={{ width: '100%', maxWidth: wide ? 640 : 420, p: { xs: 3, sm: 4 }, borderRadius: 'lg', boxShadow: 'sm' }}>
          <Outlet />
        </Sheet>
      </Box>
    </Box>
  );
}
