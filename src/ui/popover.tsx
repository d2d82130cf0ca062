import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/** The least distance between a panel and the window's edges. */
const WINDOW_MARGIN = 8;

/**
 * Places a fixed panel under its anchor, their right edges aligned (Popper's bottom-end), `gap`
 * pixels below it, and keeps it inside the window (8 px from its edges, scrolling inside when the
 * window is too short). Before the first paint, and again when the window is resized or anything
 * scrolls, and when the panel changes size (its content loaded). Returns the ref for the panel.
 */
export function useAnchoredPlacement<T extends HTMLElement>(anchor: HTMLElement | null, open: boolean, gap: number): RefObject<T | null> {
  const panel = useRef<T>(null);
  useLayoutEffect(() => {
    const node = panel.current;
    if (!open || !anchor || !node) return;
    const place = () => {
      const target = anchor.getBoundingClientRect();
      const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
      const viewportHeight = document.documentElement.clientHeight || window.innerHeight;
      const width = node.offsetWidth;
      const left = Math.max(WINDOW_MARGIN, Math.min(target.right - width, viewportWidth - WINDOW_MARGIN - width));
      const top = target.bottom + gap;
      node.style.left = `${Math.round(left)}px`;
      node.style.top = `${Math.round(top)}px`;
      node.style.maxHeight = `${Math.max(120, Math.floor(viewportHeight - top - WINDOW_MARGIN))}px`;
    };
    place();
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    resized?.observe(node);
    return () => {
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
      resized?.disconnect();
    };
  }, [anchor, open, gap]);
  return panel;
}

/** True when the event happened inside one of the nodes (asked of its path: the target may be gone by now). */
export function eventWithin(event: Event, ...nodes: Array<Node | null | undefined>) {
  const path = event.composedPath();
  return nodes.some((node) => !!node && path.includes(node));
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex="0"]';

/**
 * A labelled, non-modal dialog anchored to its trigger: it takes focus when it opens, closes on
 * Escape or a click outside, and gives focus back to the trigger. Plain UI (`.plain-popover` in
 * src/ui/plain.css, Joy's outlined Sheet with radius md and shadow lg), so the top bar's widgets
 * load no Joy. The plain pieces' one popover: the role switch's menu shares its placement
 * (useAnchoredPlacement). Joy's Menu is used only by the mock kit's Demo menu (mocks/demo-menu.tsx),
 * a Joy tool that loads with Joy when first pressed, where the top bar's widgets must not wait for it.
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
  const shown = open && !!anchor;
  const panel = useAnchoredPlacement<HTMLDivElement>(anchor, shown, 8);

  // Placed first (above), then focused: its first link or button, else the panel itself.
  useLayoutEffect(() => {
    const node = panel.current;
    if (!shown || !node) return;
    (node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus({ preventScroll: true });
  }, [shown, panel]);

  // Escape closes from anywhere while open (focus may still be on the trigger) and gives focus
  // back; a click outside closes (a click on the trigger is the trigger's to handle).
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      anchor?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!eventWithin(event, panel.current, anchor)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [shown, onClose, anchor, panel]);

  if (!shown) return null;
  return createPortal(
    <div ref={panel} role="dialog" aria-labelledby={titleId} tabIndex={-1} className="plain-sheet plain-popover" style={{ width: `min(${width}px, calc(100vw - 16px))` }}>
      <h2 id={titleId} className="plain-popover-title">
        {title}
      </h2>
      {children}
    </div>,
    document.body,
  );
}
