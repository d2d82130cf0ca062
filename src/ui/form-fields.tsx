import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';

/**
 * The fields the offer and template forms share: labelled sections, text and number inputs wired
 * to react-hook-form, time-of-day inputs and groups of checkboxes holding lists of ids. Each
 * shows its message under the field and ties it to the input for screen readers.
 */

export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <Typography id={id} level="title-md" component="h2">
        {title}
      </Typography>
      {hint && <Typography level="body-sm">{hint}</Typography>}
      <Stack gap={2}>{children}</Stack>
    </Card>
  );
}

type Registered = Pick<UseFormRegisterReturn, 'ref' | 'name' | 'onChange' | 'onBlur'>;

/** Joy's Input puts its ref on the wrapper; react-hook-form needs the <input> itself. */
export function fieldProps({ ref, name, onChange, onBlur }: Registered) {
  return { inputRef: ref, name, onChange, onBlur };
}

export function TextField({
  label,
  error,
  hint,
  inputRef,
  type = 'text',
  min,
  step,
  ...rest
}: {
  label: string;
  error?: string;
  hint?: string;
  inputRef: Registered['ref'];
  type?: 'text' | 'number';
  min?: number;
  step?: number;
} & Omit<Registered, 'ref'>) {
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{label}</FormLabel>
      <Input
        {...rest}
        type={type}
        slotProps={{ input: { ref: inputRef, min, step, inputMode: type === 'number' ? (step === 1 ? 'numeric' : 'decimal') : undefined } }}
      />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}

/** A time of day ("HH:MM"); `hint` sits in the label, e.g. "(TOMORROW)". */
export function TimeField({ label, value, hint, error, onChange }: { label: string; value: string; hint?: string; error?: string; onChange: (hhmm: string) => void }) {
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>
        {label}
        {hint && (
          <Typography component="span" level="body-sm" color="warning" sx={{ ml: 1 }} data-testid="tomorrow-hint">
            {hint}
          </Typography>
        )}
      </FormLabel>
      <Input type="time" value={value} onChange={(event) => onChange(event.target.value)} />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** A labelled group of checkboxes holding a list of ids (weekdays 1–7, lookup options). */
export function IdChecks<V extends FieldValues>({
  control,
  name,
  label,
  options,
  error,
  testId,
}: {
  control: Control<V>;
  name: FieldPathByValue<V, number[]>;
  label: string;
  options: readonly { id: number; name: string }[];
  error?: string;
  testId: string;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value as number[];
        return (
          <Box role="group" aria-labelledby={id} aria-describedby={error ? errorId : undefined} data-testid={testId}>
            <Typography id={id} level="title-sm" component="p" sx={{ mb: 1 }}>
              {label}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {options.map((option) => (
                <Checkbox
                  key={option.id}
                  label={option.name}
                  checked={value.includes(option.id)}
                  onChange={(event) =>
                    field.onChange(event.target.checked ? [...value, option.id].sort((a, b) => a - b) : value.filter((v) => v !== option.id))
                  }
                  onBlur={field.onBlur}
                />
              ))}
            </Box>
            {error && (
              <Typography id={errorId} level="body-sm" color="danger" sx={{ mt: 1 }}>
                {error}
              </Typography>
            )}
          </Box>
        );
      }}
    />
  );
}

/**
 * The end of a form: the save failure (kept until the next attempt) and Save / Cancel. Save reads
 * Retry after a failure and shows progress while saving; Cancel waits for the save.
 */
export function FormActions({
  errorText,
  errorTestId,
  saving,
  labels,
  onCancel,
}: {
  errorText: string | null;
  errorTestId: string;
  saving: boolean;
  labels: { save: string; saving: string; retry: string; cancel: string };
  onCancel: () => void;
}) {
  return (
    <>
      {errorText && (
        <Alert color="danger" variant="soft" role="alert" data-testid={errorTestId}>
          {errorText}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" loading={saving} loadingPosition="start">
          {saving ? labels.saving : errorText ? labels.retry : labels.save}
        </Button>
        <Button variant="plain" color="neutral" onClick={onCancel} disabled={saving}>
          {labels.cancel}
        </Button>
      </Box>
    </>
  );
}
