import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';

/**
 * Every string value of the catalogue, functions called with a placeholder argument (those that read
 * an object's fields, such as an agreement item's schedule, give no text of their own).
 */
function catalogueTexts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function') {
    try {
      return [String(node('{name}'))];
    } catch {
      return [];
    }
  }
  if (node !== null && typeof node === 'object') return Object.values(node).flatMap(catalogueTexts);
  return [];
}

const texts = catalogueTexts(MSG);

// The texts the spec quotes, copied from it verbatim (sections 2, 4, 5, 8 and 9).
const SPEC_TEXTS = [
  'Account settings',
  'Add Account',
  'Add Admin Account',
  'Add member',
  'Address is a required field',
  'At least one adoptive parent is required',
  'At least one birth family is required',
  'Back',
  'Billing update!',
  'COUPON NOT VALID!',
  'Cannot copy email',
  'Cannot paste email',
  'Change Password',
  'Change password successfully.',
  'Change status successfully.',
  'Confirm',
  'Confirmation code not found.',
  'Coupon Free is used up and cannot be applied.',
  'Do you really want to change the status of the current channel?',
  'Do you really want to change the status of the current user?',
  'Do you really want to remove this admin?',
  'Edit name group successfully.',
  'Edit',
  'Email already in use',
  'Email already in use.',
  'Email changed',
  'Email field is wrong',
  'Email is a required field',
  'Email is required',
  'End contract field is wrong',
  'End contract must be greater than start contract',
  'Enter a valid date for the end of the contract',
  'Enter a valid date for the start of the contract',
  'Entity name must be at least 3 characters long',
  'Entity name must be at least 3 characters',
  'Error, Something went wrong.',
  'Error, coupon not valid.',
  'Error, when trying to change password.',
  'Error, when trying to valid code.',
  "Error, Something's wrong when change subscription",
  'Field email is wrong',
  'First name field must be at least 3 characters long',
  'First name is a required field',
  'First name is required when email is provided',
  'First name must be at least 3 characters long',
  'First name must be longer than 3 characters',
  'Forgot password',
  'Full name is a required field',
  'Group already has a subscription.',
  'Group created successfully.',
  'Group created.',
  'Have an account?',
  'Invalid email format',
  'Invalid password',
  'Invalid username and/or password.',
  'Last Update',
  'Last name is required when email is provided',
  'Lifetime Plan',
  'Login successfully.',
  'Logout',
  'Minimum characters is 6',
  'Monthly Plan',
  'Monthly',
  'Name must be at least 3 characters',
  'New Term',
  'No data',
  'Passwords cannot be different',
  'Payment created successfully.',
  'Payment method: Card',
  'Phone field is wrong',
  'Please check your inbox to validate it',
  'Re-type email field is wrong',
  'Remember me',
  'Request your access',
  'Save Changes',
  'Save',
  'Search for entities or lawyers',
  'Search for name or email',
  'Start contract field is wrong',
  'Start contract must be less than end contract',
  'Step okay!',
  'Subscription update!',
  'Term 1',
  'Thank you for getting in touch! Our team will contact you as soon as possible',
  'The start date of the contract cannot be greater than the current date.',
  'This content has been reported by: {name}',
  'This email is already in our database.',
  'This email is not registered in our systems.',
  'Unable to update to this email',
  'Updated the status of the current!',
  'User not found.',
  'Validation code successfully.',
  'Verification code send successfully.',
  'You need to select a plan',
  'You will be redirected to create the password.',
  'You will receive an email message soon!',
  'Your changes has been saved',
  'Your email has not yet been activated. Try again later, and if the error persists, please contact our team.',
  'Zip code must be at least 5 characters',
  'Zip code must be only numbers',
  'one-time payment',
  'per month',
  '!',
];

describe('MSG', () => {
  it.each(SPEC_TEXTS)('holds the spec text %j verbatim', (text) => {
    expect(texts).toContain(text);
  });

  it('holds the texts the spec gives by pattern', () => {
    expect(MSG.validation.zipMax).toBe('Zip code must be at most 5 characters');
    expect(MSG.validation.lastNameMin).toBe('Last name field must be at least 3 characters long');
    expect(MSG.validation.childLastNameMin).toBe('Last name must be longer than 3 characters');
    expect(MSG.validation.cityRequired).toBe('City is a required field');
  });

  it('fills the placeholders', () => {
    expect(MSG.families.reportedBy('Mary')).toBe('This content has been reported by: Mary');
    expect(MSG.payments.managePlansOn('Stripe')).toBe('Manage Plans on Stripe');
    expect(MSG.families.channelLabel(2)).toBe('Channel 2');
    expect(MSG.extra.userCount(1)).toBe('1 user');
    expect(MSG.extra.userCount(3)).toBe('3 users');
  });

  it('keeps the names other code relies on', () => {
    expect(MSG.common.somethingWrong).toBe('Error, Something went wrong.');
    expect(MSG.billing.couponNotValid).toBe('COUPON NOT VALID!');
    expect(MSG.admins.emailInUse).toBe('Email already in use.');
    expect(MSG.admins.emailInDatabase).toBe('This email is already in our database.');
    expect(MSG.signup.emailInUseField).toBe('Email already in use');
    expect(MSG.validation.emailWrong).toBe('Field email is wrong');
    expect(MSG.validation.passwordMin).toBe('Minimum characters is 6');
    expect(MSG.auth.invalidCredentials).toBe('Invalid username and/or password.');
  });

  it('holds the texts the product adds', () => {
    expect(MSG.extra).toMatchObject({
      tooManyAttempts: 'Too many attempts. Please try again later.',
      sessionExpired: 'Your session has expired. Please sign in again.',
      cannotRemoveSelf: 'You cannot remove your own account.',
      lastAdminCannotBeRemoved: 'The last admin cannot be removed.',
      notFound: 'Not found.',
      forbidden: 'You do not have permission to do that.',
    });
  });

  it('has no empty text and no stray whitespace', () => {
    for (const text of texts) {
      expect(text).not.toBe('');
      expect(text).toBe(text.trim());
      expect(text).not.toMatch(/\s{2}/);
    }
  });
});

describe('one word for the plan paid once', () => {
  it("is 'Lifetime' wherever the portal names its kind, the family header too", () => {
    expect(MSG.plans.oneTime).toBe('Lifetime');
    expect(MSG.families.planOneTime).toBe('Plan: Lifetime');
    expect(MSG.plans.lifetimePlan).toBe('Lifetime Plan');
    expect(texts.filter((text) => /One Time/.test(text))).toEqual([]);
  });
});
