import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useId, useState } from 'react';
import { defaultSortFor, OrdersSortSchema, type OrdersListFilter, type OrdersSort } from '../../api/orders';
import { useT } from '../../i18n';
import { FilterDrawer } from '../../ui/filter-drawer';
import { STATUSES_BY_TAB } from './orders-url';

/**
 * The orders list's filter drawer: the text search (the same as the search bar's), pickup status
 * (the statuses the tab can hold), the order date range and the sort. The choices are applied together; a range that ends before it starts is
 * refused with a message, and nothing changes until it is fixed.
 */
export function OrdersFilterDrawer({
  open,
  filter,
  onClose,
  onApply,
}: {
  open: boolean;
  filter: OrdersListFilter;
  onClose: () => void;
  onApply: (next: OrdersListFilter) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(filter);
  const [shownFor, setShownFor] = useState<{ open: boolean; filter: OrdersListFilter }>({ open, filter });
  // Each opening starts from the applied filter (state that tracks props, set during render).
  if (shownFor.open !== open || shownFor.filter !== filter) {
    setShownFor({ open, filter });
    if (open) setDraft(filter);
  }
  const statusLegend = useId();
  const sortLabel = useId();
  const rangeInvalid = draft.from !== null && draft.to !== null && draft.from > draft.to;

  const toggleStatus = (status: OrdersListFilter['statuses'][number], checked: boolean) =>
    setDraft((d) => ({ ...d, statuses: checked ? [...d.statuses, status] : d.statuses.filter((s) => s !== status) }));

  return (
    <FilterDrawer
      open={open}
      texts={{ title: t('orders.filters'), apply: t('orders.applyFilters'), reset: t('orders.resetFilters'), close: t('orders.closeFilters') }}
      onClose={onClose}
      onReset={() => setDraft({ ...filter, statuses: [], from: null, to: null, sort: defaultSortFor(filter.tab) })}
      onApply={() => {
        if (!rangeInvalid) onApply({ ...draft, search: draft.search.trim() });
      }}
    >
      <FormControl>
        <FormLabel>{t('orders.search')}</FormLabel>
        <Input type="search" value={draft.search} onChange={(event) => setDraft((d) => ({ ...d, search: event.target.value }))} />
      </FormControl>
      <Stack component="fieldset" gap={1} sx={{ border: 0, p: 0, m: 0 }} aria-labelledby={statusLegend}>
        <Typography id={statusLegend} component="legend" level="title-sm" sx={{ mb: 1 }}>
          {t('orders.filterStatus')}
        </Typography>
        {STATUSES_BY_TAB[filter.tab].map((status) => (
          <Checkbox
            key={status}
            label={t(`pickup.${status}`)}
            checked={draft.statuses.includes(status)}
            onChange={(event) => toggleStatus(status, event.target.checked)}
          />
        ))}
      </Stack>
      <FormControl>
        <FormLabel>{t('orders.filterFrom')}</FormLabel>
        <Input type="date" value={draft.from ?? ''} onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value || null }))} />
      </FormControl>
      <FormControl error={rangeInvalid}>
        <FormLabel>{t('orders.filterTo')}</FormLabel>
        <Input type="date" value={draft.to ?? ''} onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value || null }))} />
        {rangeInvalid && <FormHelperText>{t('orders.rangeInvalid')}</FormHelperText>}
      </FormControl>
      <FormControl>
        <FormLabel id={sortLabel}>{t('orders.sort')}</FormLabel>
        <Select
          value={draft.sort}
          onChange={(_, value) => {
            const parsed = OrdersSortSchema.safeParse(value);
            if (parsed.success) setDraft((d) => ({ ...d, sort: parsed.data }));
          }}
          slotProps={{ button: { 'aria-labelledby': sortLabel } }}
        >
          {(['pickup', 'newest', 'oldest'] as const satisfies readonly OrdersSort[]).map((sort) => (
            <Option key={sort} value={sort}>
              {t(`orders.sort.${sort}`)}
            </Option>
          ))}
        </Select>
      </FormControl>
    </FilterDrawer>
  );
}
