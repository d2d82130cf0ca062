import { ClickAwayListener } from '@mui/base/ClickAwayListener';
import { Popper } from '@mui/base/Popper';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const focusable = panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]');
    (focusable ?? panel.current)?.focus();
  }, [open]);

  const close = () => {
    onClose();
    anchor?.focus();
  };

  return (
    <Popper open={open && !!anchor} anchorEl={anchor} placement="bottom-end" style={{ zIndex: 1200 }} modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}>
      <ClickAwayListener onClickAway={(event) => (anchor?.contains(event.target as Node) ? undefined : onClose())}>
        <Sheet
          ref={panel}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          variant="outlined"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
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
