import { isApiError } from '../../api/errors';

/** What a failed call is logged as: an API error's fields (operation, status, message), else the error itself. */
export const describeError = (error: unknown) => (isApiError(error) ? error.toJSON() : error);
