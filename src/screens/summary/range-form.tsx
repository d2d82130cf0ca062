import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import * as z from 'zod';
import { useT, type Translate } from '../../i18n';
import { now } from '../../lib/clock';
import { calendarDayOf, financeRangeProblems, type FinanceRange } from '../../lib/finance-range';

/** The range rule of src/lib/finance-range.ts, checked against the clock when the form is applied; messages in the operator's language. */
function rangeSchema(t: Translate) {
  return z
    .object({ from: z.string(), to: z.string() })
    .superRefine((range, ctx) => {
      for (const problem of financeRangeProblems(range, now())) ctx.addIssue({ code: 'custom', path: [problem.field], message: t(problem.message) });
    });
}

/**
 * From and To (native date inputs, no later than today) and Apply. The range shown comes from the
 * URL: when it changes (Apply, back, forward) the inputs follow. A range the rule refuses shows
 * its message under the field and is not applied, so the data on screen stays.
 */
export function RangeForm({ range, onApply }: { range: FinanceRange; onApply: (range: FinanceRange) => void }) {
  const t = useT();
  const schema = useMemo(() => rangeSchema(t), [t]);
  const values = useMemo(() => ({ from: range.from, to: range.to }), [range.from, range.to]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FinanceRange>({ resolver: zodResolver(schema), defaultValues: values, values });
  const today = calendarDayOf(now());

  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('summary.rangeForm')}
      onSubmit={handleSubmit((applied) => onApply({ from: applied.from, to: applied.to }))}
      direction="row"
      gap={1.5}
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <DayField label={t('summary.from')} max={today} error={errors.from?.message} registered={register('from')} testId="summary-from" />
      <DayField label={t('summary.to')} max={today} error={errors.to?.message} registered={register('to')} testId="summary-to" />
      {/* Down by a label's height (0.875rem × 1.43 line + 0.375rem gap), so the button lines up with the inputs whether or not a message shows under them. */}
      <Button type="submit" variant="solid" sx={{ mt: '1.625rem' }}>
        {t('summary.apply')}
      </Button>
    </Stack>
  );
}

function DayField({ label, max, error, registered, testId }: { label: string; max: string; error?: string; registered: UseFormRegisterReturn; testId: string }) {
  const { ref, name, onChange, onBlur } = registered;
  return (
    <FormControl error={error !== undefined} sx={{ minWidth: 170 }}>
      <FormLabel>{label}</FormLabel>
      {/* Joy's Input puts its ref on the wrapper; react-hook-form needs the <input> itself. */}
      <Input type="date" name={name} onChange={onChange} onBlur={onBlur} slotProps={{ input: { ref, max, 'data-testid': testId } as Record<string, unknown> }} />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
