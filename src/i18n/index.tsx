import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { createContext, use, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../api/session';
import { en, type MessageKey, type Messages } from './en';

dayjs.extend(relativeTime);

export type { MessageKey, Messages };

/**
 * English ships with the app; Spanish is its own chunk, fetched the first time it is needed
 * (the sign-in page of an English browser never loads it). A catalogue that is not loaded yet
 * reads as English.
 */
const loaded: Partial<Record<Language, Messages>> = { en };

/**
 * One promise per language, marked with status/value once settled (React's thenable convention) so
 * use() reads a loaded catalogue synchronously instead of suspending again.
 */
const loading = new Map<Language, Promise<Messages>>();

export function loadCatalogue(language: Language): Promise<Messages> {
  let promise = loading.get(language);
  if (!promise) {
    const load: Promise<Messages> =
      language === 'en' ? Promise.resolve(en) : Promise.all([import('./es'), import('dayjs/locale/es')]).then(([module]) => module.es);
    const tracked: Promise<Messages> = load.then((messages) => {
      loaded[language] = messages;
      return messages;
    });
    if (language === 'en') Object.assign(tracked, { status: 'fulfilled', value: en });
    void tracked.then((messages) => Object.assign(tracked, { status: 'fulfilled', value: messages }));
    promise = tracked;
    loading.set(language, promise);
  }
  return promise;
}

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  const template = loaded[language]?.[key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Whether a string is one of the catalogues' keys. */
export const isMessageKey = (key: string): key is MessageKey => key in en;

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

/**
 * The UI language for everything below. On the first render a catalogue still on its way (a
 * Spanish operator's first page) suspends the subtree rather than flash English; on a later switch
 * the previous language stays on screen until the new catalogue has arrived.
 */
export function LocaleProvider({ language: chosen, children }: { language: Language; children: ReactNode }) {
  const [previous, setPrevious] = useState(chosen);
  const language = loaded[chosen] ? chosen : previous;
  // use() may be called conditionally; a loaded catalogue needs no thenable at all.
  if (!loaded[language]) use(loadCatalogue(language));
  useEffect(() => {
    if (!loaded[chosen]) void loadCatalogue(chosen).then(() => setPrevious(chosen));
  }, [chosen]);
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
