// Shared with the sign-in and credentials forms (issue 19): it lives with the other form helpers.
export { formFailure } from '../../../lib/form-errors';
