import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CheckoutBodySchema,
  CheckoutSchema,
  OrderParamsSchema,
  OrderSchema,
  ShopSchema,
  SubscriptionSchema,
  TestCheckoutBodySchema,
  TestPaymentParamsSchema,
  TestPaymentSchema,
  WebhookAckSchema,
  WebhookBodySchema,
  WebhookParamsSchema,
} from '@blok/contract';

const tags = ['shop'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * The shop under /api/shop: products and her subscription, checkout, the order the return page
 * polls, cancel, the providers' webhooks (public: the provider calls them) and the built-in test
 * checkout. Orders and test payments belong to their user: someone else's id answers 404.
 * `testCheckout`: the test checkout takes the payments; otherwise its routes do not exist (404,
 * decision 015).
 */
const shopRoutes: FastifyPluginAsyncZod<{ testCheckout: boolean }> = async (app, opts) => {
  const { payments, subscriptions } = app.services;

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Products with their prices (VAT included), her subscription and the payment provider', security, response: { 200: ShopSchema, 401: ApiErrorSchema } },
    },
    async (req) => subscriptions.overview(req.auth!.userId),
  );

  app.post(
    '/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Starts the payment of a product at the server's price; answers the provider's checkout URL (409 subscription_active when Premium renews already)",
        security,
        body: CheckoutBodySchema,
        response: { 201: CheckoutSchema, ...errors, 409: ApiErrorSchema, 502: ApiErrorSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await payments.checkout(req.auth!.userId, req.body.productId)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Her order with its payment status (the return page polls it)', security, params: OrderParamsSchema, response: { 200: OrderSchema, ...errors } },
    },
    async (req) => payments.order(req.auth!.userId, req.params.id),
  );

  app.post(
    '/subscription/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cancels her subscription: Premium stays until the end of the period, nothing is charged again',
        security,
        response: { 200: SubscriptionSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (req) => subscriptions.cancel(req.auth!.userId),
  );

  app.post(
    '/webhooks/:provider',
    {
      // The provider retries until it gets a 200, and the webhook is idempotent by itself (it only
      // makes us fetch the payment): nothing to replay, so no Idempotency-Key is stored (issue 25).
      config: { replayable: false },
      schema: {
        tags,
        summary: "The provider's webhook: form field id only. The status is fetched from the provider; unknown ids answer 200 and change nothing",
        params: WebhookParamsSchema,
        body: WebhookBodySchema,
        response: { 200: WebhookAckSchema, 400: ApiErrorSchema, 502: ApiErrorSchema },
      },
    },
    async (req) => payments.handleWebhook(req.params.provider, req.body.id),
  );

  if (!opts.testCheckout) return;

  app.get(
    '/test-checkout/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'A payment of the built-in test checkout (only without MOLLIE_API_KEY)', security, params: TestPaymentParamsSchema, response: { 200: TestPaymentSchema, ...errors } },
    },
    async (req) => payments.testPayment(req.auth!.userId, req.params.id),
  );

  app.post(
    '/test-checkout/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The tester's outcome for a test payment; applied through the same webhook path as Mollie's (409 payment_final once final)",
        security,
        params: TestPaymentParamsSchema,
        body: TestCheckoutBodySchema,
        response: { 200: TestPaymentSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (req) => payments.settleTestPayment(req.auth!.userId, req.params.id, req.body),
  );
};

export default shopRoutes;
