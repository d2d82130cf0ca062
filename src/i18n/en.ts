import { enConsole } from './en-console';
import { enPublic } from './en-public';

/**
 * English messages: the reference catalogue, in two parts so the sign-in page ships only the first
 * (en-public.ts; en-console.ts is fetched with the first page beyond sign-in). Every key here must
 * exist in es.ts (the compiler checks it through the Messages type, a test checks it at run time).
 * `{name}` is a parameter. Strings quoted by the spec are kept word for word.
 */
export const en = { ...enPublic, ...enConsole } as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
