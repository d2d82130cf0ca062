import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocale } from '../../i18n';
import { DeleteIcon, EditIcon } from '../../ui/icons';

/**
 * The cells every record row shares (trucks, pickup locations): the name heading the row and
 * linking to its edit page, "Not set" for an empty optional field, a phone as a tel: link, and
 * the Edit/Delete actions whose names say which record they act on.
 */

export function NotSet() {
  const { t } = useLocale();
  return (
    <Typography component="span" level="body-sm" textColor="text.tertiary">
      {t('records.notSet')}
    </Typography>
  );
}

/** The row's header cell: the record's name, linking to its edit page. */
export function RecordNameCell({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <th scope="row">
      <Link component={RouterLink} to={to} data-testid={testId} fontWeight="lg">
        {children}
      </Link>
    </th>
  );
}

/** A phone number as a tel: link (digits and a leading + only in the link). */
export function PhoneLink({ phone, level }: { phone: string; level?: 'body-sm' }) {
  return (
    <Link level={level} href={`tel:${phone.replace(/[^+0-9]/g, '')}`}>
      {phone}
    </Link>
  );
}

export function RecordActionsCell({
  editTo,
  editLabel,
  deleteLabel,
  deleting,
  disabled,
  onDelete,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  /** Its delete is running: the row stays, its button busy, until the server answers. */
  deleting: boolean;
  disabled: boolean;
  onDelete: () => void;
}) {
  const { t } = useLocale();
  return (
    <td>
      <div className="actions">
        <IconButton component={RouterLink} to={editTo} size="sm" variant="plain" color="neutral" aria-label={editLabel}>
          <EditIcon size="sm" />
        </IconButton>
        <IconButton
          size="sm"
          variant="plain"
          color="danger"
          disabled={disabled}
          loading={deleting}
          aria-label={deleting ? t('records.deleting') : deleteLabel}
          onClick={onDelete}
        >
          <DeleteIcon size="sm" />
        </IconButton>
      </div>
    </td>
  );
}
