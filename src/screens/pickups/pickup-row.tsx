import { memo } from 'react';
import type { PickupLocation } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { countryName } from '../../lib/countries';
import { NotSet, PhoneLink, RecordActionsCell, RecordNameCell } from '../records/record-row-parts';

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
  // The spec shows no pickup location fields: one sent without a name goes by its number.
  const name = pickup.name || `#${pickup.id}`;
  return (
    <tr data-testid="pickup-row" data-pickup-id={pickup.id} aria-busy={deleting || undefined}>
      <RecordNameCell to={edit} testId="pickup-name">
        {name}
      </RecordNameCell>
      <td data-testid="pickup-address">{pickup.address || <NotSet />}</td>
      <td data-testid="pickup-country">{pickup.country ? countryName(pickup.country, language) : <NotSet />}</td>
      <td data-testid="pickup-hours">{pickup.opening_hours || <NotSet />}</td>
      <td data-testid="pickup-contact">
        {pickup.contact_name || pickup.contact_phone ? (
          <>
            {pickup.contact_name && <span style={{ display: 'block' }}>{pickup.contact_name}</span>}
            {pickup.contact_phone && <PhoneLink level="body-sm" phone={pickup.contact_phone} />}
          </>
        ) : (
          <NotSet />
        )}
      </td>
      <RecordActionsCell
        editTo={edit}
        editLabel={t('pickups.edit', { name })}
        deleteLabel={t('pickups.delete', { name })}
        deleting={deleting}
        disabled={disabled}
        onDelete={() => onAskDelete(pickup)}
      />
    </tr>
  );
});
