import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * The sign-up form's strength hint, pure. A hint, not a rule: the only rule is the platform's
 * minimum length. The score rewards length and a mix of kinds of character, and caps a password
 * of one repeated character at weak however long it is. Adding a character never lowers it.
 */
export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'good' | 'strong';

const KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
const STRENGTHS: readonly PasswordStrength[] = ['tooShort', 'weak', 'fair', 'good', 'strong'];

/** 0 (shorter than the minimum) to 4 (strong). */
export function passwordScore(password: string): number {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 0;
  const kinds = KINDS.filter((kind) => kind.test(password)).length;
  const score = 1 + Number(length >= 12) + Number(kinds >= 2) + Number(kinds >= 3);
  return /^(.)\1*$/su.test(password) ? Math.min(score, 1) : score;
}

export function passwordStrength(password: string): PasswordStrength {
  return STRENGTHS[passwordScore(password)];
}
