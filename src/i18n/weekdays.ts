import type { Language } from '../api/session';

/** Weekdays monday → sunday (spec section 2's shared list), numbered 1–7 as offers store them. */
export const weekdays = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
} as const satisfies Record<Language, readonly string[]>;

export function weekdayName(day: number, language: Language): string {
  return weekdays[language][day - 1] ?? String(day);
}
