import { createContext, use, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../api/session';
import type { MessageKey, Messages } from './en';
import { enPublic } from './en-public';

export type { MessageKey, Messages };

/**
 * English ships with the app in two parts: what the pages before sign-in need (en-public.ts), and
 * the rest (en-console.ts), fetched with the first page beyond sign-in (loadConsoleStrings, called
 * by the routes' lazy loaders). Spanish is one chunk, fetched the first time it is needed (the
 * sign-in page of an English browser never loads it). A catalogue not loaded yet reads as English.
 */
const english: Partial<Messages> = { ...enPublic };
const loaded: Partial<Record<Language, Partial<Messages>>> = { en: english };

let consoleStrings: Promise<void> | undefined;

/** The console's English strings (en-console.ts): fetched once; a failed fetch is tried again next time. */
export function loadConsoleStrings(): Promise<void> {
  consoleStrings ??= import('./en-console').then(
    ({ enConsole }) => {
      Object.assign(english, enConsole);
    },
    (error: unknown) => {
      consoleStrings = undefined;
      throw error;
    },
  );
  return consoleStrings;
}

/**
 * One promise per language, marked with status/value once settled (React's thenable convention) so
 * use() reads a loaded catalogue synchronously instead of suspending again.
 */
const loading = new Map<Language, Promise<Partial<Messages>>>();

export function loadCatalogue(language: Language): Promise<Partial<Messages>> {
  let promise = loading.get(language);
  if (!promise) {
    const load: Promise<Partial<Messages>> =
      language === 'en' ? Promise.resolve(english) : import('./es').then((module) => module.es);
    const tracked: Promise<Partial<Messages>> = load.then((messages) => {
      loaded[language] = messages;
      return messages;
    });
    if (language === 'en') Object.assign(tracked, { status: 'fulfilled', value: english });
    void tracked.then((messages) => Object.assign(tracked, { status: 'fulfilled', value: messages }));
    promise = tracked;
    loading.set(language, promise);
  }
  return promise;
}

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  const template = loaded[language]?.[key] ?? english[key];
  if (template === undefined) {
    // A page showed a console string before loadConsoleStrings() had run: a bug in the routes'
    // loaders or in en-public.ts's choice of strings. The key stands in rather than a blank.
    console.error(`Message "${key}" was shown before the console's strings were loaded`);
    return key;
  }
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Whether a string is one of the catalogues' keys (the console's too, once they are loaded). */
export const isMessageKey = (key: string): key is MessageKey => key in english;

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
  // Always called, so the hooks after it run in the same order whether or not the catalogue is
  // in: a loaded catalogue's thenable is already marked fulfilled and use() reads it at once. (A
  // conditional use() broke React's replay of a suspended render: the catalogue arriving between
  // the attempt and the replay skipped the use() there, and the hook lists no longer matched.)
  use(loadCatalogue(language));
  useEffect(() => {
    if (!loaded[chosen]) void loadCatalogue(chosen).then(() => setPrevious(chosen));
  }, [chosen]);
  const value = useMemo<LocaleValue>(() => ({ language, t: (key, params) => translate(language, key, params) }), [language]);
  useEffect(() => {
    // The document follows the UI language (screen readers read <html lang>). Dates need no
    // language: the console writes them in digits (lib/dates.ts), so dayjs keeps no locale.
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
