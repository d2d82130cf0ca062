import { useT } from '../../i18n';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';

/** "Delete template {name}?" with Cancel / Delete, open while `name` is given. */
export function DeleteTemplateDialog({ name, onCancel, onConfirm }: { name: string | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  const texts =
    name === null
      ? null
      : { title: t('templates.deleteTitle', { name }), body: t('templates.deleteBody'), cancel: t('templates.deleteCancel'), confirm: t('templates.deleteConfirm') };
  return <ConfirmDeleteDialog texts={texts} onCancel={onCancel} onConfirm={onConfirm} />;
}
