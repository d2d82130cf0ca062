/**
 * Who an operator is when the platform leaves their id out (spec section 3 does not name it):
 * pure helpers, apart from src/api so the shell can use them without loading zod.
 */
interface OperatorIdentity {
  id?: number;
  email: string;
}

/** The profile route's id when the platform does not say the operator's id: /profile/me. */
export const PROFILE_SELF = 'me';

/** The {id} of the signed-in operator's profile route: their id, or PROFILE_SELF when the platform sends none. */
export const profileRouteId = (operator: Pick<OperatorIdentity, 'id'>): string => (operator.id === undefined ? PROFILE_SELF : String(operator.id));

/**
 * Whether two operator records are the same person: by id when both carry one, else by e-mail
 * (the identity the operator signs in with, which the spec names).
 */
export const sameOperator = (a: OperatorIdentity, b: OperatorIdentity): boolean =>
  a.id !== undefined && b.id !== undefined ? a.id === b.id : a.email.toLowerCase() === b.email.toLowerCase();
