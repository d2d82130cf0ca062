import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { isMessageKey, type Translate } from '../../i18n';
import { sharedMessageText } from './field-messages';

/**
 * What the truck and pickup location forms share: the fields' messages in the operator's
 * language, and a labelled input wired to react-hook-form with its message (or hint) tied to it.
 */

/**
 * The forms' schemas write message keys (src/i18n/en.ts), optionally with a number after a bar:
 * "records.tooLong|60" reads "Use at most 60 characters".
 */
export const tooLong = (max: number) => `records.tooLong|${max}`;


export function fieldMessage(t: Translate, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  // The api's field rules (the server's wording too), in the operator's language.
  const shared = sharedMessageText(t, message);
  if (shared !== null) return shared;
  const [key, max] = message.split('|');
  if (!isMessageKey(key)) return message;
  return max === undefined ? t(key) : t(key, { max });
}

type Registered = Pick<UseFormRegisterReturn, 'ref' | 'name' | 'onChange' | 'onBlur'>;

export function RecordTextField({
  label,
  field,
  error,
  invalid = error !== undefined,
  hint,
  type = 'text',
  inputMode,
  autoComplete,
  step,
  upperCase = false,
  testId,
}: {
  label: string;
  field: Registered;
  error?: string;
  /** Marked invalid without a message of its own (a message shown once for several fields). */
  invalid?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'number';
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
  step?: number | 'any';
  /** Shown and kept in capitals as typed (a number plate); the caret stays where it was. */
  upperCase?: boolean;
  testId?: string;
}) {
  const { ref, onChange, ...rest } = field;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (upperCase) {
      const input = event.target;
      const upper = input.value.toUpperCase();
      if (upper !== input.value) {
        const { selectionStart, selectionEnd } = input;
        input.value = upper;
        input.setSelectionRange(selectionStart, selectionEnd);
      }
    }
    return onChange(event);
  };
  return (
    <FormControl error={invalid}>
      <FormLabel>{label}</FormLabel>
      <Input
        {...rest}
        onChange={change}
        type={type}
        slotProps={{
          input: {
            ref,
            autoComplete,
            inputMode,
            step,
            'aria-invalid': invalid || undefined,
            'data-testid': testId,
          } as Record<string, unknown>,
        }}
      />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
