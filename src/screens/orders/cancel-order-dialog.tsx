import type { Order } from '../../api/orders';
import { useT } from '../../i18n';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';

/** "Cancel order #{id}?" with "Keep the order" / "Cancel order", open while `order` is given. */
export function CancelOrderDialog({ order, onKeep, onConfirm }: { order: Order | null; onKeep: () => void; onConfirm: () => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      texts={
        order
          ? {
              title: t('orders.cancelTitle', { id: order.id }),
              body: t('orders.cancelBody', { name: order.consumer.name }),
              cancel: t('orders.keepOrder'),
              confirm: t('orders.confirmCancel'),
            }
          : null
      }
      onCancel={onKeep}
      onConfirm={onConfirm}
    />
  );
}
