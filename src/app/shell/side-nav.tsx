import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListSubheader from '@mui/joy/ListSubheader';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import type { SessionUser } from '../../api/session';
import { navigationFor } from './navigation';

function isCurrent(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SideNav({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
        <RouterLink
          to="/settings/general"
          aria-label={t('shell.storeAvatar', { name: user.store.name })}
          onClick={onNavigate}
          style={{ borderRadius: '50%' }}
        >
          <Avatar src={user.store.avatar || undefined} alt="" size="lg">
            {user.store.name.slice(0, 1)}
          </Avatar>
        </RouterLink>
        <Box sx={{ minWidth: 0 }}>
          <Typography level="title-sm" noWrap data-testid="store-name">
            {user.store.name}
          </Typography>
          {/* The operator's own profile (/profile/{id}): their e-mail is the way in. */}
          <Link
            component={RouterLink}
            to={`/profile/${user.operator.id}`}
            level="body-xs"
            onClick={onNavigate}
            aria-label={t('profile.link', { email: user.operator.email })}
            data-testid="profile-link"
            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
          >
            {user.operator.email}
          </Link>
        </Box>
      </Box>
      <NavEntries role={user.operator.role} pathname={pathname} onNavigate={onNavigate} />
    </Box>
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
    <Box sx={{ overflowY: 'auto', flex: 1, py: 1 }}>
      <List size="sm" sx={{ '--ListItem-radius': '6px', '--List-nestedInsetStart': '0px', px: 1 }}>
        {groups.map((group, index) => (
          <ListItem nested key={group.label ?? `group-${index}`} sx={{ mb: 1 }}>
            {group.label && <ListSubheader sx={{ color: 'text.secondary', fontWeight: 'lg' }}>{t(group.label)}</ListSubheader>}
            <List aria-label={group.label ? t(group.label) : undefined}>
              {group.entries.map((entry) => {
                const current = isCurrent(pathname, entry.to);
                return (
                  <ListItem key={entry.to}>
                    <ListItemButton
                      component={RouterLink}
                      to={entry.to}
                      selected={current}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {t(entry.label)}
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </ListItem>
        ))}
      </List>
    </Box>
  );
});
