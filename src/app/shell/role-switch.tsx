import Dropdown from '@mui/joy/Dropdown';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import { useT, type MessageKey } from '../../i18n';
import type { Operator } from '../../api/session';
import { useServices } from '../services';
import { SwapIcon } from '../../ui/icons';
import { onBrandButtonSx } from './on-brand';

const roleKeys: Record<string, MessageKey> = {
  STORE_ADMIN: 'roles.STORE_ADMIN',
  STORE_OPERATOR: 'roles.STORE_OPERATOR',
  GUEST: 'roles.GUEST',
};

/** Shown only when the operator has more than one role and a current account (the shell decides). */
export function RoleSwitch({ operator }: { operator: Operator }) {
  const t = useT();
  const { session } = useServices();
  // A role the catalogue does not know yet is shown as the platform names it.
  const label = (role: string) => (roleKeys[role] ? t(roleKeys[role]) : role);
  return (
    <Dropdown>
      <MenuButton
        variant="outlined"
        size="sm"
        startDecorator={<SwapIcon />}
        aria-label={`${t('shell.roleSwitchLabel')}: ${label(operator.role)}`}
        sx={{ ...onBrandButtonSx, borderColor: 'rgba(255,255,255,0.6)' }}
      >
        <span aria-hidden>{t('shell.roleSwitch', { role: label(operator.role) })}</span>
      </MenuButton>
      <Menu placement="bottom-end" size="sm">
        {operator.rolesList.roles.map((role) => (
          <MenuItem key={role} selected={role === operator.role} onClick={() => session.send({ type: 'session.switchRole', role })}>
            {label(role)}
          </MenuItem>
        ))}
      </Menu>
    </Dropdown>
  );
}
