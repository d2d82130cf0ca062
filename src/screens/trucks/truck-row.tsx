import Chip from '@mui/joy/Chip';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import type { Truck, TruckStatus } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { NotSet, PhoneLink, RecordActionsCell, RecordNameCell } from '../records/record-row-parts';

export const TRUCK_STATUS_COLOR: Record<TruckStatus, 'success' | 'warning' | 'neutral'> = {
  active: 'success',
  maintenance: 'warning',
  inactive: 'neutral',
};

/**
 * One truck as a table row: its name linking to the edit page, plate, capacity, driver, status
 * and its actions, whose names say which truck they act on. Memoised: a row re-renders only when
 * its truck or its busy state changes.
 */
export const TruckRow = memo(function TruckRow({
  truck,
  deleting,
  disabled,
  onAskDelete,
}: {
  truck: Truck;
  /** Its delete is running: the row stays until the server answers. */
  deleting: boolean;
  disabled: boolean;
  onAskDelete: (truck: Truck) => void;
}) {
  const { t, language } = useLocale();
  const edit = `/truck/edit/${truck.id}`;
  // The spec shows no truck fields: one the platform sends without a name goes by its number.
  const name = truck.name || `#${truck.id}`;
  return (
    <tr data-testid="truck-row" data-truck-id={truck.id} aria-busy={deleting || undefined}>
      <RecordNameCell to={edit} testId="truck-name">
        {name}
      </RecordNameCell>
      <td>
        <Typography component="span" fontFamily="code" data-testid="truck-plate">
          {truck.plate || <NotSet />}
        </Typography>
      </td>
      <td data-testid="truck-capacity">
        {truck.capacity === undefined ? <NotSet /> : t('trucks.packages', { count: formatNumber(truck.capacity, language) })}
      </td>
      <td data-testid="truck-driver">{truck.driver_name || <NotSet />}</td>
      <td data-testid="truck-phone">{truck.driver_phone ? <PhoneLink phone={truck.driver_phone} /> : <NotSet />}</td>
      <td>
        <Chip size="sm" variant="soft" color={TRUCK_STATUS_COLOR[truck.status]} data-testid="truck-status">
          {t(`trucks.status.${truck.status}`)}
        </Chip>
      </td>
      <RecordActionsCell
        editTo={edit}
        editLabel={t('trucks.edit', { name })}
        deleteLabel={t('trucks.delete', { name })}
        deleting={deleting}
        disabled={disabled}
        onDelete={() => onAskDelete(truck)}
      />
    </tr>
  );
});
