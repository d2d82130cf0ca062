import { ClickAwayListener } from '@mui/base/ClickAwayListener';
import { Popper } from '@mui/base/Popper';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useCallback, useEffect, useId, type ReactNode } from 'react';

/**
 * A labelled, non-modal dialog anchored to its trigger: it takes focus when it opens, closes on
 * Escape or a click outside, and gives focus back to the trigger.
 */
export function Popover({
  anchor,
  open,
  onClose,
  title,
  children,
  width = 320,
}: {
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  width?: number;
}) {
  const titleId = useId();

  // The panel mounts in a portal after the Popper has positioned it: focus it when it attaches.
  const focusOnMount = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const focusable = node.querySelector<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]');
    (focusable ?? node).focus();
  }, []);

  // Escape closes from anywhere while open (focus may still be on the trigger) and gives focus back.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      anchor?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose, anchor]);

  return (
    <Popper open={open && !!anchor} anchorEl={anchor} placement="bottom-end" style={{ zIndex: 1200 }} modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}>
      <ClickAwayListener onClickAway={(event) => (anchor?.contains(event.target as Node) ? undefined : onClose())}>
        <Sheet
          ref={focusOnMount}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          variant="outlined"
          sx={{ width: `min(${width}px, calc(100vw - 16px))`, borderRadius: 'md', boxShadow: 'lg', p: 1.5, outline: 'none' }}
        >
          <Typography id={titleId} level="title-md" component="h2" sx={{ px: 1, pb: 1 }}>
            {title}
          </Typography>
          {children}
        </Sheet>
      </ClickAwayListener>
    </Popper>
  );
}
