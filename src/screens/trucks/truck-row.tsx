import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Truck, TruckStatus } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { DeleteIcon, EditIcon } from '../../ui/icons';

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
  const notSet = (
    <Typography component="span" level="body-sm" textColor="text.tertiary">
      {t('records.notSet')}
    </Typography>
  );
  return (
    <tr data-testid="truck-row" data-truck-id={truck.id} aria-busy={deleting || undefined}>
      <th scope="row">
        <Link component={RouterLink} to={edit} data-testid="truck-name" fontWeight="lg">
          {truck.name}
        </Link>
      </th>
      <td>
        <Typography component="span" fontFamily="code" data-testid="truck-plate">
          {truck.plate}
        </Typography>
      </td>
      <td className="number" data-testid="truck-capacity">
        {t('trucks.packages', { count: formatNumber(truck.capacity, language) })}
      </td>
      <td data-testid="truck-driver">{truck.driver_name || notSet}</td>
      <td data-testid="truck-phone">{truck.driver_phone ? <Link href={`tel:${truck.driver_phone.replace(/[^+0-9]/g, '')}`}>{truck.driver_phone}</Link> : notSet}</td>
      <td>
        <Chip size="sm" variant="soft" color={TRUCK_STATUS_COLOR[truck.status]} data-testid="truck-status">
          {t(`trucks.status.${truck.status}`)}
        </Chip>
      </td>
      <td>
        <div className="actions">
          <IconButton component={RouterLink} to={edit} size="sm" variant="plain" color="neutral" aria-label={t('trucks.edit', { name: truck.name })}>
            <EditIcon size="sm" />
          </IconButton>
          <IconButton
            size="sm"
            variant="plain"
            color="danger"
            disabled={disabled}
            loading={deleting}
            aria-label={deleting ? t('records.deleting') : t('trucks.delete', { name: truck.name })}
            onClick={() => onAskDelete(truck)}
          >
            <DeleteIcon size="sm" />
          </IconButton>
        </div>
      </td>
    </tr>
  );
});
