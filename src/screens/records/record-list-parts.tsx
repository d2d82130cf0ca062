import type { ReactNode } from 'react';
import { useLocale } from '../../i18n';
import { pageCount } from '../../lib/paging';
import type { LoadFailure } from '../../machines/shared/load-failure';
import type { RecordListPhase } from '../../machines/shared/record-list.machine';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { ListTable, type ListColumn } from '../shared/list-table';
import { PagedListView, type EmptyListText } from '../shared/paged-list-view';

/**
 * What the trucks and pickup locations lists share (src/machines/shared/record-list.machine.ts drives
 * both): the shared list frame (../shared/paged-list-view.tsx) over a list that arrived whole and
 * is paged here, with the records table (../shared/list-table.tsx: cards on a phone).
 */

/** Table rows and their skeletons share this height, so the page does not jump when data arrives. */
export const RECORD_ROW_HEIGHT = 56;

export interface RecordListView<T> {
  items: T[];
  limit: number;
  total: number;
  loaded: boolean;
}

export function RecordListBody<T>({
  phase,
  loadFailure,
  view,
  page,
  onPage,
  onRetry,
  empty,
  table,
}: {
  phase: RecordListPhase;
  /** Why the load failed (selectLoadFailure): an unreadable answer has its own message. */
  loadFailure: LoadFailure | null;
  view: RecordListView<T>;
  /** 0-based, from the URL (useRecordListUrl replaces a page past the end by the last). */
  page: number;
  onPage: (page: number) => void;
  onRetry: () => void;
  empty: EmptyListText;
  /** The table: its label, minimum width, columns (the actions column follows them) and the rows of the page shown. */
  table: { label: string; minWidth: number; testId: string; columns: readonly ListColumn[]; rows: (items: readonly T[]) => ReactNode };
}) {
  const { t } = useLocale();
  const limit = Math.max(1, view.limit);
  // A page past the end shows the last one until the URL names it.
  const current = Math.min(page, Math.max(0, pageCount(view) - 1));
  const shown = phase === 'ready' && view.loaded;

  return (
    <PagedListView
      phase={phase}
      failure={{ message: t('records.loadFailed'), kind: loadFailure, retryLabel: t('records.retry'), onRetry }}
      placeholder={{ count: 5, height: RECORD_ROW_HEIGHT }}
      empty={empty}
      range={{ message: 'records.range', testId: `${table.testId}-range` }}
      list={shown ? { items: view.items.slice(current * limit, current * limit + limit), offset: current * limit, limit: view.limit, total: view.total } : null}
      onPage={onPage}
      renderRows={(items) => (
        <ListTable
          label={table.label}
          columns={[...table.columns, { label: t('records.actions'), place: 'actions', width: 104, labelHidden: true }]}
          // On a wide screen, below this the table scrolls sideways (its region is focusable) instead of crushing the columns.
          minWidth={table.minWidth}
          testId={table.testId}
          tableSx={{
            '& tbody td, & tbody th': { height: RECORD_ROW_HEIGHT, verticalAlign: 'middle' },
            // Scrolling sideways, the row's name stays in view.
            '& thead th:first-of-type, & tbody th': { position: 'sticky', left: 0, zIndex: 1 },
            '& thead th:first-of-type': { backgroundColor: 'var(--TableCell-headBackground)' },
            // A row's name is its header cell: it wraps like the other cells (Joy cuts header cells short).
            '& tbody th': { backgroundColor: 'var(--joy-palette-background-surface)', whiteSpace: 'normal', fontWeight: 'inherit' },
            '& tbody tr:hover th': { backgroundColor: 'var(--TableRow-hoverBackground)' },
          }}
        >
          {table.rows(items)}
        </ListTable>
      )}
    />
  );
}

/**
 * "Delete truck {name}?" with Cancel / Delete, open while the list machine confirms a delete
 * (`title`, null while it does not); the answer goes to the machine.
 */
export function DeleteRecordDialog({
  actor,
  title,
  body,
}: {
  actor: { send(event: { type: 'list.cancelDelete' } | { type: 'list.confirmDelete' }): void };
  title: string | null;
  body: string;
}) {
  const { t } = useLocale();
  const texts = title === null ? null : { title, body, cancel: t('records.deleteCancel'), confirm: t('records.deleteConfirm') };
  return <ConfirmDeleteDialog texts={texts} onCancel={() => actor.send({ type: 'list.cancelDelete' })} onConfirm={() => actor.send({ type: 'list.confirmDelete' })} />;
}
