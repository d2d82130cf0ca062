import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import { useId } from 'react';
import { useT } from '../../i18n';
import type { LoadFailure } from '../../machines/shared/load-failure';
import { useLoadFailureMessage } from '../../ui/load-failure-message';

/**
 * One dashboard part that did not load: its own message (spec section 8) and a Retry for that
 * part alone. The button is described by the message, so "Retry" says which part it retries when
 * several have failed. An answer the console cannot read says so instead of the part's message.
 */
export function PartFailure({ message, failure, onRetry }: { message: string; failure: LoadFailure | null; onRetry: () => void }) {
  const t = useT();
  const messageId = useId();
  const text = useLoadFailureMessage(failure, message);
  return (
    <Alert
      color="danger"
      variant="soft"
      sx={{ gridColumn: '1 / -1', flexWrap: 'wrap' }}
      endDecorator={
        <Button size="sm" color="danger" variant="solid" onClick={onRetry} aria-describedby={messageId}>
          {t('management.retry')}
        </Button>
      }
    >
      <span id={messageId}>{text}</span>
    </Alert>
  );
}
