import type { SxProps } from '@mui/joy/styles/types';

/**
 * Out of sight but read by screen readers: the text alternative of a chart (an SVG is a picture
 * to them), the name of a table's actions column. The usual clip pattern; display:none or
 * visibility:hidden would hide it from them too.
 */
export const visuallyHidden: SxProps = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
