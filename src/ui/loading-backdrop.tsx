import Box from '@mui/joy/Box';
import CircularProgress from '@mui/joy/CircularProgress';

/** Covers the app while blocking work runs (signing out, switching store). */
export function LoadingBackdrop({ open, label }: { open: boolean; label: string }) {
  if (!open) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: 'fixed', inset: 0, zIndex: 1300, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.4)' }}
    >
      <CircularProgress size="lg" aria-label={label} />
    </Box>
  );
}
