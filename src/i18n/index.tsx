import dayjs from 'dayjs';
import 'dayjs/locale/es';
import relativeTime from 'dayjs/plugin/relativeTime';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { Language } from '../api/session';
import { en, type MessageKey, type Messages } from './en';
import { es } from './es';

dayjs.extend(relativeTime);

export const catalogues: Record<Language, Messages> = { en, es };
export type { MessageKey, Messages };

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  const template = catalogues[language][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** The language to show before anyone chose one: the browser's, when we have it. */
export function browserLanguage(): Language {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return languages.some((l) => l?.toLowerCase().startsWith('es')) ? 'es' : 'en';
}

interface LocaleValue {
  language: Language;
  t: Translate;
}

const LocaleContext = createContext<LocaleValue>({ language: 'en', t: (key, params) => translate('en', key, params) });

export function LocaleProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo<LocaleValue>(() => ({ language, t: (key, params) => translate(language, key, params) }), [language]);
  useEffect(() => {
    // dayjs and the document follow the UI language (screen readers read <html lang>).
    dayjs.locale(language);
    document.documentElement.lang = language;
  }, [language]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleValue {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  return useContext(LocaleContext).t;
}
