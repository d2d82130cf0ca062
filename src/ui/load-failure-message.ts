import { useT } from '../i18n';

/**
 * Why a load failed, as the flows remember it (src/machines/shared/load-failure.ts: ui does not import
 * machines, the screens pass it on): 'unreadable' when the server answered with something the
 * console cannot read, 'failed' for anything else.
 */
export type LoadFailureKind = 'unreadable' | 'forbidden' | 'failed';

/**
 * What a failed load says: the screen's own message (the catalogue's), except for an answer the
 * console cannot read, which has one message everywhere, and a call the platform refused to the
 * operator's role (403), which says who may make it. It is not a connection
 * problem, and "please retry in a moment" would not help either. No Joy here: the top bar's plain
 * widgets use it too.
 */
export function useLoadFailureMessage(failure: LoadFailureKind | null | undefined, message: string): string {
  const t = useT();
  if (failure === 'forbidden') return t('errors.forbidden');
  return failure === 'unreadable' ? t('errors.unreadableAnswer') : message;
}
