import type { Journal } from '../journal/journal';
import type { SnackbarRequest } from '../snackbar/machine';

/** What the live machines' effects are given: the journal, the snackbar, a page reload. */
export interface LiveDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
  reloadPage: () => void;
}
