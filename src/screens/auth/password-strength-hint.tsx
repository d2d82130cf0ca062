import Box from '@mui/joy/Box';
import LinearProgress from '@mui/joy/LinearProgress';
import { useT, type MessageKey } from '../../i18n';
import { passwordScore, passwordStrength, type PasswordStrength } from '../../lib/password-strength';

const STRENGTH_KEYS: Record<PasswordStrength, MessageKey> = {
  tooShort: 'register.strength.tooShort',
  weak: 'register.strength.weak',
  fair: 'register.strength.fair',
  good: 'register.strength.good',
  strong: 'register.strength.strong',
};
const STRENGTH_COLORS = { tooShort: 'neutral', weak: 'danger', fair: 'warning', good: 'success', strong: 'success' } as const;

/**
 * The strength of a new password as it is typed (sign-up, choosing a new password): a word, read
 * with the field, and a bar for the eye. A hint, not a rule (src/lib/password-strength.ts).
 */
export function PasswordStrengthHint({ password, testId }: { password: string; testId?: string }) {
  const t = useT();
  const strength = passwordStrength(password);
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, width: '100%' }}>
      <LinearProgress determinate value={passwordScore(password) * 25} color={STRENGTH_COLORS[strength]} aria-hidden sx={{ mt: 0.5 }} />
      <span data-testid={testId}>{password === '' ? t('register.passwordHint') : t('register.passwordStrength', { strength: t(STRENGTH_KEYS[strength]) })}</span>
    </Box>
  );
}
