import { API, apiPath, type Family, MSG, PERSON_NAME_MAX, type Plan } from '@bridge-talk/contract';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingOnFile, VALID_BILLING_VALUES } from '../../test/billing-values.js';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { AddFamilyPage } from './add-family-page.js';

const ID = '11111111-1111-4111-8111-111111111111';
const TOKEN = {
  creditCardTokenId: 'tok_0123456789abcdef01234567',
  cardBrand: TEST_CARDS.paid.brand,
  cardLast4: TEST_CARDS.paid.last4,
  cardExpiryMonth: TEST_CARD_DETAILS.expMonth,
  cardExpiryYear: TEST_CARD_DETAILS.expYear,
};
const PLANS: Plan[] = [
  { id: 'price_life', type: 'one_time', unit_amount: 19_900, active: true, nickname: 'Lifetime' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function group(overrides: Partial<Family> = {}): Family {
  return {
    _id: ID,
    name: 'Robin Lee',
    childFirstName: 'Robin',
    childLastName: 'Lee',
    active: true,
    billingInformation: { email: 'payer@example.org' },
    plan: { priceId: 'price_life', type: 'one_time' },
    paymentId: 'pay_1',
    subscriptionId: null,
    oneTime: true,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

const UNNAMED = group({
  name: null,
  childFirstName: null,
  childLastName: null,
  plan: null,
  oneTime: false,
  paymentId: null,
});

function renderWizard(entry: string, handlers: Record<string, ApiHandler> = {}) {
  const api = stubApi({
    'GET /api/payments/config': () =>
      jsonResponse({ provider: 'local', publishableKey: null, dashboardUrl: null }),
    'GET /api/group/billing/plans/list': () => jsonResponse({ plans: PLANS, entityCoupon: null }),
    [`GET /api/group/billing/details/${ID}`]: () =>
      jsonResponse({ _id: ID, billingInformation: null, subscription: null }),
    [`GET /api/group/list/${ID}`]: () => jsonResponse(group()),
    [`GET /api/group/member/list/${ID}`]: () => jsonResponse({ result: [] }),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/add-new-family', element: <AddFamilyPage /> },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
    ],
    initialEntries: [entry],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

const slot = (name: string) => within(screen.getByRole('group', { name }));
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/** The billing form in local card mode. */
async function fillPaymentDetails(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(VALID_BILLING_VALUES)) await user.type(box(label), value);
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: TEST_PAYER_TYPED.stateName }));
}

describe('AddFamilyPage (the wizard)', { timeout: 20_000 }, () => {
  it('starts at Payment Details without a family, with no back arrow', async () => {
    renderWizard('/add-new-family');
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 3' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Cardholder name/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it("step 1 saves the payment details, which creates the family: 'Payment created successfully.', its id kept, on to step 2", async () => {
    const { api, router, user } = renderWizard('/add-new-family', {
      'POST /api/payments/local/tokens': () => jsonResponse(TOKEN),
      'POST /api/group/billing/save': () => jsonResponse({ _id: ID, message: MSG.billing.paymentCreated }),
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
    });
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillPaymentDetails(user);
    expect(api.callsTo('POST', API.billing.save)).toEqual([]);
    await user.click(screen.getByRole('button', { name: MSG.wizard.continueLabel }));

    expect(await screen.findByText(MSG.billing.paymentCreated)).toBeInTheDocument();
    // No family yet: the server creates one (groupId null).
    expect(api.callsTo('POST', API.billing.save).map((c) => c.body)).toEqual([
      { ...TEST_PAYER, ...TOKEN, groupId: null },
    ]);
    // A repeated submit is made harmless by the key.
    const saveInit = api.fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith(API.billing.save),
    )?.[1];
    expect(new Headers(saveInit?.headers).get('Idempotency-Key')).toMatch(/^\S{16,}$/);
    expect(localStorage.getItem('groupId')).toBe(ID);
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?step=2&groupId=${ID}`);
  });

  it("makes the browser's Back from step 2 go to step 1 of the same family, not to a new one", async () => {
    const { api, router, user } = renderWizard('/add-new-family', {
      'POST /api/payments/local/tokens': () => jsonResponse(TOKEN),
      'POST /api/group/billing/save': () => jsonResponse({ _id: ID, message: MSG.billing.paymentCreated }),
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      [`GET /api/group/billing/details/${ID}`]: () => jsonResponse(billingOnFile(ID)),
    });
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillPaymentDetails(user);
    await user.click(screen.getByRole('button', { name: MSG.wizard.continueLabel }));
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(`?step=1&groupId=${ID}`));
    // The family's own step 1: its card on file and a way on, and the same family kept.
    expect(
      await screen.findByText(MSG.families.paymentDetailsSaved('Visa', TEST_CARDS.paid.last4)),
    ).toBeInTheDocument();
    expect(localStorage.getItem('groupId')).toBe(ID);
    await router.navigate(1);
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.save)).toHaveLength(1);
  });

  it('says no plan is offered, and asks for no card, when every plan is archived', async () => {
    renderWizard('/add-new-family', {
      'GET /api/group/billing/plans/list': () => jsonResponse({ plans: [], entityCoupon: null }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.billing.noPlanOffered);
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(screen.queryByRole('button', { name: MSG.wizard.continueLabel })).toBeNull();
  });

  it('resumes a linked family without a step at step 3 when it already has a name', async () => {
    const { router, user } = renderWizard(`/add-new-family?groupId=${ID}`);
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepFamilyDetails })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 3 of 3' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Child' });
    expect(slot('Child').getByRole('textbox', { name: /^First name/ })).toHaveValue('Robin');
    expect(localStorage.getItem('groupId')).toBe(ID);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?step=2&groupId=${ID}`));
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
  });

  it('resumes a linked family at step 2 when it has no name yet, keeping the step in the address', async () => {
    const { router, user } = renderWizard(`/add-new-family?groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
    });
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?step=1&groupId=${ID}`));
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();
  });

  it('opens at step 2 from a link with the group id, and keeps that id', async () => {
    renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
    });
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
    expect(localStorage.getItem('groupId')).toBe(ID);
  });

  it('keeps every value typed, card included, when the card is refused at step 1', async () => {
    const { api, router, user } = renderWizard('/add-new-family', {
      'POST /api/payments/local/tokens': () => jsonResponse(TOKEN),
      'POST /api/group/billing/save': () => jsonResponse({ message: MSG.billing.cardDeclined }, 422),
    });
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillPaymentDetails(user);
    await user.click(screen.getByRole('button', { name: MSG.wizard.continueLabel }));

    expect(await screen.findByText(MSG.billing.cardDeclined)).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.save)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(box('Address')).toHaveValue(TEST_PAYER.address);
    expect(box('Cardholder name')).toHaveValue(TEST_PAYER.cardName);
    expect(box('Card number')).toHaveValue(TEST_CARDS.paid.spaced);
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue(TEST_PAYER_TYPED.stateName);
  });

  it('fills step 1 from the payment details on file when the person comes back to it', async () => {
    renderWizard(`/add-new-family?step=1&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      [`GET /api/group/billing/details/${ID}`]: () => jsonResponse(billingOnFile(ID)),
    });
    expect(
      await screen.findByText(MSG.families.paymentDetailsSaved('Visa', TEST_CARDS.paid.last4)),
    ).toBeInTheDocument();
    expect(box('Address')).toHaveValue(TEST_PAYER.address);
    expect(box('City')).toHaveValue(TEST_PAYER.city);
    expect(box('Phone')).toHaveValue(TEST_PAYER.phoneNumber);
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue(TEST_PAYER_TYPED.stateName);
    expect(await screen.findByRole('textbox', { name: /^Card number/ })).toHaveValue('');
  });

  it('always starts a new family at the bare address (the side menu), even with an unfinished one kept', async () => {
    localStorage.setItem('groupId', ID);
    const { api } = renderWizard('/add-new-family', {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
    });
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 3' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('groupId')).toBeNull());
    expect(api.callsTo('GET', apiPath(API.families.byId, { id: ID }))).toEqual([]);
    expect(screen.queryByRole('button', { name: MSG.families.continueWithSavedPayment })).toBeNull();
  });

  it('forgets a linked family that no longer exists and starts again', async () => {
    localStorage.setItem('groupId', ID);
    renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse({ message: MSG.extra.notFound }, 404),
    });
    await waitFor(() => expect(localStorage.getItem('groupId')).toBeNull());
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();
  });

  it('step 2 names the family and subscribes it, then goes to step 3', async () => {
    let named = false;
    const { api, router, user } = renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(named ? group() : UNNAMED),
      'POST /api/group/billing/assignSubscription': () => {
        named = true;
        return jsonResponse({ _id: ID, message: MSG.wizard.groupCreatedSuccessfully });
      },
    });
    await screen.findByText('Lifetime');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.validation.childFirstNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.childLastNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.planRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Child's first name/ }), 'Robin');
    await user.type(screen.getByRole('textbox', { name: /^Child's last name/ }), 'Lee');
    await user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.wizard.groupCreatedSuccessfully)).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.assignSubscription)[0]?.body).toEqual({
      groupId: ID,
      priceId: 'price_life',
      coupons: [],
      name: 'Robin Lee',
    });
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepFamilyDetails })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?step=3&groupId=${ID}`);
  });

  it('checks a coupon typed but never left when Continue is pressed: a used-up one is named, nothing is paid', async () => {
    const { api, user } = renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      'GET /api/group/billing/coupon/FREE': () =>
        jsonResponse({ message: MSG.billing.couponUsedUp('Free') }, 422),
      'POST /api/group/billing/assignSubscription': () =>
        jsonResponse({ _id: ID, message: MSG.wizard.groupCreatedSuccessfully }),
    });
    await screen.findByText('Lifetime');
    await user.type(screen.getByRole('textbox', { name: /^Child's first name/ }), 'Robin');
    await user.type(screen.getByRole('textbox', { name: /^Child's last name/ }), 'Lee');
    await user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    const coupon = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(coupon, 'FREE');
    // Straight from the field to the button: the click is all the leaving there is.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(coupon).toHaveAccessibleDescription(MSG.wizard.couponFreeUsedUp));
    expect(coupon).toHaveValue('');
    expect(api.callsTo('POST', API.billing.assignSubscription)).toEqual([]);
    expect(screen.getByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
  });

  it('sends a valid coupon typed but never left with the subscription', async () => {
    const spring = {
      id: 'SPRING',
      name: 'Spring',
      percent_off: 10,
      amount_off: null,
      max_redemptions: null,
      times_redeemed: 0,
      metadata: { products: 'price_life' },
    };
    const { api, user } = renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      'GET /api/group/billing/coupon/spring': () => jsonResponse(spring),
      'POST /api/group/billing/assignSubscription': () =>
        jsonResponse({ _id: ID, message: MSG.wizard.groupCreatedSuccessfully }),
    });
    await screen.findByText('Lifetime');
    await user.type(screen.getByRole('textbox', { name: /^Child's first name/ }), 'Robin');
    await user.type(screen.getByRole('textbox', { name: /^Child's last name/ }), 'Lee');
    await user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'spring');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('POST', API.billing.assignSubscription)).toHaveLength(1));
    expect(api.callsTo('POST', API.billing.assignSubscription)[0]?.body).toMatchObject({
      coupons: ['SPRING'],
    });
  });

  it('keeps a decline at step 2 on the page with a way back to the card, and the step through it', async () => {
    const spring = {
      id: 'SPRING',
      name: 'Spring',
      percent_off: 10,
      amount_off: null,
      max_redemptions: null,
      times_redeemed: 0,
      metadata: { products: 'price_life' },
    };
    const handlers = {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      'GET /api/group/billing/coupon/SPRING': () => jsonResponse(spring),
      'POST /api/group/billing/assignSubscription': () =>
        jsonResponse({ message: MSG.billing.cardDeclined }, 422),
    };
    const first = renderWizard(`/add-new-family?step=2&groupId=${ID}`, handlers);
    await screen.findByText('Lifetime');
    await first.user.type(screen.getByRole('textbox', { name: /^Child's first name/ }), 'Robin');
    await first.user.type(screen.getByRole('textbox', { name: /^Child's last name/ }), 'Lee');
    await first.user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    await first.user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'SPRING');
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.wizard.paymentRefusedTitle);
    expect(alert).toHaveTextContent(MSG.billing.cardDeclined);
    await first.user.click(within(alert).getByRole('button', { name: MSG.wizard.changeCard }));
    await waitFor(() => expect(first.router.state.location.search).toBe(`?step=1&groupId=${ID}`));
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepPaymentDetails })).toBeInTheDocument();

    // The page is loaded again at step 2, as by a reload: the name, the plan and the coupon are there.
    cleanup();
    renderWizard(`/add-new-family?step=2&groupId=${ID}`, handlers);
    await screen.findByText('Lifetime');
    expect(screen.getByRole('textbox', { name: /^Child's first name/ })).toHaveValue('Robin');
    expect(screen.getByRole('textbox', { name: /^Child's last name/ })).toHaveValue('Lee');
    expect(screen.getByRole('radio', { name: /^Lifetime/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveValue('SPRING');
    expect(await screen.findByText('Spring')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('price-price_life')).toHaveTextContent('$179.10'));
    // Never card data.
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/4242|tok_/);
  });

  it('shows the server’s text when the family already has a subscription', async () => {
    const { user } = renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`GET /api/group/list/${ID}`]: () => jsonResponse(UNNAMED),
      'POST /api/group/billing/assignSubscription': () =>
        jsonResponse({ message: MSG.wizard.groupHasSubscription }, 409),
    });
    await screen.findByText('Lifetime');
    await user.type(screen.getByRole('textbox', { name: /^Child's first name/ }), 'Robin');
    await user.type(screen.getByRole('textbox', { name: /^Child's last name/ }), 'Lee');
    await user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Group already has a subscription.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.wizard.stepChildAndPlan })).toBeInTheDocument();
  });

  it('step 3 checks the places: the first adoptive parent and birth family are required', async () => {
    const { user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    expect(await screen.findByRole('heading', { name: MSG.wizard.stepFamilyDetails })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Child' });
    // The child's name comes from step 2.
    expect(slot('Child').getByRole('textbox', { name: /^First name/ })).toHaveValue('Robin');
    expect(slot('Child').getByRole('textbox', { name: /^Last name/ })).toHaveValue('Lee');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await slot('Adoptive parent 1').findByText(MSG.validation.emailIsRequired)).toBeInTheDocument();
    expect(slot('Adoptive parent 1').getByText(MSG.validation.firstNameIsRequired)).toBeInTheDocument();
    expect(slot('Adoptive parent 1').getByText(MSG.validation.lastNameIsRequired)).toBeInTheDocument();
    expect(slot('Birth family 1').getByText(MSG.validation.emailIsRequired)).toBeInTheDocument();
    await user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ }), 'alice@');
    await user.tab();
    expect(await slot('Adoptive parent 1').findByText(MSG.validation.invalidEmailFormat)).toBeInTheDocument();
  });

  it('step 3 takes one-letter-plus names (Bo Li), refuses a name without a letter, and creates no one', async () => {
    const { api, user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    await screen.findByRole('group', { name: 'Child' });
    const childFirst = slot('Child').getByRole('textbox', { name: /^First name/ });
    await user.clear(childFirst);
    await user.type(childFirst, '1');
    const parent = slot('Adoptive parent 1');
    await user.type(parent.getByRole('textbox', { name: /^Email/ }), 'bo@example.org');
    await user.type(parent.getByRole('textbox', { name: /^First name/ }), 'Bo');
    await user.type(parent.getByRole('textbox', { name: /^Last name/ }), 'Li');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await slot('Child').findByText(MSG.validation.firstNameNeedsLetter)).toBeInTheDocument();
    expect(parent.queryByText(MSG.validation.firstNameNeedsLetter)).not.toBeInTheDocument();
    expect(parent.queryByText(MSG.validation.lastNameNeedsLetter)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/user/check'))).toEqual(
      [],
    );
  });

  it('step 3 refuses the same e-mail in two places on the field, and sends nothing', async () => {
    const { api, user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`, {
      'POST /api/group/user/check': () => jsonResponse({ message: MSG.extra.notFound }, 404),
    });
    await screen.findByRole('group', { name: 'Child' });
    for (const name of ['Adoptive parent 1', 'Birth family 1']) {
      await user.type(slot(name).getByRole('textbox', { name: /^Email/ }), 'sam@example.org');
      await user.type(slot(name).getByRole('textbox', { name: /^First name/ }), 'Sam');
      await user.type(slot(name).getByRole('textbox', { name: /^Last name/ }), 'Smith');
    }
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await slot('Birth family 1').findByText(MSG.validation.emailTwiceInFamily)).toBeInTheDocument();
    expect(slot('Adoptive parent 1').queryByText(MSG.validation.emailTwiceInFamily)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/user/check'))).toEqual(
      [],
    );
  });

  it('step 2 of a family with its plan saves the family’s name and the child’s names again', async () => {
    const { api, user } = renderWizard(`/add-new-family?step=2&groupId=${ID}`, {
      [`PUT /api/group/edit/${ID}`]: () => jsonResponse({ _id: ID, message: MSG.families.groupRenamed }),
    });
    const first = await screen.findByRole('textbox', { name: /^Child's first name/ });
    await user.clear(first);
    await user.type(first, 'Robina');
    await user.click(screen.getByRole('button', { name: MSG.wizard.continueLabel }));
    await waitFor(() =>
      expect(api.callsTo('PUT', apiPath(API.families.edit, { groupId: ID }))[0]?.body).toEqual({
        name: 'Robina Lee',
        childFirstName: 'Robina',
        childLastName: 'Lee',
      }),
    );
  });

  it('opens a second person’s row once the first is complete, and then wants all three fields', async () => {
    const { user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`, {
      'POST /api/group/user/check': () => jsonResponse({ message: MSG.extra.notFound }, 404),
    });
    await screen.findByRole('group', { name: 'Child' });
    const second = () => slot('Adoptive parent 2').getByRole('textbox', { name: /^Email/ });
    expect(second()).toBeDisabled();
    await user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ }), 'alice@example.org');
    await user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ }), 'Alice');
    expect(second()).toBeDisabled();
    await user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^Last name/ }), 'Adams');
    await waitFor(() => expect(second()).toBeEnabled());
    await user.type(slot('Adoptive parent 2').getByRole('textbox', { name: /^First name/ }), 'Andy');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await slot('Adoptive parent 2').findByText(MSG.validation.emailIsRequired)).toBeInTheDocument();
    expect(slot('Adoptive parent 2').getByText(MSG.validation.lastNameIsRequired)).toBeInTheDocument();
  });

  it('keeps what was typed at step 3 through a reload, until the family is created', async () => {
    const first = renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    await screen.findByRole('group', { name: 'Child' });
    await first.user.type(
      slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ }),
      'alice@example.org',
    );
    await first.user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ }), 'Alice');
    await first.user.type(slot('Birth family 1').getByRole('textbox', { name: /^Last name/ }), 'Birch');
    // The page is loaded again, as by a reload of the tab.
    cleanup();
    renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    await screen.findByRole('group', { name: 'Child' });
    expect(slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ })).toHaveValue(
      'alice@example.org',
    );
    expect(slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ })).toHaveValue('Alice');
    expect(slot('Birth family 1').getByRole('textbox', { name: /^Last name/ })).toHaveValue('Birch');
    expect(slot('Child').getByRole('textbox', { name: /^First name/ })).toHaveValue('Robin');
    // Never in local storage, which outlives the tab.
    expect(Object.keys(localStorage)).not.toContain(expect.stringContaining('familyDraft'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('alice@example.org');
  });

  it('brings a draft back whole after a reload, a name over its maximum too, with its message', async () => {
    const tooLong = 'a'.repeat(PERSON_NAME_MAX + 1);
    const first = renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    await screen.findByRole('group', { name: 'Child' });
    await first.user.type(
      slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ }),
      'alice@example.org',
    );
    await first.user.type(slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ }), tooLong);
    cleanup();
    renderWizard(`/add-new-family?step=3&groupId=${ID}`);
    await screen.findByRole('group', { name: 'Child' });
    expect(slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ })).toHaveValue(
      'alice@example.org',
    );
    expect(slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ })).toHaveValue(tooLong);
    expect(
      await slot('Adoptive parent 1').findByText(
        MSG.validation.tooLong(MSG.fields.firstName, PERSON_NAME_MAX),
      ),
    ).toBeInTheDocument();
    // An empty place of the draft says nothing yet.
    expect(slot('Birth family 1').queryByText(MSG.validation.emailIsRequired)).not.toBeInTheDocument();
  });

  it('saves the places in one call, a person found by e-mail with the names as the agency keeps them', async () => {
    localStorage.setItem('groupId', ID);
    const bella = '33333333-3333-4333-8333-333333333333';
    const { api, router, user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`, {
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'bella@example.org'
          ? jsonResponse({
              _id: bella,
              name: 'Maria del Carmen García',
              firstName: 'Maria del Carmen',
              lastName: 'García',
            })
          : jsonResponse({ message: MSG.extra.notFound }, 404),
      [`PUT /api/group/member/save/${ID}`]: () => jsonResponse({ result: [] }),
    });
    await screen.findByRole('group', { name: 'Child' });
    const birth = slot('Birth family 1');
    await user.type(birth.getByRole('textbox', { name: /^Email/ }), 'Bella@Example.org');
    await user.tab();
    await waitFor(() =>
      expect(birth.getByRole('textbox', { name: /^First name/ })).toHaveValue('Maria del Carmen'),
    );
    expect(birth.getByRole('textbox', { name: /^Last name/ })).toHaveValue('García');
    expect(birth.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
    expect(birth.getByText(MSG.families.existingPersonLocked)).toBeInTheDocument();

    const parent = slot('Adoptive parent 1');
    await user.type(parent.getByRole('textbox', { name: /^Email/ }), 'alice@example.org');
    await user.type(parent.getByRole('textbox', { name: /^First name/ }), 'Alice');
    await user.type(parent.getByRole('textbox', { name: /^Last name/ }), 'Adams');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Group created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/details`));
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('familyDraft'))).toEqual([]);
    expect(localStorage.getItem('groupId')).toBeNull();
    const empty = { userId: null, email: '', firstName: '', lastName: '' };
    expect(api.callsTo('PUT', apiPath(API.families.saveMembers, { groupId: ID })).map((c) => c.body)).toEqual(
      [
        {
          child: { userId: null, email: '', firstName: 'Robin', lastName: 'Lee' },
          adoptive: [
            { userId: null, email: 'alice@example.org', firstName: 'Alice', lastName: 'Adams' },
            empty,
          ],
          birth: [
            { userId: bella, email: 'Bella@Example.org', firstName: 'Maria del Carmen', lastName: 'García' },
            empty,
          ],
        },
      ],
    );
  });

  it('keeps the form as typed when the save is refused, and shows why on the field', async () => {
    let saves = 0;
    const { api, user } = renderWizard(`/add-new-family?step=3&groupId=${ID}`, {
      'POST /api/group/user/check': () => jsonResponse({ message: MSG.extra.notFound }, 404),
      [`PUT /api/group/member/save/${ID}`]: () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(
              { message: MSG.families.emailInUse, fields: { 'birth.0.email': MSG.families.emailInUse } },
              409,
            )
          : jsonResponse({ result: [] });
      },
    });
    await screen.findByRole('group', { name: 'Child' });
    for (const [name, email] of [
      ['Adoptive parent 1', 'alice@example.org'],
      ['Birth family 1', 'bella@example.org'],
    ] as const) {
      await user.type(slot(name).getByRole('textbox', { name: /^Email/ }), email);
      await user.type(slot(name).getByRole('textbox', { name: /^First name/ }), 'Sam');
      await user.type(slot(name).getByRole('textbox', { name: /^Last name/ }), 'Smith');
    }
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await slot('Birth family 1').findByText(MSG.families.emailInUse)).toBeInTheDocument();
    expect(slot('Birth family 1').getByRole('textbox', { name: /^Email/ })).toHaveValue('bella@example.org');
    const email = slot('Birth family 1').getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'bella.new@example.org');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Group created.')).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath(API.families.saveMembers, { groupId: ID }))).toHaveLength(2);
  });
});
