import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router-dom';
import { useT, type MessageKey } from '../i18n';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation (links, back and forward)
 * is held by useBlocker until the operator answers; closing or reloading the tab gets the
 * browser's own prompt (beforeunload). `isUnsaved` is read at navigation time, not render time:
 * a save may have just finished and its own navigation must go through.
 */
export function useLeaveGuard(unsaved: boolean, isUnsaved: () => boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isUnsaved());

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // The draft survives a reload anyway; the prompt is for closing the tab.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return {
    pending: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}

/**
 * "Leave without saving?" with Leave / Keep editing; Keep editing has the focus. `onLeave` runs
 * before leaving: the form drops its changes (and the draft kept for a reload).
 */
export function LeaveDialog({ guard, bodyKey, onLeave }: { guard: ReturnType<typeof useLeaveGuard>; bodyKey: MessageKey; onLeave?: () => void }) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={guard.pending} onClose={guard.stay}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} sx={{ width: 'min(440px, calc(100vw - 24px))' }}>
        <DialogTitle id={titleId} component="h2">
          {t('form.leaveTitle')}
        </DialogTitle>
        <DialogContent id={bodyId}>{t(bodyKey)}</DialogContent>
        <DialogActions>
          <Button
            variant="solid"
            color="danger"
            onClick={() => {
              onLeave?.();
              guard.leave();
            }}
          >
            {t('form.leaveGo')}
          </Button>
          {/* Keep editing has the focus: Enter never throws work away. */}
          <Button variant="plain" color="neutral" onClick={guard.stay} autoFocus>
            {t('form.leaveStay')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
