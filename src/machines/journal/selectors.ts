import type { ProjectionState } from './projections';

/** Selectors over projection contexts, defined once, outside components. */
export const selectUser = (view: ProjectionState['session']) => view.user;
export const selectUnreadNotifications = (view: ProjectionState['notifications']) => view.items.filter((n) => !n.read);
export const selectStoreProfile = (view: ProjectionState['store']) => view.profile;

/** The role switch shows only with more than one role and a current account (spec section 2). */
export const selectCanSwitchRole = (view: ProjectionState['session']) =>
  !!view.user && view.user.operator.rolesList.roles.length > 1 && view.user.operator.currentAccount !== null;
