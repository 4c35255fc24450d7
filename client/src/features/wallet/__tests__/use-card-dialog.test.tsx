import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type GiftCardCode, type RedeemResult } from '@shared/schema/gift-cards';
import { jsonReply, pending, type MockHandler } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, giftCard, mockConsumerApi } from './wallet-fixtures';

const card = giftCard({ id: 11, value: 25, balance: 25 });
const code: GiftCardCode = {
  id: 11,
  code: 'MK-7F3A-92QX-LC4D',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};

function redeemed(amount: number): RedeemResult {
  const balance = card.balance - amount;
  return {
    giftCard: { ...card, balance, status: balance === 0 ? 'redeemed' : 'active' },
    redeemed: amount,
  };
}

/** The consumer's wallet with one $25 Starbucks card, and the Use Card dialog open on it. */
async function openUseCard(routes: Record<string, MockHandler> = {}) {
  const api = mockConsumerApi(
    {
      'GET /api/wallet': jsonReply(200, buildWallet({ balance: 25 })),
      'GET /api/gift-cards/11/code': jsonReply(200, code),
      ...routes,
    },
    { cards: [card] },
  );
  const rendered = renderWithProviders(<WalletPage />);
  const list = await screen.findByRole('list', { name: 'Your gift cards' });
  await rendered.user.click(within(list).getByRole('button', { name: 'Use Card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Use Starbucks gift card' });
  return { ...rendered, api, dialog };
}

function redeemKeys(api: Awaited<ReturnType<typeof openUseCard>>['api']) {
  return api.fetch.mock.calls
    .filter(([input]) => String(input) === '/api/gift-cards/11/redeem')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

describe('Use Card', () => {
  it('shows the code and its QR for the cashier, after a skeleton', async () => {
    let answer: () => void = () => {};
    await openUseCard({
      'GET /api/gift-cards/11/code': () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonReply(200, code));
        }),
    });

    const dialog = screen.getByRole('dialog', { name: 'Use Starbucks gift card' });
    expect(within(dialog).getByRole('status', { name: 'Loading code' })).toBeInTheDocument();
    answer();
    const qr = await within(dialog).findByRole('img', {
      name: 'QR code for gift card MK-7F3A-92QX-LC4D',
    });
    expect(qr).toHaveAttribute('src', code.qrCode);
    expect(within(dialog).getByText('MK-7F3A-92QX-LC4D')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount ($)')).toHaveValue(25);
  });

  it('when the code fails to load, says so and tries again', async () => {
    let calls = 0;
    const { user, dialog } = await openUseCard({
      'GET /api/gift-cards/11/code': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : jsonReply(200, code);
      },
    });

    expect(
      await within(dialog).findByText("Failed to load the card's code. Please try again."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('MK-7F3A-92QX-LC4D')).toBeInTheDocument();
  });

  it('uses the whole balance by default, with an idempotency key, and refreshes the wallet', async () => {
    const { user, api, dialog } = await openUseCard({
      'POST /api/gift-cards/11/redeem': jsonReply(200, redeemed(25)),
    });
    const walletCalls = api.requestsTo('GET', '/api/wallet').length;

    await user.click(within(dialog).getByRole('button', { name: 'Use $25.00' }));

    const toast = await findToast('Card used');
    expect(within(toast).getByText('$25.00 used. Remaining balance $0.00.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', '/api/gift-cards/11/redeem')[0]?.body).toEqual({ amount: 25 });
    expect(redeemKeys(api)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(api.requestsTo('GET', '/api/wallet').length).toBeGreaterThan(walletCalls),
    );
  });

  it('uses part of the balance', async () => {
    const { user, api, dialog } = await openUseCard({
      'POST /api/gift-cards/11/redeem': jsonReply(200, redeemed(10.5)),
    });

    const amount = within(dialog).getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.click(within(dialog).getByRole('button', { name: 'Use $10.50' }));

    const toast = await findToast('Card used');
    expect(within(toast).getByText('$10.50 used. Remaining balance $14.50.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/gift-cards/11/redeem')[0]?.body).toEqual({
      amount: 10.5,
    });
  });

  it('refuses more than the balance, zero and a third decimal before sending anything', async () => {
    const { user, api, dialog } = await openUseCard();
    const amount = within(dialog).getByLabelText('Amount ($)');

    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Use $30.00' }));
    expect(amount).toHaveAccessibleDescription("The amount is more than the card's balance");

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Use amount' }));
    expect(amount).toHaveAccessibleDescription('Amount must be more than $0');

    await user.clear(amount);
    await user.type(amount, '1.234');
    await user.click(within(dialog).getByRole('button', { name: /^Use \$/ }));
    expect(amount).toHaveAccessibleDescription('Amount can have at most two decimals');

    expect(api.requestsTo('POST', '/api/gift-cards/11/redeem')).toHaveLength(0);
  });

  it('shows the server message when the card has expired (410), and stays open', async () => {
    const { user, dialog } = await openUseCard({
      'POST /api/gift-cards/11/redeem': jsonReply(410, {
        message: 'This gift card has expired',
      }),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Use $25.00' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('This gift card has expired')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Use Starbucks gift card' })).toBeInTheDocument();
  });

  it('shows the server message on a conflict (409)', async () => {
    const { user, dialog } = await openUseCard({
      'POST /api/gift-cards/11/redeem': jsonReply(409, {
        message: "The amount is more than the card's balance",
      }),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Use $25.00' }));

    const toast = await findToast('Error');
    expect(
      within(toast).getByText("The amount is more than the card's balance"),
    ).toBeInTheDocument();
  });

  it('says Processing... while the server works, and a retry reuses the key', async () => {
    let attempts = 0;
    let finish: () => void = () => {};
    const { user, api, dialog } = await openUseCard({
      'POST /api/gift-cards/11/redeem': () => {
        attempts += 1;
        if (attempts === 1) return jsonReply(503, { message: 'Service unavailable' });
        return new Promise((resolve) => {
          finish = () => resolve(jsonReply(200, redeemed(25)));
        });
      },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Use $25.00' }));
    await findToast('Error');
    await user.click(within(dialog).getByRole('button', { name: 'Use $25.00' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    finish();
    await findToast('Card used');

    const keys = redeemKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the form usable while the code is still loading', async () => {
    const { dialog } = await openUseCard({ 'GET /api/gift-cards/11/code': pending });
    expect(within(dialog).getByRole('status', { name: 'Loading code' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use $25.00' })).toBeEnabled();
  });
});
