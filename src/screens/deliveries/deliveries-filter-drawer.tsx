import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Select from '@mui/joy/Select';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useId, useState } from 'react';
import { DELIVERY_STATUSES, DeliveryStatusSchema } from '../../api/logistics';
import { useT } from '../../i18n';
import type { DeliveriesFilter } from '../../machines/journal/events';
import type { TrucksPhase } from '../../machines/deliveries';
import type { LoadFailure } from '../../machines/shared/load-failure';
import { FilterDrawer } from '../../ui/filter-drawer';
import { useLoadFailureMessage } from '../../ui/load-failure-message';

/** The Select's value for "every truck" (a truck's name is never empty). */
const ALL_TRUCKS = '';

/**
 * The delivery orders' filter drawer: the text search (the search bar's), one status, a range of
 * delivery days and a truck (the store's trucks, loaded when the drawer first opens). The
 * choices apply together; a range that ends before it starts is refused until fixed.
 */
export function DeliveriesFilterDrawer({
  filter,
  trucks,
  trucksPhase,
  trucksLoadFailure,
  onRetryTrucks,
  onClose,
  onApply,
}: {
  filter: DeliveriesFilter;
  trucks: readonly string[];
  trucksPhase: TrucksPhase;
  /** Why the trucks did not load: an unreadable answer has its own message. */
  trucksLoadFailure: LoadFailure | null;
  onRetryTrucks: () => void;
  onClose: () => void;
  onApply: (next: DeliveriesFilter) => void;
}) {
  const t = useT();
  // Mounted only while open: each opening starts from the applied filter.
  const [draft, setDraft] = useState(filter);
  const statusLabel = useId();
  const truckLabel = useId();
  const trucksFailedText = useLoadFailureMessage(trucksLoadFailure, t('deliveries.trucksFailed'));
  const rangeInvalid = draft.from !== null && draft.to !== null && draft.from > draft.to;
  // A truck named by the URL stays choosable while the list loads (or if it failed).
  const truckOptions = filter.truck !== null && !trucks.includes(filter.truck) ? [filter.truck, ...trucks] : trucks;

  return (
    <FilterDrawer
      open
      texts={{ title: t('deliveries.filters'), apply: t('deliveries.applyFilters'), reset: t('deliveries.resetFilters'), close: t('deliveries.closeFilters') }}
      onClose={onClose}
      onReset={() => setDraft({ status: null, from: null, to: null, truck: null, text: draft.text })}
      onApply={() => {
        if (!rangeInvalid) onApply({ ...draft, text: draft.text.trim() });
      }}
    >
      <FormControl>
        <FormLabel>{t('deliveries.search')}</FormLabel>
        <Input type="search" value={draft.text} onChange={(event) => setDraft((d) => ({ ...d, text: event.target.value }))} />
      </FormControl>
      <FormControl>
        <FormLabel id={statusLabel}>{t('deliveries.filterStatus')}</FormLabel>
        <RadioGroup
          aria-labelledby={statusLabel}
          value={draft.status ?? 'all'}
          onChange={(event) => {
            const parsed = DeliveryStatusSchema.safeParse(event.target.value);
            setDraft((d) => ({ ...d, status: parsed.success ? parsed.data : null }));
          }}
        >
          <Radio value="all" label={t('deliveries.allStatuses')} />
          {DELIVERY_STATUSES.map((status) => (
            <Radio key={status} value={status} label={t(`delivery.status.${status}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel>{t('deliveries.filterFrom')}</FormLabel>
        <Input type="date" value={draft.from ?? ''} onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value || null }))} />
      </FormControl>
      <FormControl error={rangeInvalid}>
        <FormLabel>{t('deliveries.filterTo')}</FormLabel>
        <Input type="date" value={draft.to ?? ''} onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value || null }))} />
        {rangeInvalid && <FormHelperText>{t('deliveries.rangeInvalid')}</FormHelperText>}
      </FormControl>
      <FormControl>
        <FormLabel id={truckLabel}>{t('deliveries.filterTruck')}</FormLabel>
        <Select
          value={draft.truck ?? ALL_TRUCKS}
          onChange={(_, value) => setDraft((d) => ({ ...d, truck: typeof value === 'string' && value !== ALL_TRUCKS ? value : null }))}
          slotProps={{ button: { 'aria-labelledby': truckLabel } }}
        >
          <Option value={ALL_TRUCKS}>{t('deliveries.allTrucks')}</Option>
          {truckOptions.map((name) => (
            <Option key={name} value={name}>
              {name}
            </Option>
          ))}
        </Select>
        {trucksPhase === 'loading' && <FormHelperText>{t('deliveries.trucksLoading')}</FormHelperText>}
      </FormControl>
      {trucksPhase === 'failed' && (
        <Stack direction="row" gap={1} sx={{ alignItems: 'center' }} role="alert">
          <Typography level="body-sm" color="danger">
            {trucksFailedText}
          </Typography>
          <Button size="sm" variant="outlined" color="danger" onClick={onRetryTrucks}>
            {t('deliveries.retry')}
          </Button>
        </Stack>
      )}
    </FilterDrawer>
  );
}
