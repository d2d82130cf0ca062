import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { useId } from 'react';

export interface ConfirmDeleteTexts {
  title: string;
  body: string;
  cancel: string;
  confirm: string;
}

/**
 * "Delete {thing}?" with Delete / Cancel, open while `texts` is given. Escape and the backdrop
 * cancel; Cancel takes the initial focus, so Enter never deletes by accident.
 */
export function ConfirmDeleteDialog({ texts, onCancel, onConfirm }: { texts: ConfirmDeleteTexts | null; onCancel: () => void; onConfirm: () => void }) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={texts !== null} onClose={onCancel}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} sx={{ width: 'min(440px, calc(100vw - 24px))' }}>
        <DialogTitle id={titleId} component="h2">
          {texts?.title}
        </DialogTitle>
        <DialogContent id={bodyId}>{texts?.body}</DialogContent>
        <DialogActions>
          <Button variant="solid" color="danger" onClick={onConfirm}>
            {texts?.confirm}
          </Button>
          <Button variant="plain" color="neutral" onClick={onCancel} autoFocus>
            {texts?.cancel}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
