import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import Skeleton from '@mui/joy/Skeleton';
import Stack from '@mui/joy/Stack';
import { useLoadFailureMessage, type LoadFailureKind } from './load-failure-message';

/**
 * Placeholders of the height of what is loading, so the page does not jump when it arrives. A
 * status region: a plain div may not carry a name (axe aria-prohibited-attr), a status may.
 */
export function SkeletonStack({ count, height, label }: { count: number; height: number; label: string }) {
  return (
    <Stack role="status" gap={1} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={height} sx={{ borderRadius: 'sm' }} />
      ))}
    </Stack>
  );
}

/** A load failed: the catalogue's message (or the unreadable-answer one) with a Retry button beside it. */
export function RetryAlert({
  message,
  failure,
  retryLabel,
  onRetry,
}: {
  message: string;
  /** Why the load failed; the message is replaced for an unreadable answer. */
  failure?: LoadFailureKind | null;
  retryLabel: string;
  onRetry: () => void;
}) {
  const text = useLoadFailureMessage(failure, message);
  return (
    <Alert
      color="danger"
      variant="soft"
      role="alert"
      sx={{ mb: 2 }}
      endDecorator={
        <Button size="sm" color="danger" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
