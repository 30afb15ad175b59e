// A local HTTP stand-in for the few Stripe API endpoints the stripe provider uses (no stripe-mock is
// on the registry, and tests have no network). The official SDK talks to it through its host/port
// options. It keeps what it was asked, honours idempotency keys as Stripe does (same key, same
// answer), and follows Stripe's test payment methods: `pm_card_chargeDeclined` is declined. A
// subscription is charged as Stripe would charge it: its item's price (a catalogue price, or an inline
// `price_data` price, which Stripe archives at once) less its discounts, with Stripe's own arithmetic.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface Answer {
  status: number;
  body: unknown;
}

type Obj = Record<string, unknown>;

const DAY = 24 * 60 * 60;

function product(name: string) {
  return { id: `prod_${name.toLowerCase()}`, object: 'product', name, active: true };
}

function price(id: string, name: string, unitAmount: number, recurring: 'month' | 'week' | null) {
  return {
    id,
    object: 'price',
    active: true,
    nickname: null,
    product: product(name),
    type: recurring ? 'recurring' : 'one_time',
    recurring: recurring ? { interval: recurring, interval_count: 1 } : null,
    unit_amount: unitAmount,
    currency: 'usd',
  };
}

function coupon(id: string, fields: Partial<Obj>) {
  return {
    id,
    object: 'coupon',
    name: id.charAt(0) + id.slice(1).toLowerCase(),
    percent_off: null,
    amount_off: null,
    max_redemptions: null,
    times_redeemed: 0,
    valid: true,
    metadata: { products: 'price_lifetime,price_monthly' },
    ...fields,
  };
}

function card(brand: string, last4: string) {
  return { brand, last4, exp_month: 12, exp_year: new Date().getFullYear() + 3 };
}

const PAYMENT_METHODS: Record<string, ReturnType<typeof card>> = {
  pm_card_visa: card('visa', '4242'),
  pm_card_mastercard: card('mastercard', '4444'),
  // As Stripe's test cards: 4000 0000 0000 0002 is refused as soon as it is attached to a customer;
  // 4000 0000 0000 0341 attaches, and every charge of it is declined.
  pm_card_chargeDeclined: card('visa', '0002'),
  pm_card_chargeDeclinedAfterAttaching: card('visa', '0341'),
};
const DECLINED_WHEN_ATTACHED = new Set(['pm_card_chargeDeclined']);
const DECLINED_WHEN_CHARGED = new Set(['pm_card_chargeDeclined', 'pm_card_chargeDeclinedAfterAttaching']);

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly prices = [
    price('price_lifetime', 'Lifetime', 19_900, null),
    price('price_monthly', 'Monthly', 1_999, 'month'),
    price('price_premium', 'Premium', 2_999, 'month'),
    price('price_hidden', 'Hidden', 100, null),
    price('price_weekly', 'Weekly', 500, 'week'),
  ];
  readonly coupons: Record<string, Obj> = {
    SPRING: coupon('SPRING', { percent_off: 10 }),
    TENDOLLARS: coupon('TENDOLLARS', { amount_off: 1_000 }),
    /** More than the monthly price: Stripe would charge 0, the contract's rule charges its floor. */
    BIGDEAL: coupon('BIGDEAL', { amount_off: 2_500 }),
    /** One redemption left; Stripe counts none of ours (we send no discounts). */
    ONCE: coupon('ONCE', { percent_off: 20, max_redemptions: 2, times_redeemed: 1 }),
    LAST: coupon('LAST', { percent_off: 20, max_redemptions: 1 }),
    USEDUP: coupon('USEDUP', { percent_off: 50, max_redemptions: 1, times_redeemed: 1, valid: false }),
    EXPIRED: coupon('EXPIRED', { percent_off: 50, valid: false }),
  };
  readonly customers = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  /** Each subscription's first invoice, paid when it was created. */
  readonly invoices = new Map<string, { id: string; subscription: string; amount_paid: number }>();
  private readonly attached = new Map<string, string>();
  private readonly idempotent = new Map<string, Answer>();
  private counter = 0;
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The environment that points the app's Stripe SDK here. */
  env(): Record<string, string> {
    return {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_secret',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  calls(method: string, pathPattern: RegExp): StandInRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_standin${this.counter}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const params: Record<string, string> = {};
    for (const [key, value] of [...url.searchParams, ...form]) params[key] = value;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
    const answer = (replayKey && this.idempotent.get(replayKey)) || this.route(method, url.pathname, params);
    if (replayKey && !this.idempotent.has(replayKey)) this.idempotent.set(replayKey, answer);
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': this.id('req') });
    response.end(JSON.stringify(answer.body));
  }

  private missing(what: string): Answer {
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      },
    };
  }

  private declined(): Answer {
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    };
  }

  private route(method: string, path: string, p: Record<string, string>): Answer {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    /** The id in the path when it has the pattern's shape. */
    const idIn = (pattern: RegExp): string | null => pattern.exec(path)?.[1] ?? null;
    if (method === 'GET' && path === '/v1/prices') {
      const data = p.active === 'true' ? this.prices.filter((x) => x.active) : this.prices;
      return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    const priceId = idIn(/^\/v1\/prices\/([^/]+)$/);
    if (method === 'GET' && priceId) {
      const found = this.prices.find((x) => x.id === priceId);
      return found ? ok(found) : this.missing('price');
    }
    const couponId = idIn(/^\/v1\/coupons\/([^/]+)$/);
    if (method === 'GET' && couponId) {
      const found = this.coupons[decodeURIComponent(couponId)];
      return found ? ok(found) : this.missing('coupon');
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.id('cus'), object: 'customer', ...this.customerFields(p) };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    const customerId = idIn(/^\/v1\/customers\/([^/]+)$/);
    if (method === 'POST' && customerId) {
      const customer = this.customers.get(customerId);
      if (!customer) return this.missing('customer');
      Object.assign(customer, this.customerFields(p));
      if (p['invoice_settings[default_payment_method]']) {
        customer.invoice_settings = { default_payment_method: p['invoice_settings[default_payment_method]'] };
      }
      return ok(customer);
    }
    const detached = idIn(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (method === 'POST' && detached) {
      if (!this.attached.delete(detached)) return this.missing('payment_method');
      return ok({ id: detached, object: 'payment_method', type: 'card', customer: null });
    }
    const pm = idIn(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (method === 'POST' && pm) {
      const details = PAYMENT_METHODS[pm];
      if (!details) return this.missing('payment_method');
      if (!this.customers.has(p.customer ?? '')) return this.missing('customer');
      if (DECLINED_WHEN_ATTACHED.has(pm)) return this.declined();
      this.attached.set(pm, p.customer!);
      return ok({ id: pm, object: 'payment_method', type: 'card', customer: p.customer, card: details });
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = this.id('seti');
      return ok({
        id,
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_x`,
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (DECLINED_WHEN_CHARGED.has(p.payment_method ?? '')) return this.declined();
      if (this.attached.get(p.payment_method ?? '') !== p.customer) return this.missing('payment_method');
      const intent = {
        id: this.id('pi'),
        object: 'payment_intent',
        amount: Number(p.amount),
        currency: p.currency,
        customer: p.customer,
        payment_method: p.payment_method,
        status: 'succeeded',
        metadata: { groupId: p['metadata[groupId]'] },
      };
      this.paymentIntents.set(intent.id, intent);
      return ok(intent);
    }
    const intentId = idIn(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === 'GET' && intentId) {
      const found = this.paymentIntents.get(intentId);
      return found ? ok(found) : this.missing('payment_intent');
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (DECLINED_WHEN_CHARGED.has(p.default_payment_method ?? '')) return this.declined();
      const itemPrice = this.itemPrice(p);
      if ('error' in itemPrice) return itemPrice.error;
      const subscription: Obj = {
        id: this.id('sub'),
        object: 'subscription',
        customer: p.customer,
        status: 'active',
        default_payment_method: p.default_payment_method,
        discounts: this.discounts(p) ?? [],
        metadata: { groupId: p['metadata[groupId]'] },
        items: {
          object: 'list',
          data: [
            {
              id: this.id('si'),
              price: itemPrice.price,
              current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY,
            },
          ],
        },
      };
      const invoice = {
        id: this.id('in'),
        subscription: subscription.id as string,
        amount_paid: this.monthlyAmount(subscription),
      };
      this.invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
      this.subscriptions.set(subscription.id as string, subscription);
      return ok(subscription);
    }
    const subscriptionId = idIn(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscriptionId) {
      const subscription = this.subscriptions.get(subscriptionId);
      if (!subscription) return this.missing('subscription');
      if (method === 'GET') return ok(subscription);
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return ok(subscription);
      }
      const item = (subscription.items as { data: Obj[] }).data[0]!;
      if (p['items[0][price]'] || p['items[0][price_data][unit_amount]']) {
        const itemPrice = this.itemPrice(p);
        if ('error' in itemPrice) return itemPrice.error;
        item.price = itemPrice.price;
      }
      // Absent, the discounts stay as they are; an empty value removes them.
      subscription.discounts = this.discounts(p) ?? subscription.discounts;
      return ok(subscription);
    }
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: `stand-in: ${method} ${path}` } },
    };
  }

  /** The discounts a request sets: null when it does not name them, [] when it removes them. */
  private discounts(p: Record<string, string>): string[] | null {
    if (p.discounts === '') return [];
    const coupons = Object.entries(p)
      .filter(([key]) => /^discounts\[\d+\]\[coupon\]$/.test(key))
      .map(([, value]) => value);
    return coupons.length > 0 ? coupons : null;
  }

  /**
   * The price of a request's first item: a catalogue price by id, or an inline one from `price_data`
   * (currency, an existing product, a monthly interval and an amount are required, as at Stripe).
   */
  private itemPrice(p: Record<string, string>): { price: Obj } | { error: Answer } {
    const id = p['items[0][price]'];
    if (id) {
      const found = this.prices.find((x) => x.id === id);
      return found ? { price: found } : { error: this.missing('price') };
    }
    const product = this.prices
      .map((x) => x.product)
      .find((x) => x.id === p['items[0][price_data][product]']);
    if (!product) return { error: this.missing('product') };
    const currency = p['items[0][price_data][currency]'];
    const unitAmount = Number(p['items[0][price_data][unit_amount]']);
    const interval = p['items[0][price_data][recurring][interval]'];
    if (!currency || interval !== 'month' || !Number.isInteger(unitAmount)) {
      return {
        error: {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'bad price_data' } },
        },
      };
    }
    const inline = {
      ...price(this.id('price'), product.name, unitAmount, 'month'),
      product,
      currency,
      // Stripe archives a price made inline at once: it is never listed among the active prices.
      active: false,
    };
    this.prices.push(inline);
    return { price: inline };
  }

  /**
   * What Stripe charges a subscription each month: its price less its discounts, each rounded to the
   * cent, never below 0, whatever plans a coupon's metadata lists (Stripe does not read it).
   */
  monthlyAmount(subscription: Obj): number {
    const item = (subscription.items as { data: { price: { unit_amount: number } }[] }).data[0]!;
    let amount = item.price.unit_amount;
    for (const code of subscription.discounts as string[]) {
      const found = this.coupons[code] as { percent_off: number | null; amount_off: number | null };
      if (found.percent_off !== null) amount -= Math.round((amount * found.percent_off) / 100);
      if (found.amount_off !== null) amount -= found.amount_off;
      amount = Math.max(amount, 0);
    }
    return amount;
  }

  private customerFields(p: Record<string, string>): Obj {
    const fields: Obj = {};
    for (const key of ['email', 'name', 'phone']) if (p[key] !== undefined) fields[key] = p[key];
    if (p['address[line1]'] !== undefined) {
      fields.address = {
        line1: p['address[line1]'],
        city: p['address[city]'],
        state: p['address[state]'],
        postal_code: p['address[postal_code]'],
        country: p['address[country]'],
      };
    }
    return fields;
  }
}
