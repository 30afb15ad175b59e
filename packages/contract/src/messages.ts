/**
 * The message catalogue: every user-facing text of the product, in one place.
 *
 * Texts the spec quotes are copied verbatim, odd grammar and punctuation included ('Your changes has
 * been saved', 'Updated the status of the current!'): they are the product's voice, and tests assert
 * against them. A few texts follow a pattern the spec states without quoting them ("lastName
 * likewise", "'Address is a required field', etc."); those carry a "Not quoted" note. Texts the
 * spec does not have at all but the product needs live under `extra`.
 *
 * Texts with a placeholder are functions.
 */

// Texts used by more than one area are declared once here and referenced below.
const SOMETHING_WRONG = 'Error, Something went wrong.';
const EMAIL_IN_USE = 'Email already in use.';
const EMAIL_IN_DATABASE = 'This email is already in our database.';
const VERIFICATION_CODE_SENT = 'Verification code send successfully.';
const CHANGE_PASSWORD_SUCCESS = 'Change password successfully.';
const BRIDGE_TALK = 'Bridge Talk';
const BRIDGE_TALK_ADMIN = 'Bridge Talk Admin';

export const MSG = {
  common: {
    /** Generic toast on failed loads and saves. */
    somethingWrong: SOMETHING_WRONG,
    noData: 'No data',
    back: 'Back',
    confirm: 'Confirm',
    save: 'Save',
    saveChanges: 'Save Changes',
    edit: 'Edit',
    addAccount: 'Add Account',
    /** The way to ask again for what could not be loaded. */
    tryAgain: 'Try again',
    /** The browser tab of a page: its title, then the product. */
    documentTitle: (page: string) => (page ? `${page} · Bridge Talk` : 'Bridge Talk portal'),
  },

  /** Page frame: header dropdown and side menu. */
  frame: {
    /** The product's name beside its logo. */
    productName: BRIDGE_TALK,
    accountSettings: 'Account settings',
    logout: 'Logout',
  },

  nav: {
    entityManagement: 'Entity Management',
    bridgeTalkAdmin: BRIDGE_TALK_ADMIN,
    payments: 'Payments',
    termsAndConditions: 'Terms and Conditions',
    manageFamilies: 'Manage Families',
    addNewFamily: 'Add New Family',
  },

  /** Table column headings named by the spec. */
  columns: {
    name: 'Name',
    email: 'Email',
    status: 'Status',
    view: 'View',
    edit: 'Edit',
    remove: 'Remove',
    childName: 'Child name',
    paymentEmail: 'Payment email',
    reports: 'Reports',
    role: 'Role',
    created: 'Created',
    users: 'Users',
    permission: 'Permission',
  },

  /** Logged-out screens: login, password reset, signup. */
  auth: {
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password',
    requestYourAccess: 'Request your access',
    haveAnAccount: 'Have an account?',
    /** On the agency login: the way to the administrators' login, and back. */
    adminLoginLink: 'Bridge Talk administrator? Log in here',
    entityLoginLink: 'Agency or lawyer? Log in here',
    termsOfUse: 'Terms of use',
    privacyPolicy: 'Privacy policy',
    loginSuccess: 'Login successfully.',
    /** Shown as the toast and on both the email and password fields. */
    invalidCredentials: 'Invalid username and/or password.',
    /** Login answered 406: the account has no password yet. */
    redirectToCreatePassword: 'You will be redirected to create the password.',
    /** Login answered 403. */
    notYetActivated:
      'Your email has not yet been activated. Try again later, and if the error persists, please contact our team.',
    /** Forgot password answered 404. */
    userNotFound: 'User not found.',
    /** Forgot password answered 422. */
    emailNotRegistered: 'This email is not registered in our systems.',
    verificationCodeSent: VERIFICATION_CODE_SENT,
    /** Shown on the code field of the activation-code screen. */
    confirmationCodeNotFound: 'Confirmation code not found.',
    validationCodeSuccess: 'Validation code successfully.',
    changePasswordSuccess: CHANGE_PASSWORD_SUCCESS,
  },

  signup: {
    thankYou: 'Thank you for getting in touch! Our team will contact you as soon as possible',
    /** The toast; the email field shows `emailInUseField`. */
    emailInUse: EMAIL_IN_USE,
    emailInUseField: 'Email already in use',
  },

  /** The names of fields as the messages about them say them ('Address must be at most 300 characters'). */
  fields: {
    firstName: 'First name',
    lastName: 'Last name',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    entityName: 'Entity name',
    address: 'Address',
    city: 'City',
    fullName: 'Full name',
    planName: 'Plan name',
    couponName: 'Coupon name',
    coupon: 'Coupon',
    cardNumber: 'Card number',
    search: 'Search',
    title: 'Title',
    content: 'Content',
    message: 'Message',
    reason: 'Reason',
  },

  /** Field validation messages, named after the rule they report. */
  validation: {
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
  },

  /** Live checklist beside new-password fields . */
  password: {
    checklist: {
      minLength: 'At least 8 characters',
      uppercase: 'One uppercase letter',
      lowercase: 'One lowercase letter',
      digit: 'One number',
      equal: 'Passwords match',
    },
  },

  /** Account settings and its change-password flow. */
  account: {
    changePassword: 'Change Password',
    // spec: 'Email changed / Please check your inbox to validate it' (a dialog's title and text)
    emailChangedTitle: 'Email changed',
    emailChangedText: 'Please check your inbox to validate it',
    changesSaved: 'Your changes has been saved',
    /** Loading the account failed. */
    loadFailed: 'Error, coupon not valid.',
    /** Saving failed with no data in the reply. */
    unableToUpdateEmail: 'Unable to update to this email',
    verificationCodeSent: VERIFICATION_CODE_SENT,
    /** The server's reply when the code is right; the password fields then appear. */
    stepOkay: 'Step okay!',
    codeCheckFailed: 'Error, when trying to valid code.',
    passwordChangeFailed: 'Error, when trying to change password.',
    passwordChanged: CHANGE_PASSWORD_SUCCESS,
  },

  admins: {
    addAdminAccount: 'Add Admin Account',
    removeConfirm: 'Do you really want to remove this admin?',
    /** Admin create: the toast; the email field shows `emailInDatabase`. */
    emailInUse: EMAIL_IN_USE,
    emailInDatabase: EMAIL_IN_DATABASE,
  },

  entities: {
    searchPlaceholder: 'Search for entities or lawyers',
    statusActive: 'Active',
    statusDisabled: 'Disabled',
    statusPending: 'Pending',
    disable: 'Disable',
    enable: 'Enable',
    changeStatusConfirm: 'Do you really want to change the status of the current user?',
    changeStatusSuccess: 'Change status successfully.',
    emailInDatabase: EMAIL_IN_DATABASE,
  },

  /** Plan labels on the entity details, plan choice and family screens. */
  plans: {
    monthlyPlan: 'Monthly Plan',
    lifetimePlan: 'Lifetime Plan',
    oneTimePayment: 'one-time payment',
    perMonth: 'per month',
    oneTime: 'One Time',
    monthly: 'Monthly',
  },

  payments: {
    /** The button that opens the card payment provider's dashboard, e.g. 'Manage Plans on Stripe'. */
    managePlansOn: (provider: string) => `Manage Plans on ${provider}`,
    // Not in the spec: the plan and coupon administration of the local payment provider.
    /** The local provider's name in 'Manage Plans on …': it is the portal itself. */
    localProviderName: BRIDGE_TALK,
    localProviderIntro:
      "Payments are taken by the portal's built-in provider: its plans and coupons are managed here.",
    plansTitle: 'Plans',
    couponsTitle: 'Coupons',
    newPlan: 'New plan',
    newCoupon: 'New coupon',
    createPlan: 'Create plan',
    createCoupon: 'Create coupon',
    archive: 'Archive',
    archived: 'Archived',
    active: 'Active',
    archivePlanConfirm: 'Do you really want to archive this plan? It will no longer be offered.',
    planCreated: 'Plan created.',
    planArchived: 'Plan archived.',
    couponCreated: 'Coupon created.',
    planNameMin: 'Plan name must be at least 3 characters long',
    planPriceInvalid: 'Enter a price such as 19.99',
    planPriceMin: 'The price must be at least 0.50',
    couponCodeInvalid: 'Use 3 to 40 letters, digits, - or _',
    couponCodeInUse: 'A coupon with this code already exists.',
    couponNameRequired: 'Coupon name is a required field',
    couponPercentInvalid: 'Enter a percentage between 0.01 and 100',
    couponAmountInvalid: 'Enter an amount such as 10.00',
    couponMaxRedemptionsInvalid: 'Enter a whole number of at least 1, or leave it empty',
    couponPlansRequired: 'Choose at least one plan',
    unknownPlan: 'One of the chosen plans does not exist.',
    managedOnStripe: 'Plans and coupons are managed in the Stripe dashboard.',
    noPlans: 'No plans yet',
    noCoupons: 'No coupons yet',
  },

  terms: {
    lastUpdate: 'Last Update',
    newTerm: 'New Term',
    /** The fixed title sent when terms are created. */
    defaultTitle: 'Term 1',
  },

  families: {
    searchPlaceholder: 'Search for name or email',
    /** Shown in red in the Reports column when a family has reports. */
    reportsFlag: '!',
    paymentMethodCard: 'Payment method: Card',
    planOneTime: 'Plan: One Time',
    planMonthly: 'Plan: Monthly',
    addMember: 'Add member',
    roleChild: 'Child',
    roleAdoptiveParents: 'Adoptive parents',
    roleBirthFamily: 'Birth family',
    channelLabel: (n: number) => `Channel ${n}`,
    channelStatusConfirm: 'Do you really want to change the status of the current channel?',
    channelStatusUpdated: 'Updated the status of the current!',
    groupRenamed: 'Edit name group successfully.',
    conversationHistory: 'Conversation History',
    export: 'EXPORT',
    /** spec: 'This content has been reported by: {name}' */
    reportedBy: (name: string) => `This content has been reported by: ${name}`,
    exportRequested: 'You will receive an email message soon!',
    // Not in the spec: the rest of the family screens.
    statusActive: 'Active',
    statusInactive: 'Inactive',
    noFamiliesYet: 'No families yet.',
    familyDetails: 'Family Details',
    members: 'Members',
    channels: 'Channels',
    channelColumn: 'Channel',
    reportedMessages: 'Reported messages',
    notNamedYet: 'Not named yet',
    editFamilyMembers: 'Edit Family Members',
    editGroupName: 'Edit Group Name',
    updateBilling: 'Update Billing',
    changePlan: 'Change Plan',
    groupNameLabel: 'Group name',
    groupNameMin: 'Group name must be at least 3 characters long',
    roleAdoptiveParent: 'Adoptive parent',
    permissionRead: 'Read only',
    permissionWrite: 'Read and write',
    memberStatusUpdated: 'Updated the status of the member.',
    membersSaved: 'Family members saved.',
    emailInUse: EMAIL_IN_USE,
    memberAlreadyInFamily: 'This person is already a member of this family.',
    memberNotInFamily: 'This person is not a member of this family.',
    /** A person who is also in a family of another agency or lawyer: only that family's own data may change. */
    memberSharedCannotEdit:
      'This person also belongs to a family of another agency or lawyer: their name and e-mail cannot be changed here.',
    tooManyChildren: 'A family has at most 1 child.',
    tooManyAdoptiveParents: 'A family has at most 2 adoptive parents.',
    tooManyBirthFamily: 'A family has at most 2 birth family members.',
    duplicateMember: 'The same person cannot fill two places of a family.',
    existingPersonLocked: 'This person already uses Bridge Talk: they are added as they are.',
    paymentDetailsSaved: (brand: string, last4: string) =>
      `Payment details saved: ${brand} ending in ${last4}.`,
    continueWithSavedPayment: 'Keep these payment details',
    planAlreadyChosen: (plan: string) => `The plan is chosen: ${plan}.`,
  },

  /** Not in the spec: texts of the conversation screen, the export and the member chat API. */
  conversations: {
    exportTitle: 'Export conversation',
    transcriptTitle: 'Conversation transcript',
    exportText: 'The whole conversation will be e-mailed as a PDF file to this address.',
    emailLabel: 'Email',
    retypeEmailLabel: 'Re-type email',
    emailsDoNotMatch: 'The two email addresses do not match',
    noMessages: 'No messages in this channel yet.',
    loadingOlder: 'Loading older messages…',
    loadOlder: 'Load older messages',
    close: 'Close',
    channelNotFound: 'This channel does not exist or is not one of your families’ channels.',
    backToFamily: 'Back to the family',
    startOfConversation: 'Start of the conversation',
    loadFailed: 'The conversation could not be loaded.',
    channelActive: 'Active',
    channelDisabled: 'Disabled',
    /** The aria label of the status switch. */
    channelStatus: 'Channel status',
    messagesLabel: 'Messages',
    invalidFingerprint: 'A fingerprint is 64 hexadecimal characters.',
    exportIssued: 'This file was issued by the Bridge Talk portal.',
    exportNotIssued: 'No file with this fingerprint was issued by the Bridge Talk portal.',
    emptyMessage: 'A message needs text or an attachment.',
    memberCodeSent: 'If this address belongs to a family member, a code has been sent to it.',
    memberCodeInvalid: 'This code is not valid or has expired.',
    channelIsDisabled: 'This channel is disabled.',
    cannotWriteHere: 'You cannot write in this channel.',
    memberApiUnavailable: 'Members use the chat app of the chat provider.',
    messageReported: 'The message has been reported.',
    /** An attachment the portal cannot read (a file that is gone, an address outside the portal). */
    attachmentUnavailable: 'This attachment cannot be shown.',
    fileMissing: 'Choose a file to upload.',
    fileTooMany: 'Upload one file at a time.',
    fileTypeNotAllowed: 'Only pictures (JPEG, PNG, WebP, GIF) and videos (MP4, WebM) can be attached.',
    fileEmpty: 'The file is empty.',
    fileTooLarge: (limit: string) => `The file is too large: at most ${limit}.`,
    fileNotUploaded: 'An attachment must be a file uploaded to this channel and not yet sent.',
    tooManyAttachments: (max: number) => `A message has at most ${max} attachments.`,
    imageLabel: 'Image',
    videoLabel: 'Video',
    openFullSize: 'Open the full-size picture',
    verifyTitle: 'Check a conversation transcript',
    verifyIntro:
      'Every transcript the Bridge Talk portal e-mails has a fingerprint (its SHA-256), given in that e-mail. Choose the PDF file to work out its fingerprint in this browser — the file is not sent anywhere — or type the fingerprint.',
    verifyFileLabel: 'Transcript file (PDF)',
    verifyFingerprintLabel: 'Fingerprint (SHA-256)',
    verifyCheck: 'Check',
    verifyReading: 'Working out the fingerprint…',
    verifyFileUnreadable: 'This file could not be read.',
    verifyIssuedOn: 'Issued on',
    verifyChannel: 'Channel',
    verifyChannelGone: 'A channel that no longer exists',
    verifyMessages: 'Messages',
    verifyFileSize: 'File size',
    verifyNothingShown:
      'This check shows whether the portal issued the file and when, never what the conversation says.',
    verifyCommandLine: 'On a computer, the fingerprint of a file is also given by:',
  },

  /** Add-family wizard (reading A of the steps, see docs/architecture.md). */
  wizard: {
    stepPaymentDetails: 'Payment Details',
    stepChildAndPlan: "Enter Child's Name and Select Plan",
    stepFamilyDetails: 'Add Family Details',
    /** Assign subscription: shown as received. */
    groupHasSubscription: 'Group already has a subscription.',
    /** Assign subscription: shown as received. */
    couponFreeUsedUp: 'Coupon Free is used up and cannot be applied.',
    /** Assign subscription succeeded. */
    groupCreatedSuccessfully: 'Group created successfully.',
    /** The family was created at the last step. */
    groupCreated: 'Group created.',
    // Not in the spec: the rest of the wizard.
    continueLabel: 'Continue',
    startOver: 'Start a new family instead',
    childSlot: 'Child',
    adoptiveParentSlot: (n: number) => `Adoptive parent ${n}`,
    birthFamilySlot: (n: number) => `Birth family ${n}`,
    secondPersonHint: 'Complete the first person to add a second one.',
  },

  billing: {
    /** Coupon lookup failed: field cleared, original prices restored. */
    couponNotValid: 'COUPON NOT VALID!',
    paymentCreated: 'Payment created successfully.',
    billingUpdated: 'Billing update!',
    subscriptionUpdated: 'Subscription update!',
    changeSubscriptionFailed: "Error, Something's wrong when change subscription",
    /** The confirmation before a monthly family moves to a one-time plan: it is charged at once. */
    confirmOneTimePlanTitle: 'Change to a one-time plan?',
    confirmOneTimePlan: (plan: string, price: string) =>
      `The family moves to ${plan} and is charged $${price} now, once. The monthly subscription ends, and this cannot be undone.`,
    confirmOneTimePlanButton: (price: string) => `Change plan and pay $${price}`,
    // Not in the spec: texts of card entry and the billing calls.
    /** A charge was declined (the local provider's test card 4000 0000 0000 0002, or the card's bank). */
    cardDeclined: 'Your card was declined. Please use another card.',
    /** The server's text for a used-up coupon; for the coupon named 'Free' it is the spec's text. */
    couponUsedUp: (name: string) => `Coupon ${name} is used up and cannot be applied.`,
    cardNumberRequired: 'Card number is a required field',
    cardNumberInvalid: 'Card number is invalid',
    cardExpiryRequired: 'Expiry date is a required field',
    cardExpiryInvalid: 'Expiry date is invalid',
    cardExpired: 'This card has expired',
    cardCvcRequired: 'CVC is a required field',
    cardCvcInvalid: 'CVC is invalid',
    /** A card token that is unknown, used, expired or someone else's. */
    cardTokenInvalid: 'The card details have expired. Please enter the card again.',
    planNotAvailable: 'This plan is not available.',
    noBillingInformation: 'Please enter the payment details first.',
    noSubscription: 'This family has no subscription yet.',
    oneTimePlanCannotChange: 'A one-time plan cannot be changed.',
    requestInProgress: 'This request is already being processed.',
    idempotencyKeyReused: 'This request key was already used for a different request.',
    /** The webhook's signature did not verify. */
    invalidSignature: 'Invalid signature.',
    paymentServiceUnavailable: 'The payment service is not available. Please try again later.',
    /** Under the local card form: no bank is involved, and the test cards behave as at Stripe. */
    localModeHint:
      'Local payments: no bank is charged. 4242 4242 4242 4242 is paid; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved, then declined when charged.',
    couponApplied: (name: string) => `Coupon ${name} applied`,
    cardFieldsUnavailable: 'The card fields could not be loaded.',
    cardOnFile: (brand: string, last4: string) => `Card on file: ${brand} ending in ${last4}`,
    keepCardHint: 'Leave the card fields empty to keep this card.',
  },

  /** Texts the spec does not have but the product needs. */
  extra: {
    /** 429 from the rate limiter. */
    tooManyAttempts: 'Too many attempts. Please try again later.',
    /** 401 when no refresh is possible. */
    sessionExpired: 'Your session has expired. Please sign in again.',
    /** Answer of a logout. */
    signedOut: 'Signed out.',
    /** 403: role or tenant not allowed. */
    forbidden: 'You do not have permission to do that.',
    notFound: 'Not found.',
    /** 422: a one-time family's billing is not editable. */
    oneTimeBillingCannotChange: 'The payment details of a one-time plan cannot be changed.',
    /** A request whose text holds a NUL character, which no field may contain. */
    invalidCharacters: 'The request contains a character that is not allowed.',
    cannotRemoveSelf: 'You cannot remove your own account.',
    lastAdminCannotBeRemoved: 'The last admin cannot be removed.',
    /** A verification code of the wrong length. */
    codeLength: 'The code must be 6 characters.',
    /** The password-reset or change-password step was too old or already used. */
    stepExpired: 'This step has expired. Please start again.',
    /** The member toggle's two wordings (the spec says they differ but quotes neither). */
    memberActivateConfirm: 'Do you really want to activate this member?',
    memberDeactivateConfirm: 'Do you really want to deactivate this member?',
    /** The fixed, disabled organization label an admin sees in account settings. */
    adminOrganization: BRIDGE_TALK_ADMIN,
    /** A screen that failed to load (its code could not be downloaded) or to render. */
    screenFailed: 'This page could not be shown.',
    screenFailedHint: 'Check your connection, then reload the page.',
    reload: 'Reload',
    /** The logged-out terms modal before any terms are published. */
    termsNotPublished: 'The terms and conditions have not been published yet.',
    /** A code-flow screen opened without the e-mail and state of the previous step. */
    startAgain: 'Please start again: enter your e-mail to receive a new code.',
    /** The signup screen's type choice. */
    subtypeAgency: 'Agency',
    subtypeLawyer: 'Lawyer',
    /** The count of users on the Bridge Talk Admin list. */
    userCount: (count: number) => (count === 1 ? '1 user' : `${count} users`),
    /** Administration: saves that succeeded, and the empty entity list. */
    entityCreated: 'Entity account created. An invitation was sent by e-mail.',
    entitySaved: 'Entity account saved.',
    adminCreated: 'Admin account created. An invitation was sent by e-mail.',
    adminSaved: 'Admin account saved.',
    adminRemoved: 'Admin account removed.',
    termsSaved: 'Terms and conditions saved.',
    noEntitiesYet: 'No entity accounts yet.',
    /** Enabling an access request: it is enabled (and invited) by saving its completed form. */
    entityIncomplete: 'Fill in the address and the contract dates before enabling this entity.',
    entityPendingHint:
      'This access request is pending. Fill in its details and save: the entity is then enabled and its person invited by e-mail.',
    entityEnabled: 'Entity account enabled. An invitation was sent by e-mail.',
    /** The terms page before any version exists, and an editor saved with no text in it. */
    writeFirstTerms: 'Write the first terms',
    termsEmpty: 'The terms are empty. Write them before saving.',
  },
} as const;
