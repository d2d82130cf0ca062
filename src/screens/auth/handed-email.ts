import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The e-mail one public page hands to the next (validation → sign in, sign-up → recovery, …). It
 * travels in the history entry's state, never in the URL: an address bar, the history, a Referer
 * or a server log must not carry an operator's e-mail. A reload keeps it (the state
 * belongs to the history entry).
 */
export interface HandedEmail {
  email: string;
}

export const handEmail = (email: string): HandedEmail | undefined => (email.trim() === '' ? undefined : { email: email.trim() });

/** The e-mail the previous page handed over, or '' (read once, when the page opens). */
export function useHandedEmail(): string {
  const { state } = useLocation();
  const [email] = useState(() => {
    const handed = (state as Partial<HandedEmail> | null)?.email;
    return typeof handed === 'string' ? handed.trim() : '';
  });
  return email;
}
