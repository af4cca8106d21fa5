// Shared with the sign-in and credentials forms (docs/decisions/0024, one place per message): it lives with
// the other form helpers.
export { formFailure } from '../../../components/form-errors';
