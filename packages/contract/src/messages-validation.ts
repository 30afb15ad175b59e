// Field validation texts of the catalogue (MSG.validation): the spec's, verbatim, and those it
// implies.

export const VALIDATION_TEXTS = {
  /**
   * Not quoted: the spec words one maximum, 'Zip code must be at most 5 characters'; every other
   * maximum is said the same way, of the field named from `fields`.
   */
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,

  // Admin create/edit
  firstNameMin: 'First name field must be at least 3 characters long',
  firstNameRequired: 'First name is a required field',
  /** Not quoted: the spec says "lastName likewise". */
  lastNameMin: 'Last name field must be at least 3 characters long',
  /** Not quoted: the spec says "lastName likewise". */
  lastNameRequired: 'Last name is a required field',
  emailWrong: 'Field email is wrong',
  emailRequired: 'Email is a required field',

  // Entity
  entityNameMin: 'Entity name must be at least 3 characters long',
  /** Not quoted: the spec says the entity name is required. */
  entityNameRequired: 'Entity name is a required field',
  /** Account settings call the entity's name 'Organization name': its messages say so too. */
  organizationNameMin: 'Organization name must be at least 3 characters long',
  phoneWrong: 'Phone field is wrong',
  /** Not quoted: the spec says the phone is required. */
  phoneRequired: 'Phone is a required field',
  addressRequired: 'Address is a required field',
  startContractNotFuture: 'The start date of the contract cannot be greater than the current date.',
  startContractInvalid: 'Enter a valid date for the start of the contract',
  endContractInvalid: 'Enter a valid date for the end of the contract',
  startContractLength: 'Start contract field is wrong',
  endContractLength: 'End contract field is wrong',
  /** Shown on the end date when start is not strictly before end. */
  endContractAfterStart: 'End contract must be greater than start contract',
  /** Shown on the start date when start is not strictly before end. */
  startContractBeforeEnd: 'Start contract must be less than end contract',

  // Account settings
  accountFirstNameMin: 'First name must be at least 3 characters long',
  /** Not quoted: the spec gives the first-name text for both names. */
  accountLastNameMin: 'Last name must be at least 3 characters long',

  // Passwords (account change password, new password)
  passwordMin: 'Minimum characters is 6',
  passwordsDifferent: 'Passwords cannot be different',
  invalidPassword: 'Invalid password',

  // Add family: child and plan; change plan
  childFirstNameMin: 'First name must be longer than 3 characters',
  /** Not quoted: the spec says "and last-name equivalent". */
  childLastNameMin: 'Last name must be longer than 3 characters',
  planRequired: 'You need to select a plan',

  // Family details (add-family wizard)
  invalidEmailFormat: 'Invalid email format',
  emailIsRequired: 'Email is required',
  /** Not quoted: the spec says first and last name are required. */
  firstNameIsRequired: 'First name is required',
  /** Not quoted: the spec says first and last name are required. */
  lastNameIsRequired: 'Last name is required',
  /** A family member's names: one letter is enough ('Bo Li'), but a name needs one. */
  firstNameNeedsLetter: 'First name must contain a letter',
  lastNameNeedsLetter: 'Last name must contain a letter',
  /** The same e-mail typed for two people of one family: said on the later place. */
  emailTwiceInFamily: 'This email is already given to another person of this family',

  // Edit family members
  firstNameRequiredWithEmail: 'First name is required when email is provided',
  lastNameRequiredWithEmail: 'Last name is required when email is provided',
  adoptiveParentRequired: 'At least one adoptive parent is required',
  birthFamilyRequired: 'At least one birth family is required',

  // Billing
  /** Not quoted: the spec says fullName min 3. */
  fullNameMin: 'Full name must be at least 3 characters long',
  fullNameRequired: 'Full name is a required field',
  /** Not quoted: the spec says "'Address is a required field', etc.". */
  cityRequired: 'City is a required field',
  /** Not quoted: the spec says "'Address is a required field', etc.". */
  stateRequired: 'State is a required field',
  /** Not quoted: the spec says "'Address is a required field', etc.". */
  zipRequired: 'Zip code is a required field',
  zipDigits: 'Zip code must be only numbers',
  zipMin: 'Zip code must be at least 5 characters',
  /** The spec abbreviates this one: "'Zip code must be at least 5 characters' / 'at most 5'". */
  zipMax: 'Zip code must be at most 5 characters',

  // Export
  exportEmailWrong: 'Email field is wrong',
  exportRetypeEmailWrong: 'Re-type email field is wrong',
  cannotPasteEmail: 'Cannot paste email',
  cannotCopyEmail: 'Cannot copy email',

  // Signup
  nameMin: 'Name must be at least 3 characters',
  signupEntityNameMin: 'Entity name must be at least 3 characters',
} as const;
