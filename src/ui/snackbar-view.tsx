import IconButton from '@mui/joy/IconButton';
import Snackbar from '@mui/joy/Snackbar';
import type { SnackbarSeverity } from '../machines/snackbar.machine';
import { CloseIcon } from './icons';

const colorOf: Record<SnackbarSeverity, 'success' | 'warning' | 'danger' | 'primary'> = {
  success: 'success',
  warning: 'warning',
  error: 'danger',
  info: 'primary',
};

/**
 * The notification bar: bottom centre, closes on its button, ignores click-away. Auto-hide is
 * the snackbar machine's job (its timer), not the component's, so tests and paths see it.
 */
export function SnackbarView({
  message,
  severity,
  closeLabel,
  onClose,
}: {
  message: string | undefined;
  severity: SnackbarSeverity;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={message !== undefined}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      color={colorOf[severity]}
      variant="solid"
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      data-severity={severity}
      onClose={(_, reason) => {
        if (reason === 'clickaway') return;
        onClose();
      }}
      endDecorator={
        <IconButton variant="plain" color="neutral" aria-label={closeLabel} onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      }
    >
      {message}
    </Snackbar>
  );
}
