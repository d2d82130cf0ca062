import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';

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
            {shown ? <EyeOffIcon size="sm" color="inherit" /> : <EyeIcon size="sm" color="inherit" />}
          </IconButton>
        }
      />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
