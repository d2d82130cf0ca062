import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Table from '@mui/joy/Table';
import type { SxProps } from '@mui/joy/styles/types';
import type { ReactNode } from 'react';
import { theme, TOUCH_TARGET_PX } from '../../app/theme';
import { visuallyHidden } from '../../ui/visually-hidden';

/**
 * The one table of the list screens (orders, payments, the daily summary, trucks, pickup
 * locations, accounts): a table on a wide screen, and below the `md` breakpoint (phones, narrow
 * tablets) the same rows drawn as cards, so nothing is wider than the screen and nothing is reached
 * only by scrolling sideways (issue #26). The markup stays one table either way (a screen reader
 * reads the same rows and headers); only its CSS changes.
 *
 * Each column says where its cell goes on a card:
 * - `title`: the identifying line, first wherever its cell is (the row's header cell: order number,
 *   truck, location);
 * - `status`: beside the title, on the right;
 * - `subtitle`: under the title, unlabelled (the customer under the order number);
 * - `fact`: a line of its own, the column's name on the left and the value on the right;
 * - `actions`: the row's buttons, last, side by side across the card's width.
 * A cell left empty takes no room on the card.
 *
 * Touch targets: on a card the row's links and buttons are at least 44 px tall (the platform
 * guideline for fingers; the theme gives Joy's buttons and tabs the same below `md`, src/app/theme.ts).
 */
export type CardPlace = 'title' | 'status' | 'subtitle' | 'fact' | 'actions';

export interface ListColumn {
  label: string;
  place: CardPlace;
  /** The column's width in the table (a number: px). */
  width?: number | string;
  /** A number's column is right-aligned in the table. */
  numeric?: boolean;
  /** The header says its name to screen readers only (the actions column). */
  labelHidden?: boolean;
  /** The rows' cell of this column is their header cell (`<th scope="row">`); the others are `<td>`s. */
  rowHeader?: boolean;
}

/** Below Joy's `md` (900 px), the rows are cards: where the theme makes its controls touch-sized. */
export const CARDS_BELOW = theme.breakpoints.down('md');

/**
 * The table's header row, from the columns. A column whose name is for screen readers only keeps
 * its cell (the rows' cells line up under it).
 */
function ListTableHead({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <tr>
      {columns.map(({ label, width, labelHidden = false }) => (
        <th key={label} scope="col" style={width === undefined ? undefined : { width }}>
          {labelHidden ? (
            <Box component="span" sx={visuallyHidden}>
              {label}
            </Box>
          ) : (
            label
          )}
        </th>
      ))}
    </tr>
  );
}

/**
 * Each column's cells, as a selector within a row: the row's header cell (a `th`, at most one a
 * row), or the nth of its `td`s. (Emotion flags :nth-child, which would count both, as unsafe.)
 */
function cellSelectors(columns: readonly ListColumn[]): string[] {
  let cells = 0;
  return columns.map((column) => (column.rowHeader ? 'th' : `td:nth-of-type(${++cells})`));
}

/** A CSS string (the column's name on a card, drawn by the stylesheet). */
const cssString = (text: string) => JSON.stringify(text);

/** A number's column is right-aligned in the table, its header too. */
function numericColumns(columns: readonly ListColumn[]) {
  const cells = cellSelectors(columns);
  return Object.fromEntries(columns.flatMap((column, index) => (column.numeric ? [[`& tbody tr > ${cells[index]}, & tfoot tr > ${cells[index]}, & thead th:nth-of-type(${index + 1})`, { textAlign: 'right' }]] : [])));
}

/** Where each column's cells go on a card (cellSelectors finds them in a row). */
function cardPlacement(columns: readonly ListColumn[]) {
  const rules: Record<string, object> = {};
  const cells = cellSelectors(columns);
  columns.forEach((column, index) => {
    const cell = `& tbody tr > ${cells[index]}, & tfoot tr > ${cells[index]}`;
    switch (column.place) {
      case 'title':
        rules[cell] = { gridColumn: '1', gridRow: '1', fontSize: 'var(--joy-fontSize-md)', fontWeight: 'var(--joy-fontWeight-lg)' };
        break;
      case 'status':
        rules[cell] = { gridColumn: '2', gridRow: '1', justifySelf: 'end', textAlign: 'right' };
        break;
      case 'subtitle':
        rules[cell] = { gridColumn: '1 / -1' };
        break;
      case 'fact':
        rules[cell] = {
          gridColumn: '1 / -1',
          // The column's name on the left, the value (one line or several) on the right.
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: '16px',
          alignItems: 'baseline',
          textAlign: 'right',
          '& > *': { gridColumn: '2', justifySelf: 'end' },
          // Drawn on the card only; `/ ""` keeps it out of the accessibility tree, where the column
          // header already names the cell.
          '&::before': {
            content: `${cssString(column.label)} / ""`,
            gridColumn: '1',
            gridRow: '1 / span 2',
            textAlign: 'left',
            color: 'var(--joy-palette-text-secondary)',
            fontSize: 'var(--joy-fontSize-sm)',
          },
        };
        break;
      case 'actions':
        rules[cell] = {
          gridColumn: '1 / -1',
          paddingTop: '4px',
          '& .actions': { display: 'flex', gap: '8px', justifyContent: 'stretch' },
          '& .actions > *': { flex: '1 1 0', minHeight: TOUCH_TARGET_PX, minWidth: TOUCH_TARGET_PX },
          // A plain (borderless) icon button spread across half a card reads as a button with a border.
          '& .actions > .MuiIconButton-variantPlain': { border: '1px solid var(--joy-palette-neutral-outlinedBorder)' },
        };
        break;
    }
  });
  return rules;
}

export function ListTable({
  label,
  regionLabel = label,
  columns,
  minWidth,
  testId,
  tableSx,
  sheetSx,
  busy,
  children,
  footer,
}: {
  /** The table's name. */
  label: string;
  /** Its scrolling region's name, when not the table's. */
  regionLabel?: string;
  columns: readonly ListColumn[];
  /** The table's width below which it scrolls sideways, on a wide screen (px). */
  minWidth?: number;
  testId?: string;
  /** The screen's own styles for its table (how its cells' plain elements look), after the table's. */
  tableSx?: SxProps;
  /** The frame's (a refresh dims it). */
  sheetSx?: SxProps;
  /** A refresh is on its way (aria-busy). */
  busy?: boolean;
  /** The rows (<tr>), in the order of the columns. */
  children: ReactNode;
  /** Rows of a <tfoot> (totals). */
  footer?: ReactNode;
}) {
  return (
    // On a wide screen a table wider than its place scrolls sideways, in a region the keyboard can reach.
    <Sheet
      variant="outlined"
      sx={[{ borderRadius: 'sm', overflowX: 'auto', [CARDS_BELOW]: { overflowX: 'visible' } }, ...(Array.isArray(sheetSx) ? sheetSx : [sheetSx])]}
      tabIndex={0}
      role="region"
      aria-label={regionLabel}
      aria-busy={busy}
    >
      <Table
        hoverRow
        aria-label={label}
        data-testid={testId}
        // The screen's styles come second: a card rule of its own (a media query) then adds to these.
        sx={[
          {
            minWidth,
            // Joy's default hover (background.level3) leaves the danger and status colours under
            // 4.5:1 in both schemes; level1 keeps every cell's text readable under the pointer.
            '--TableRow-hoverBackground': 'var(--joy-palette-background-level1)',
            ...numericColumns(columns),
            '& td .actions': { display: 'flex', gap: '6px', justifyContent: 'flex-end' },
            '& td button': { whiteSpace: 'nowrap' },
            [CARDS_BELOW]: {
              minWidth: 0,
              '&, & tbody, & tfoot': { display: 'block' },
              // The column headers stay for screen readers; each card names its facts itself.
              '& thead': visuallyHidden as Record<string, unknown>,
              '& tbody tr, & tfoot tr': {
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                columnGap: '12px',
                rowGap: '6px',
                padding: '12px 16px',
                borderBottom: '1px solid var(--joy-palette-divider)',
              },
              '& tbody tr:last-of-type, & tfoot tr:last-of-type': { borderBottom: 'none' },
              '& tfoot tr': { borderTop: '1px solid var(--joy-palette-divider)' },
              // `&&`, th[scope] and td: as specific as Joy's own cell rules (their borders between rows), and later.
              '&& tbody tr > th[scope], && tbody tr > td, && tfoot tr > th[scope], && tfoot tr > td': {
                display: 'block',
                height: 'auto',
                minHeight: 0,
                padding: 0,
                border: 'none',
                position: 'static',
                whiteSpace: 'normal',
                overflowWrap: 'anywhere',
                textAlign: 'left',
                backgroundColor: 'transparent',
              },
              // The row's links are touch targets on a card.
              '& tbody tr a': { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_TARGET_PX },
              ...cardPlacement(columns),
              // After the placements, which set a display of their own.
              '&& tbody tr > :empty': { display: 'none' },
            },
          },
          ...(Array.isArray(tableSx) ? tableSx : [tableSx]),
        ]}
      >
        <thead>
          <ListTableHead columns={columns} />
        </thead>
        <tbody>{children}</tbody>
        {footer !== undefined && <tfoot>{footer}</tfoot>}
      </Table>
    </Sheet>
  );
}
