import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PickupLocation } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { countryName } from '../../lib/countries';
import { DeleteIcon, EditIcon } from '../../ui/icons';

/**
 * One pickup location as a table row: its name linking to the edit page, address, country,
 * opening hours, contact and its actions, whose names say which location they act on.
 */
export const PickupRow = memo(function PickupRow({
  pickup,
  deleting,
  disabled,
  onAskDelete,
}: {
  pickup: PickupLocation;
  deleting: boolean;
  disabled: boolean;
  onAskDelete: (pickup: PickupLocation) => void;
}) {
  const { t, language } = useLocale();
  const edit = `/pickup/edit/${pickup.id}`;
  const notSet = (
    <Typography component="span" level="body-sm" textColor="text.tertiary">
      {t('records.notSet')}
    </Typography>
  );
  return (
    <tr data-testid="pickup-row" data-pickup-id={pickup.id} aria-busy={deleting || undefined}>
      <th scope="row">
        <Link component={RouterLink} to={edit} data-testid="pickup-name" fontWeight="lg">
          {pickup.name}
        </Link>
      </th>
      <td data-testid="pickup-address">{pickup.address}</td>
      <td data-testid="pickup-country">{countryName(pickup.country, language)}</td>
      <td data-testid="pickup-hours">{pickup.opening_hours || notSet}</td>
      <td data-testid="pickup-contact">
        {pickup.contact_name || pickup.contact_phone ? (
          <>
            {pickup.contact_name && <span style={{ display: 'block' }}>{pickup.contact_name}</span>}
            {pickup.contact_phone && (
              <Link level="body-sm" href={`tel:${pickup.contact_phone.replace(/[^+0-9]/g, '')}`}>
                {pickup.contact_phone}
              </Link>
            )}
          </>
        ) : (
          notSet
        )}
      </td>
      <td>
        <div className="actions">
          <IconButton component={RouterLink} to={edit} size="sm" variant="plain" color="neutral" aria-label={t('pickups.edit', { name: pickup.name })}>
            <EditIcon size="sm" />
          </IconButton>
          <IconButton
            size="sm"
            variant="plain"
            color="danger"
            disabled={disabled}
            loading={deleting}
            aria-label={deleting ? t('records.deleting') : t('pickups.delete', { name: pickup.name })}
            onClick={() => onAskDelete(pickup)}
          >
            <DeleteIcon size="sm" />
          </IconButton>
        </div>
      </td>
    </tr>
  );
});
