import { useT } from '../../i18n';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';

/** "Delete offer {name}?" with Cancel / Delete, open while `name` is given. */
export function DeleteOfferDialog({ name, onCancel, onConfirm }: { name: string | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  const texts =
    name === null
      ? null
      : { title: t('offers.deleteTitle', { name }), body: t('offers.deleteBody'), cancel: t('offers.deleteCancel'), confirm: t('offers.deleteConfirm') };
  return <ConfirmDeleteDialog texts={texts} onCancel={onCancel} onConfirm={onConfirm} />;
}
