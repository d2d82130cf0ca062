import type { CSSProperties } from 'react';

/**
 * A placeholder of the size of what is coming, for the plain pages (the shell and the overview):
 * text of a level (a line of body text by default, or an h2 / h3 heading), or a rectangle of a
 * height. `.plain-skeleton` in src/ui/plain.css draws Joy's Skeleton from the theme's variables
 * (background level3 pulsing to level1, the text levels' sizes), so it looks like the one the Joy
 * screens show, which their tests and the accessibility checks find as Joy's.
 */
export function Skeleton({ level, width, height }: { level?: 'h2' | 'h3'; width?: CSSProperties['width']; height?: number }) {
  return <span className="plain-skeleton" data-level={level} data-shape={height === undefined ? undefined : 'rect'} style={{ width, height }} />;
}
