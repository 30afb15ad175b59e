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

import { ACTIVITY_TEXTS } from './messages-activity.js';

export { AGREEMENT_MSG, type AgreementItemSchedule } from './messages-agreements.js';

import { DESK_TEXTS } from './messages-desk.js';
import { BRIDGE_TALK_ADMIN, CONVERSATION_TEXTS, EXTRA_TEXTS } from './messages-extra.js';
import { SEARCH_TEXTS } from './messages-search.js';
import { SECOND_FACTOR_TEXTS } from './messages-second-factor.js';
import { VALIDATION_TEXTS } from './messages-validation.js';

// Texts used by more than one area are declared once here and referenced below.
const SOMETHING_WRONG = 'Error, Something went wrong.';
const EMAIL_IN_USE = 'Email already in use.';
const EMAIL_IN_DATABASE = 'This email is already in our database.';
const VERIFICATION_CODE_SENT = 'Verification code send successfully.';
const CHANGE_PASSWORD_SUCCESS = 'Change password successfully.';
const BRIDGE_TALK = 'Bridge Talk';

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
    /** The header's button that opens the side menu where it is a drawer (tablets, phones). */
    menu: 'Menu',
    /** The first focusable element of every page: it moves focus past the header and menu. */
    skipToMain: 'Skip to main content',
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
    actions: 'Actions',
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
    /**
     * Login answered 428: many wrong passwords were tried on the account, so a sign-in also needs a code
     * sent to its e-mail. Said the same whether the password was right or not (a guesser learns nothing).
     */
    signInCodeNeeded:
      'Many wrong passwords were tried on this account. If the password you typed is right, we sent a code to the account’s e-mail: enter it to log in.',
    /** The heading and the field's explanation of the sign-in code screen. */
    signInCodeTitle: 'Sign-in code',
    signInCodeHelp: (email: string) =>
      `If the password was right, a code was sent to ${email}. It is valid for 15 minutes.`,
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
    /** The note of a report's review ('What was done'). */
    reviewNote: 'Note',
    /** Why a reviewed report is reopened. */
    reopenReason: 'Reason',
    firstName: 'First name',
    lastName: 'Last name',
    name: 'Name',
    /** An authenticator app's code or a recovery code. */
    code: 'Code',
    email: 'Email',
    role: 'Role',
    password: 'Password',
    entityName: 'Entity name',
    /** Agency or lawyer. */
    entityType: 'Type',
    /** The entity's name as its own account settings call it. */
    organizationName: 'Organization name',
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
    phone: 'Phone',
    startContract: 'Start contract',
    endContract: 'End contract',
    maxRedemptions: 'Max redemptions',
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
    /** A plan label when several plans of the kind are offered: 'Monthly Plan: Monthly Plus'. */
    namedPlan: (label: string, name: string) => `${label}: ${name}`,
    oneTimePayment: 'one-time payment',
    perMonth: 'per month',
    /**
     * The one word for the kind of plan paid once: 'Lifetime', as the spec's 'Lifetime Plan' and the
     * plan itself say (the spec's 'One Time' in the family header named the same plan differently).
     */
    oneTime: 'Lifetime',
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
    /** Archiving the last active plan of its kind: the kind is offered no more. */
    archiveLastOfKindConfirm: (kind: string) =>
      `This is the last active ${kind} plan: once it is archived, no ${kind} plan is offered to agencies and lawyers. Archive it anyway?`,
    /** Archiving the last active plan of all: no family can be added. */
    archiveLastPlanConfirm:
      'This is the last active plan: once it is archived, no plan is offered and no family can be added until a plan is created or restored. Archive it anyway?',
    planCreated: 'Plan created.',
    planArchived: 'Plan archived.',
    restore: 'Restore',
    planRestored: 'Plan restored: it is offered again.',
    couponCreated: 'Coupon created.',
    couponSaved: 'Coupon saved.',
    couponArchived: 'Coupon archived: its code no longer works.',
    editCoupon: 'Edit coupon',
    archiveCouponConfirm: (code: string) =>
      `Archive the coupon ${code}? Its code stops working at once; families that already have it keep their price.`,
    couponLimitBelowRedeemed: (redeemed: number) =>
      `The limit cannot be lower than the ${redeemed} redemptions already made.`,
    couponEditHint:
      'The discount and the plans of a coupon do not change once it exists: families were charged with them. Create a new coupon instead.',
    planNameMin: 'Plan name must be at least 3 characters long',
    planPriceInvalid: 'Enter a price such as 19.99',
    planPriceMin: 'The price must be at least 0.50',
    planPriceMax: (max: string) => `The price must be at most ${max}`,
    /** A coupon that takes a plan's whole price: the price rule's floor is charged instead. */
    couponFloorWarning: (plans: string, floor: string) =>
      `With this coupon the price of ${plans} becomes ${floor}, the lowest price a discount leaves.`,
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
    /** A save whose text is the version in force's: nothing is saved. */
    unchanged: (version: number) => `Nothing changed since version ${version}: no new version was saved.`,
    versionsTitle: 'Versions',
    versionsCaption: (document: string) => `Every saved version of the ${document.toLowerCase()}`,
    columnVersion: 'Version',
    columnDate: 'Date',
    columnAuthor: 'Saved by',
    inForce: 'In force',
    viewVersion: (version: number) => `View version ${version}`,
    versionTitle: (version: number) => `Version ${version}`,
    /** A read-only earlier version: said above its text. */
    readOnlyNote: 'An earlier version, kept as it was saved. Only the latest version is in force.',
    editFromVersion: 'Edit from this version',
    /** The author of a version whose administrator was removed. */
    authorRemoved: 'A removed administrator',
    /** The public modal, under its title. */
    versionAndDate: (version: number, date: string) => `Version ${version} · Last updated ${date}`,
    privacyNotPublished: 'The privacy policy has not been published yet.',
    writeFirstPrivacy: 'Write the first privacy policy',
    privacySaved: 'Privacy policy saved.',
  },

  families: {
    searchPlaceholder: 'Search for name or email',
    /** Shown in red in the Reports column when a family has reports. */
    reportsFlag: '!',
    paymentMethodCard: 'Payment method: Card',
    planOneTime: 'Plan: Lifetime',
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
    /** Under a search's list when its count stopped at its limit. */
    moreFamiliesMatch: (shown: string) =>
      `More than ${shown} families match. Type more of the name or e-mail to find the one you want.`,
    familyDetails: 'Family Details',
    members: 'Members',
    channels: 'Channels',
    channelColumn: 'Channel',
    reportedMessages: 'Reported messages',
    notNamedYet: 'Not named yet',
    /** Discarding a family that was never named: its saved card is detached, nothing was charged. */
    discard: 'Discard',
    discardLabel: 'Discard this unfinished family',
    discardTitle: 'Discard this unfinished family?',
    discardConfirm:
      'The family that was never named is removed and its saved card is detached, so it can never be charged. This cannot be undone.',
    discarded: 'The unfinished family was discarded.',
    onlyUnfinishedDiscarded: 'Only a family that is not named yet and has no plan can be discarded.',
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
    /** A person found by e-mail on a form whose e-mail was changed before the save. */
    foundPersonChanged:
      'This email no longer belongs to the person found for it. Check the email and save again.',
    existingPersonLocked: 'This person already uses Bridge Talk: they are added as they are.',
    paymentDetailsSaved: (brand: string, last4: string) =>
      `Payment details saved: ${brand} ending in ${last4}.`,
    continueWithSavedPayment: 'Keep these payment details',
    planAlreadyChosen: (plan: string) => `The plan is chosen: ${plan}.`,
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
    /** Step 2's payment was refused: the alert stays, with the way back to the card. */
    paymentRefusedTitle: 'The payment did not go through',
    changeCard: 'Change card',
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
    /** No plan is offered (every one archived): a new family would save a card it could never use. */
    noPlanOffered:
      'No plan is offered at the moment, so a new family cannot be added. Please contact your Bridge Talk administrator.',
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
    /** A coupon that exists but lists none of the plans this screen offers: it would change nothing. */
    couponAppliesToNoPlan: (name: string) => `Coupon ${name} does not apply to any plan offered here.`,
    cardFieldsUnavailable: 'The card fields could not be loaded.',
    cardOnFile: (brand: string, last4: string) => `Card on file: ${brand} ending in ${last4}`,
    cardEnding: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    /** The family page's billing: what the family pays, its next renewal and its charges. */
    summaryTitle: 'Billing',
    planLabel: 'Plan',
    pricePaid: 'Price paid',
    monthlyPrice: 'Monthly price',
    couponLabel: 'Coupon',
    noCoupon: 'None',
    nextRenewal: 'Next renewal',
    cardLabel: 'Card',
    renewalOverdue: 'The last renewal was declined: it is tried again each day. Update the payment details.',
    chargesTitle: 'Charges',
    noCharges: 'No charges yet.',
    columnDate: 'Date',
    columnAmount: 'Amount',
    chargeSucceeded: 'Succeeded',
    chargeDeclined: 'Declined',
    keepCardHint: 'Leave the card fields empty to keep this card.',
  },
  validation: VALIDATION_TEXTS,
  conversations: CONVERSATION_TEXTS,
  extra: EXTRA_TEXTS,
  ...DESK_TEXTS,
  ...SEARCH_TEXTS,
  ...ACTIVITY_TEXTS,
  ...SECOND_FACTOR_TEXTS,
} as const;
