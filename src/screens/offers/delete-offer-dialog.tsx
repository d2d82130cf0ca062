import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { useId } from 'react';
import { useT } from '../../i18n';

/** "Delete offer {name}?" with Cancel / Delete. Escape and the backdrop cancel. */
export function DeleteOfferDialog({ name, onCancel, onConfirm }: { name: string | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={name !== null} onClose={onCancel}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} sx={{ width: 'min(440px, calc(100vw - 24px))' }}>
        <DialogTitle id={titleId} component="h2">
          {t('offers.deleteTitle', { name: name ?? '' })}
        </DialogTitle>
        <DialogContent id={bodyId}>{t('offers.deleteBody')}</DialogContent>
        <DialogActions>
          <Button variant="solid" color="danger" onClick={onConfirm}>
            {t('offers.deleteConfirm')}
          </Button>
          {/* Cancel takes the initial focus: the safe choice is the one Enter confirms. */}
          <Button variant="plain" color="neutral" onClick={onCancel} autoFocus>
            {t('offers.deleteCancel')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
