import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, Shop, Subscription, TestPayment } from '@blok/contract/shop';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';

const ORDER_ID = '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f';
const PAYMENT_ID = 'tp_0193a6e47b5c7d2e8f101a2b3c4d5e6f';

const products: Shop['products'] = [
  { id: 'premium-month', name: 'Blok Premium (maand)', priceCents: 999, vatCents: 173, intervalMonths: 1, monthlyPriceCents: 999, savingCents: 0 },
  { id: 'premium-year', name: 'Blok Premium (jaar)', priceCents: 7999, vatCents: 1388, intervalMonths: 12, monthlyPriceCents: 667, savingCents: 3989 },
];

const subscription: Subscription = {
  id: 'sub-1',
  productId: 'premium-year',
  status: 'active',
  currentPeriodStart: '2026-11-23T10:00:00.000Z',
  currentPeriodEnd: '2027-11-23T10:00:00.000Z',
  canceledAt: null,
  renews: true,
};

const testPayment: TestPayment = { id: PAYMENT_ID, description: 'Blok Premium (jaar)', amountCents: 7999, status: 'open', redirectUrl: `/shop/return/${ORDER_ID}` };

const order = (status: Order['status'], paymentStatus: Order['paymentStatus'] = status === 'open' ? 'open' : status): Order => ({
  id: ORDER_ID,
  productId: 'premium-year',
  amountCents: 7999,
  status,
  paymentStatus,
  createdAt: '2026-11-23T10:00:00.000Z',
  subscription: status === 'paid' ? subscription : null,
});

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([{ path: 'user/profile', body: testProfile, headers: { deviceid } }, ...routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } }))]);
}

const bodiesOf = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.filter(([url, init]) => String(url) === `/api/${path}` && init?.method === 'POST').map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

afterEach(() => {
  vi.useRealTimers();
});

describe('Shop', () => {
  it('shows the plans with Dutch prices and what Premium unlocks, and pays the chosen plan without sending an amount', async () => {
    const spy = await signedIn([
      { path: 'shop', body: { products, subscription: null, hasSubscription: false, provider: 'test' } satisfies Shop },
      { method: 'POST', path: 'shop/checkout', status: 201, body: { orderId: ORDER_ID, checkoutUrl: `/shop/test-checkout/${PAYMENT_ID}` } },
      { path: `shop/test-checkout/${PAYMENT_ID}`, body: testPayment },
    ]);
    const { router } = await renderApp('/shop');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    // the page's heading shows while the shop still loads: wait for the plans themselves
    const plans = await screen.findByRole('group', { name: 'Kies je abonnement' });
    const yearly = within(plans).getByRole('radio', { name: /Per jaar/ });
    expect(yearly).toBeChecked();
    expect(within(plans).getByText('€ 79,99')).toBeInTheDocument();
    expect(within(plans).getByText('€ 9,99')).toBeInTheDocument();
    expect(within(plans).getByText('Bespaar € 39,89')).toBeInTheDocument();
    expect(within(plans).getByText('Dat is € 6,67 per maand')).toBeInTheDocument();
    expect(screen.getByText('Prijzen inclusief 21% btw (€ 13,88 btw).')).toBeInTheDocument();
    // The built-in test checkout takes the payments: a banner says so before anything else.
    const banner = screen.getByRole('region', { name: 'Testomgeving' });
    expect(within(banner).getByText('Testomgeving: hier wordt niet echt betaald')).toBeInTheDocument();
    expect(within(banner).getByText(/ingebouwde testbetaling.*geen geld afgeschreven/)).toBeInTheDocument();
    // Only chapters are premium; questions and flashcards stay free.
    expect(screen.getByText('Oefenvragen en flashcards blijven voor iedereen gratis')).toBeInTheDocument();

    await user.click(within(plans).getByRole('radio', { name: /Per maand/ }));
    expect(screen.getByText('Prijzen inclusief 21% btw (€ 1,73 btw).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Ga naar betalen · €\s9,99$/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Testbetaling' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/shop/test-checkout/${PAYMENT_ID}`);
    expect(bodiesOf(spy, 'shop/checkout')).toEqual([{ productId: 'premium-month' }]);
  });

  it('shows her subscription instead of the plans, and cancelling shows the end date', async () => {
    const spy = await signedIn([
      { path: 'shop', body: { products, subscription, hasSubscription: true, provider: 'test' } satisfies Shop },
      { method: 'POST', path: 'shop/subscription/cancel', body: { ...subscription, status: 'canceled', renews: false, canceledAt: '2026-11-24T09:00:00.000Z' } },
    ]);
    await renderApp('/shop');
    const user = userEvent.setup();

    const premium = await screen.findByRole('region', { name: 'Jouw Premium' });
    // The test banner stays when there are no plans to pay for.
    expect(screen.getByRole('region', { name: 'Testomgeving' })).toBeInTheDocument();
    expect(within(premium).getByText('Wordt verlengd op 23 november 2027.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kies je abonnement' })).toBeNull();

    await user.click(within(premium).getByRole('button', { name: 'Abonnement opzeggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Premium opzeggen?' });
    expect(within(dialog).getByText(/Je houdt Premium tot en met 23 november 2027\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, zeg op' }));

    expect(await within(premium).findByText('Je abonnement is opgezegd. Je hebt Premium tot en met 23 november 2027.')).toBeInTheDocument();
    expect(within(premium).getByText('Opgezegd')).toBeInTheDocument();
    expect(within(premium).queryByRole('button', { name: 'Abonnement opzeggen' })).toBeNull();
    expect(bodiesOf(spy, 'shop/subscription/cancel')).toHaveLength(1);
  });

  it('shows no test banner when real payments are taken', async () => {
    await signedIn([{ path: 'shop', body: { products, subscription: null, hasSubscription: false, provider: 'mollie' } satisfies Shop }]);
    await renderApp('/shop');
    expect(await screen.findByRole('group', { name: 'Kies je abonnement' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Testomgeving' })).toBeNull();
    expect(screen.queryByText(/Testomgeving/)).toBeNull();
  });

  it('the test checkout is marked as a test and sends the chosen outcome, then shows the result', async () => {
    const spy = await signedIn([
      { path: `shop/test-checkout/${PAYMENT_ID}`, body: testPayment },
      { method: 'POST', path: `shop/test-checkout/${PAYMENT_ID}`, body: { ...testPayment, status: 'failed' } },
      { path: `shop/orders/${ORDER_ID}`, body: order('failed') },
    ]);
    const { router } = await renderApp(`/shop/test-checkout/${PAYMENT_ID}`);
    const user = userEvent.setup();

    expect(await screen.findByText(/Dit is een testbetaling\. Er wordt geen geld afgeschreven/)).toBeInTheDocument();
    expect(screen.getByText('€ 79,99')).toBeInTheDocument();
    const outcomes = screen.getByRole('group', { name: 'Hoe loopt de betaling af?' });
    expect(within(outcomes).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['paid', 'failed', 'canceled', 'expired', 'open']);
    await user.click(within(outcomes).getByRole('radio', { name: 'Mislukt' }));
    await user.click(screen.getByRole('button', { name: 'Bevestig testbetaling' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'De betaling is mislukt' })).toBeInTheDocument();
    expect(screen.getByText(/Er is niets afgeschreven en je hebt nog geen Premium/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Probeer opnieuw' })).toHaveAttribute('href', '/shop');
    expect(router.state.location.pathname).toBe(`/shop/return/${ORDER_ID}`);
    expect(bodiesOf(spy, `shop/test-checkout/${PAYMENT_ID}`)).toEqual([{ status: 'failed' }]);
  });

  it('the return page waits while the payment is open and shows Premium once it is paid', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    let orderCalls = 0;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', deviceid } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/user/profile') return json(testProfile);
        if (path === `/api/shop/orders/${ORDER_ID}`) {
          orderCalls += 1;
          return json(orderCalls < 2 ? order('open', 'pending') : order('paid'));
        }
        return new Response(JSON.stringify({ error: 'not_found', error_description: 'Niet gevonden' }), { status: 404 });
      }),
    );
    await renderApp(`/shop/return/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'We wachten op je betaling' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Welkom bij Premium!' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText('Je Premium loopt tot en met 23 november 2027.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar je bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
    expect(orderCalls).toBeGreaterThanOrEqual(2);
  });
});
