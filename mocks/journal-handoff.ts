/**
 * Where devkit.importJournal leaves the imported journal for the next page load (sessionStorage).
 * Its own module so that mock mode's light entry can tell, without loading the kit, that this
 * load must wait for the kit: the imported journal becomes the app's before anything renders.
 */
export const JOURNAL_HANDOFF_KEY = 'devkit.journal-import';

export function isJournalHandedOver(): boolean {
  try {
    return sessionStorage.getItem(JOURNAL_HANDOFF_KEY) !== null;
  } catch {
    return false;
  }
}
