import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { useId } from 'react';
import { useT } from '../../i18n';
import { OrderDetailLoader } from './order-detail-loader';

/** The "Order Detail" dialog: the order detail view of one order, and a Close button. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Modal open={orderId !== null} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: 'min(720px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)' }}>
        <DialogTitle id={titleId} component="h2">
          {t('order.dialogTitle')}
        </DialogTitle>
        {/* The content scrolls on small screens; keyboard users need to reach it (focusable region). */}
        <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
          {orderId !== null && <OrderDetailLoader key={orderId} orderId={orderId} headingLevel={3} />}
        </DialogContent>
        <DialogActions>
          <Button variant="solid" onClick={onClose}>
            {t('order.close')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
