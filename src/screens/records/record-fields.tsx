import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { isMessageKey, type Translate } from '../../i18n';
import { FormSection } from '../../ui/form-fields';
import { sharedMessageText } from './field-messages';

/**
 * What the truck and pickup location forms share: the fields' messages in the operator's
 * language, a labelled input wired to react-hook-form with its message (or hint) tied to it, and
 * the person to call (a truck's driver, a location's contact).
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

interface ContactField {
  label: string;
  field: Registered;
  error: string | undefined;
}

/** The person to call about the record (a truck's driver, a location's contact): name and phone, side by side. */
export function ContactSection({ title, name, phone }: { title: string; name: ContactField; phone: ContactField }) {
  return (
    <FormSection title={title}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, alignItems: 'start' }}>
        <RecordTextField label={name.label} error={name.error} field={name.field} autoComplete="off" />
        <RecordTextField label={phone.label} error={phone.error} field={phone.field} type="tel" autoComplete="off" />
      </Box>
    </FormSection>
  );
}
