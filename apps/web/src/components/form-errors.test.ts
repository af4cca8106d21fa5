import { beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { ApiError } from '../api/api-error';
import { changeLanguage, startI18n } from '../i18n/i18n';
import { applyServerErrors, formFailure } from './form-errors';

const toasts = vi.hoisted(() => ({ showToast: vi.fn(), hideErrorToast: vi.fn() }));
vi.mock('../toasts/toasts', () => toasts);

beforeAll(async () => {
  await startI18n('en');
});

beforeEach(() => {
  // Unit tests run without a DOM: focusing the first field waits for a frame that never comes.
  vi.stubGlobal('requestAnimationFrame', () => 0);
  toasts.showToast.mockClear();
  toasts.hideErrorToast.mockClear();
});

const wrongPassword = new ApiError(401, 'UNAUTHENTICATED', 'Invalid e-mail or password');
const taken = new ApiError(409, 'CONFLICT', 'An account with this e-mail already exists', [
  { path: 'email', message: 'An account with this e-mail already exists' },
]);

describe('formFailure: one place per message', () => {
  it('says a refusal without field errors in the form', () => {
    expect(formFailure(new ApiError(409, 'CONFLICT', 'Sales have started'))).toBe('Sales have started');
  });
  it('leaves field errors to the fields', () => {
    expect(formFailure(taken)).toBeNull();
  });
  it('toasts an ended session (the page goes to sign-in) but says a wrong password in the sign-in form', () => {
    expect(formFailure(wrongPassword)).toBeNull();
    expect(toasts.showToast).toHaveBeenCalledExactlyOnceWith('error', 'Invalid e-mail or password');
    toasts.showToast.mockClear();
    expect(formFailure(wrongPassword, { signingIn: true })).toBe('Invalid e-mail or password');
    expect(toasts.showToast).not.toHaveBeenCalled();
  });
  it('has words of its own for a failure that is no answer of the server', () => {
    expect(formFailure(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
  it('says its own words in the language shown', async () => {
    await changeLanguage('de');
    expect(formFailure(new Error('boom'))).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    await changeLanguage('en');
  });
});

describe('applyServerErrors', () => {
  const form = () => ({ setErrors: vi.fn(), getInputNode: vi.fn() });
  it('takes back the toast once the fields say it', () => {
    const f = form();
    applyServerErrors(f as never, taken);
    expect(f.setErrors).toHaveBeenCalledWith({ email: 'An account with this e-mail already exists' });
    expect(toasts.hideErrorToast).toHaveBeenCalledExactlyOnceWith('An account with this e-mail already exists');
  });
  it('leaves the toast of a refusal that names no field', () => {
    const f = form();
    applyServerErrors(f as never, new ApiError(409, 'CONFLICT', 'Sales have started'));
    expect(f.setErrors).not.toHaveBeenCalled();
    expect(toasts.hideErrorToast).not.toHaveBeenCalled();
  });
});
