import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { MollieProvider } from '../../src/shop/mollie-provider.ts';
import { ProviderUnavailableError } from '../../src/shop/provider.ts';
import { createShopApp, shopper, subscriptionsOf, webhook } from './support.ts';

/*
 * The Mollie adapter without network: @mollie/api-client speaks https to api.mollie.com with its
 * own CA bundle, so nock intercepts its requests and answers with the JSON Mollie documents
 * (docs.mollie.com/reference/create-payment, get-payment, create-customer).
 */
const MOLLIE = 'https://api.mollie.com:443';
const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const PUBLIC_URL = 'https://blok.example';

function molliePayment(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as string) ?? 'tr_WDqYK6vllg';
  return {
    resource: 'payment',
    id,
    mode: 'test',
    createdAt: '2026-11-23T14:00:00+00:00',
    amount: { value: '79.99', currency: 'EUR' },
    description: 'Blok Premium (jaar)',
    method: null,
    metadata: {},
    status: 'open',
    isCancelable: false,
    expiresAt: '2026-11-23T14:15:00+00:00',
    profileId: 'pfl_QkEhN94Ba',
    sequenceType: 'first',
    customerId: 'cst_8wmqcHMN4U',
    redirectUrl: `${PUBLIC_URL}/shop/return/x`,
    webhookUrl: `${PUBLIC_URL}/api/shop/webhooks/mollie`,
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${id}`, type: 'application/hal+json' },
      checkout: { href: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`, type: 'text/html' },
      dashboard: { href: `https://www.mollie.com/dashboard/org_12345678/payments/${id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/v2/payments-api/get-payment', type: 'text/html' },
    },
    ...overrides,
  };
}

const mollieCustomer = (email: string) => ({
  resource: 'customer',
  id: 'cst_8wmqcHMN4U',
  mode: 'test',
  name: null,
  email,
  locale: null,
  metadata: null,
  createdAt: '2026-11-23T14:00:00+00:00',
  _links: { self: { href: 'https://api.mollie.com/v2/customers/cst_8wmqcHMN4U', type: 'application/hal+json' } },
});

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
});
afterEach(() => {
  nock.cleanAll();
});
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('the Mollie adapter', () => {
  const provider = new MollieProvider(API_KEY);

  it('creates a customer and a first payment with amount, redirectUrl, webhookUrl and metadata', async () => {
    let paymentBody: Record<string, unknown> = {};
    const scope = nock(MOLLIE)
      .post('/v2/customers', (body: Record<string, unknown>) => body.email === 'sanne@example.nl')
      .matchHeader('authorization', `Bearer ${API_KEY}`)
      .reply(201, mollieCustomer('sanne@example.nl'))
      .post('/v2/payments', (body: Record<string, unknown>) => {
        paymentBody = body;
        return true;
      })
      .matchHeader('idempotency-key', '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f')
      .reply(201, molliePayment({ metadata: { paymentId: '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f', orderId: 'o-1' } }));

    const created = await provider.createFirstPayment({
      paymentId: '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f',
      orderId: 'o-1',
      userId: 'u-1',
      email: 'sanne@example.nl',
      amountCents: 7999,
      description: 'Blok Premium (jaar)',
      redirectUrl: `${PUBLIC_URL}/shop/return/o-1`,
      webhookUrl: `${PUBLIC_URL}/api/shop/webhooks/mollie`,
      customerId: null,
    });
    expect(scope.isDone()).toBe(true);
    expect(paymentBody).toMatchObject({
      amount: { currency: 'EUR', value: '79.99' },
      description: 'Blok Premium (jaar)',
      redirectUrl: `${PUBLIC_URL}/shop/return/o-1`,
      webhookUrl: `${PUBLIC_URL}/api/shop/webhooks/mollie`,
      metadata: { paymentId: '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f', orderId: 'o-1' },
      sequenceType: 'first',
      customerId: 'cst_8wmqcHMN4U',
      locale: 'nl_NL',
    });
    expect(created).toEqual({
      providerPaymentId: 'tr_WDqYK6vllg',
      status: 'open',
      checkoutUrl: 'https://www.mollie.com/checkout/select-method/WDqYK6vllg',
      customerId: 'cst_8wmqcHMN4U',
    });
  });

  it('charges a renewal on the mandate with a recurring payment', async () => {
    let body: Record<string, unknown> = {};
    const scope = nock(MOLLIE)
      .post('/v2/payments', (b: Record<string, unknown>) => {
        body = b;
        return true;
      })
      .matchHeader('idempotency-key', 'renew-s-1-2027-01-01T00:00:00.000Z')
      .reply(201, molliePayment({ id: 'tr_7UhSN1zuXS', sequenceType: 'recurring', amount: { value: '9.99', currency: 'EUR' }, mandateId: 'mdt_h3gAaD5zP' }));
    const created = await provider.createRecurringPayment({
      paymentId: 'p-2',
      idempotencyKey: 'renew-s-1-2027-01-01T00:00:00.000Z',
      subscriptionId: 's-1',
      userId: 'u-1',
      amountCents: 999,
      description: 'Blok Premium (maand)',
      webhookUrl: `${PUBLIC_URL}/api/shop/webhooks/mollie`,
      customerId: 'cst_8wmqcHMN4U',
      mandateId: 'mdt_h3gAaD5zP',
    });
    expect(scope.isDone()).toBe(true);
    expect(body).toMatchObject({ amount: { currency: 'EUR', value: '9.99' }, sequenceType: 'recurring', customerId: 'cst_8wmqcHMN4U', mandateId: 'mdt_h3gAaD5zP' });
    expect(body).not.toHaveProperty('redirectUrl');
    expect(created.providerPaymentId).toBe('tr_7UhSN1zuXS');
  });

  it('fetches a payment: status, amount, our id and the mandate', async () => {
    nock(MOLLIE)
      .get('/v2/payments/tr_WDqYK6vllg')
      .reply(200, molliePayment({ status: 'paid', metadata: { paymentId: 'p-1' }, mandateId: 'mdt_h3gAaD5zP', paidAt: '2026-11-23T14:05:00+00:00' }));
    expect(await provider.getPayment('tr_WDqYK6vllg')).toEqual({
      providerPaymentId: 'tr_WDqYK6vllg',
      status: 'paid',
      amountCents: 7999,
      currency: 'EUR',
      paymentId: 'p-1',
      customerId: 'cst_8wmqcHMN4U',
      mandateId: 'mdt_h3gAaD5zP',
    });
  });

  it('answers null for a payment Mollie does not know, and for ids that cannot be Mollie payments', async () => {
    const scope = nock(MOLLIE)
      .get('/v2/payments/tr_unknown1')
      .reply(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token tr_unknown1.', _links: {} });
    expect(await provider.getPayment('tr_unknown1')).toBeNull();
    expect(scope.isDone()).toBe(true);
    expect(await provider.getPayment('../customers')).toBeNull();
  });

  it('reports an unavailable Mollie as ProviderUnavailableError', async () => {
    nock(MOLLIE).get('/v2/payments/tr_down1').times(3).reply(503, { status: 503, title: 'Service Unavailable', detail: 'Try again later' }, { 'retry-after': '0' });
    await expect(provider.getPayment('tr_down1')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe.each(DIALECTS)('the shop with Mollie on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createShopApp(dialect, { MOLLIE_API_KEY: API_KEY, PUBLIC_URL: `${PUBLIC_URL}/` });
  });
  afterAll(async () => ctx?.close());

  it('checkout goes to Mollie; the webhook fetches the payment and a paid one grants Premium', async () => {
    const s = await shopper(ctx);
    expect((await s.shop()).provider).toBe('mollie');
    let sent: { metadata?: { paymentId?: string; orderId?: string }; redirectUrl?: string; webhookUrl?: string; amount?: unknown } = {};
    nock(MOLLIE)
      .post('/v2/customers')
      .reply(201, mollieCustomer(s.email))
      .post('/v2/payments', (b: typeof sent) => {
        sent = b;
        return true;
      })
      .reply(201, (_uri, body) => molliePayment({ metadata: (body as typeof sent).metadata }));
    const checkout = await s.call('POST', '/api/shop/checkout', { productId: 'premium-year' });
    expect(checkout.statusCode).toBe(201);
    const { orderId, checkoutUrl } = checkout.json() as { orderId: string; checkoutUrl: string };
    expect(checkoutUrl).toBe('https://www.mollie.com/checkout/select-method/WDqYK6vllg');
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '79.99' },
      redirectUrl: `${PUBLIC_URL}/shop/return/${orderId}`,
      webhookUrl: `${PUBLIC_URL}/api/shop/webhooks/mollie`,
      metadata: { orderId },
    });
    // The test checkout does not exist when Mollie takes the payments.
    expect((await s.call('GET', '/api/shop/test-checkout/tp_00000000000000000000000000000000')).statusCode).toBe(404);

    // Mollie calls the webhook while the payment is still open: nothing changes.
    nock(MOLLIE).get('/v2/payments/tr_WDqYK6vllg').reply(200, molliePayment({ metadata: sent.metadata }));
    expect((await webhook(ctx, 'tr_WDqYK6vllg', 'mollie')).statusCode).toBe(200);
    expect(await s.order(orderId)).toMatchObject({ status: 'open' });

    nock(MOLLIE).get('/v2/payments/tr_WDqYK6vllg').reply(200, molliePayment({ status: 'paid', metadata: sent.metadata, mandateId: 'mdt_h3gAaD5zP' }));
    expect((await webhook(ctx, 'tr_WDqYK6vllg', 'mollie')).statusCode).toBe(200);
    expect(await s.order(orderId)).toMatchObject({ status: 'paid', subscription: { status: 'active', renews: true } });
    expect(await s.premiumChapterStatus()).toBe(200);
    const [sub] = await subscriptionsOf(ctx, s.userId);
    expect(sub).toMatchObject({ provider: 'mollie', provider_customer_id: 'cst_8wmqcHMN4U', provider_mandate_id: 'mdt_h3gAaD5zP' });

    // Mollie answers 404 for an id it does not know: 200, nothing changes.
    nock(MOLLIE).get('/v2/payments/tr_forged1').reply(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token tr_forged1.' });
    expect((await webhook(ctx, 'tr_forged1', 'mollie')).statusCode).toBe(200);
  });

  it('answers 502 when Mollie cannot be reached, so that Mollie retries the webhook later', async () => {
    nock(MOLLIE).get('/v2/payments/tr_later1').times(3).reply(503, { status: 503, title: 'Service Unavailable' }, { 'retry-after': '0' });
    const res = await webhook(ctx, 'tr_later1', 'mollie');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('payment_provider_unavailable');
  });

  it('a checkout Mollie refuses answers 502 and records nothing', async () => {
    const s = await shopper(ctx);
    nock(MOLLIE).post('/v2/customers').reply(201, mollieCustomer(s.email)).post('/v2/payments').reply(422, {
      status: 422,
      title: 'Unprocessable Entity',
      detail: 'The webhook URL is invalid because it is unreachable from Mollie\'s point of view.',
      field: 'webhookUrl',
    });
    const res = await s.call('POST', '/api/shop/checkout', { productId: 'premium-month' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('payment_provider_unavailable');
    expect(await ctx.handle.db.selectFrom('orders').select('id').where('user_id', '=', s.userId).execute()).toEqual([]);
  });
});
