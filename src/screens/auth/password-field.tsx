import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The eye of the show/hide password buttons (open: "show", struck through: "hide"). */
export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden focusable="false" fill="currentColor">
      {open ? (
        <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
      ) : (
        <path d="M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2z" />
      )}
    </svg>
  );
}

type Registered = Pick<UseFormRegisterReturn, 'ref' | 'name' | 'onChange' | 'onBlur'>;

/**
 * A labelled password input with a show/hide button (named for the field, pressed while the
 * password shows), wired to react-hook-form; its message or hint is tied to the input.
 */
export function PasswordField({
  label,
  field,
  autoComplete,
  error,
  hint,
  toggleLabels,
  testId,
}: {
  label: string;
  field: Registered;
  autoComplete: 'new-password' | 'current-password';
  error?: string;
  hint?: ReactNode;
  toggleLabels: { show: string; hide: string };
  testId?: string;
}) {
  const [shown, setShown] = useState(false);
  const { ref, ...rest } = field;
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{label}</FormLabel>
      <Input
        {...rest}
        type={shown ? 'text' : 'password'}
        slotProps={{
          input: { ref, autoComplete, 'aria-invalid': error !== undefined || undefined, 'data-testid': testId } as Record<string, unknown>,
        }}
        endDecorator={
          <IconButton variant="plain" size="sm" aria-label={shown ? toggleLabels.hide : toggleLabels.show} aria-pressed={shown} onClick={() => setShown((v) => !v)}>
            <EyeIcon open={!shown} />
          </IconButton>
        }
      />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
