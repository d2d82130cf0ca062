import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import Typography from '@mui/joy/Typography';
import { PAGINATION_MARGIN_PAGES, PAGINATION_PAGES } from '../lib/constants';
import { pageItems } from '../lib/paging';
import { useT } from '../i18n';
import { memo, useMemo } from 'react';

export interface PaginationLabels {
  label: string;
  previous: string;
  next: string;
  page: (page: number) => string;
  current: (page: number) => string;
}

/** The control's labels in the operator's language; the same object until the language changes. */
export function usePaginationLabels(): PaginationLabels {
  const t = useT();
  return useMemo(
    () => ({
      label: t('pagination.label'),
      previous: t('pagination.previous'),
      next: t('pagination.next'),
      page: (n) => t('pagination.page', { page: n }),
      current: (n) => t('pagination.current', { page: n }),
    }),
    [t],
  );
}

/**
 * The shared pagination control: previous / next and the page window of pageItems(). Pages are
 * 0-based inside, shown 1-based. Only the current page is marked (aria-current). Memoised: with
 * a stable onChange and labels it renders only when the page or the count changes.
 */
export const Pagination = memo(function Pagination({
  page,
  pageCount,
  onChange,
  labels,
  pages = PAGINATION_PAGES,
  margin = PAGINATION_MARGIN_PAGES,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  labels: PaginationLabels;
  pages?: number;
  margin?: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <Box component="nav" aria-label={labels.label} sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}>
      <IconButton size="sm" variant="outlined" aria-label={labels.previous} disabled={page <= 0} onClick={() => onChange(page - 1)}>
        <span aria-hidden>‹</span>
      </IconButton>
      {pageItems(page, pageCount, pages, margin).map((item) =>
        item.kind === 'gap' ? (
          <Typography key={item.key} aria-hidden sx={{ px: 0.5 }}>
            …
          </Typography>
        ) : (
          <Button
            key={item.page}
            size="sm"
            variant={item.page === page ? 'solid' : 'plain'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={item.page === page ? labels.current(item.page + 1) : labels.page(item.page + 1)}
            onClick={() => item.page !== page && onChange(item.page)}
            sx={{ minWidth: 36 }}
          >
            {item.page + 1}
          </Button>
        ),
      )}
      <IconButton size="sm" variant="outlined" aria-label={labels.next} disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)}>
        <span aria-hidden>›</span>
      </IconButton>
    </Box>
  );
});
