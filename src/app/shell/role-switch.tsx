import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Operator } from '../../api/session';
import { useT, type MessageKey } from '../../i18n';
import { eventWithin, useAnchoredPlacement } from '../../ui/popover';
import { useServices } from '../services';
import { SwapIcon } from '../../ui/icons';
import './top-bar-widgets.css';

const roleKeys: Record<string, MessageKey> = {
  STORE_ADMIN: 'roles.STORE_ADMIN',
  STORE_OPERATOR: 'roles.STORE_OPERATOR',
  GUEST: 'roles.GUEST',
};

/**
 * Shown only when the operator has more than one role and a current account (the shell decides).
 * A menu button as Joy's Dropdown / Menu made it, in plain UI (the outlined button on the band;
 * `.plain-menu` in src/ui/plain.css, Joy's Menu size sm): Enter, Space or a click open it and
 * focus the first role (ArrowDown too, ArrowUp the last); ArrowUp / ArrowDown (wrapping), Home /
 * End and a role's first letter move; Enter or Space choose; Escape closes and gives focus back
 * to the button, Tab closes and moves on from it; a click outside closes. The current role is
 * drawn selected.
 */
export function RoleSwitch({ operator }: { operator: Operator }) {
  const t = useT();
  const { session } = useServices();
  const buttonId = useId();
  const menuId = useId();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const menu = useAnchoredPlacement<HTMLUListElement>(button, open, 4);
  // Which role takes focus when the menu opens: ArrowUp on the button opens at the last one.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  // A role the catalogue does not know yet is shown as the platform names it.
  const label = (role: string) => (roleKeys[role] ? t(roleKeys[role]) : role);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus({ preventScroll: true });
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button?.focus();
  };
  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    if (open) focusItem(where === 'first' ? 0 : -1);
    else setOpen(true);
  };


  // Placed first (above), then the first role focused (or the last, see focusOnOpen).
  useLayoutEffect(() => {
    const node = menu.current;
    if (!open || !node) return;
    const list = node.querySelectorAll<HTMLElement>('[role="menuitem"]');
    list[focusOnOpen.current === 'first' ? 0 : list.length - 1]?.focus({ preventScroll: true });
  }, [open, menu]);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!eventWithin(event, menu.current, button)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open, button, menu]);

  const choose = (role: string) => {
    session.send({ type: 'session.switchRole', role });
    close(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      focusItem(to);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? -1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        // Handled here: a snackbar open below should not close with it.
        event.preventDefault();
        return close(true);
      case 'Tab':
        // Back on the button, and the Tab goes on from there (to the next control of the bar).
        return close(true);
      default: {
        if (event.key.length !== 1 || event.altKey || event.ctrlKey || event.metaKey) return;
        const letter = event.key.toLocaleLowerCase();
        const next = [...list.slice(index + 1), ...list.slice(0, index + 1)].find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter));
        if (next) {
          event.preventDefault();
          next.focus({ preventScroll: true });
        }
      }
    }
  };

  return (
    <>
      <button
        ref={setButton}
        id={buttonId}
        type="button"
        className="plain-button role-switch-button"
        data-variant="on-band"
        data-size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t('shell.roleSwitchLabel')}: ${label(operator.role)}`}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <SwapIcon />
        <span aria-hidden>{t('shell.roleSwitch', { role: label(operator.role) })}</span>
      </button>
      {open &&
        createPortal(
          <ul ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} className="plain-menu" onKeyDown={onMenuKeyDown}>
            {operator.rolesList.roles.map((role) => (
              <li
                key={role}
                role="menuitem"
                tabIndex={-1}
                className="plain-menu-item"
                data-selected={role === operator.role || undefined}
                aria-current={role === operator.role ? 'true' : undefined}
                onClick={() => choose(role)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  choose(role);
                }}
              >
                {label(role)}
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
