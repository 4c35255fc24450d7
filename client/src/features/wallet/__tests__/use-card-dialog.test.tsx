import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDEMPTION_CODE, type RedemptionCode } from '@shared/schema/gift-cards';
import { invalidateWallet } from '@/api/get-wallet';
import { jsonReply, type MockHandler } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, giftCard, mockConsumerApi } from './wallet-fixtures';

const card = giftCard({ id: 11, value: 25, balance: 25 });

function codeReply(code: string, balance = 25, promotional = true): RedemptionCode {
  return {
    code,
    qrCode: `data:image/svg+xml;base64,${btoa(`<svg>${code}</svg>`)}`,
    expiresAt: new Date(Date.now() + 90_000).toISOString(),
    card: {
      id: 11,
      brand: 'starbucks',
      balance,
      expires: '2027-06-02T12:00:00.000Z',
      promotional,
      status: 'active',
    },
  };
}

/** The consumer's wallet with one $25 Starbucks card, and the Use Card dialog open on it. */
async function openUseCard(codeHandler: MockHandler<'POST /api/gift-cards/:id/redemption-code'>) {
  const api = mockConsumerApi(
    {
      'GET /api/wallet': jsonReply(200, buildWallet({ balance: 25 })),
      'POST /api/gift-cards/:id/redemption-code': codeHandler,
    },
    { cards: [card] },
  );
  const rendered = renderWithProviders(<WalletPage />);
  const list = await screen.findByRole('list', { name: 'Your gift cards' });
  await rendered.user.click(within(list).getByRole('button', { name: 'Use Card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Use Starbucks gift card' });
  return { ...rendered, api, dialog };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Use Card', () => {
  it('shows a QR code and a short code for the cashier, with brand, balance, expiry and Promotional', async () => {
    let answer: () => void = () => {};
    const { dialog } = await openUseCard(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonReply(201, codeReply('K3QF-8ZT2')));
        }),
    );

    expect(within(dialog).getByRole('status', { name: 'Loading code' })).toBeInTheDocument();
    answer();
    const qr = await within(dialog).findByRole('img', {
      name: 'QR code for the cashier: K3QF-8ZT2',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(dialog).getByText('K3QF-8ZT2')).toBeInTheDocument();
    expect(within(dialog).getByText('New code in 60s')).toBeInTheDocument();
    expect(within(dialog).getByText('Starbucks')).toBeInTheDocument();
    expect(within(dialog).getByText('$25.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Jun 2, 2027')).toBeInTheDocument();
    expect(within(dialog).getByText('Promotional')).toBeInTheDocument();
    // No form: the holder never marks the card spent.
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('says nothing about Promotional for a card bought with money', async () => {
    const { dialog } = await openUseCard(jsonReply(201, codeReply('K3QF-8ZT2', 25, false)));
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();
    expect(within(dialog).queryByText('Promotional')).not.toBeInTheDocument();
  });

  it('counts down and fetches a new code every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { dialog } = await openUseCard(() => {
      calls += 1;
      return jsonReply(201, codeReply(calls === 1 ? 'K3QF-8ZT2' : 'M9WX-4PRD'));
    });
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(within(dialog).getByText('New code in 45s')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(REDEMPTION_CODE.refreshSeconds * 1000 - 15_000);
    });
    expect(await within(dialog).findByText('M9WX-4PRD')).toBeInTheDocument();
    expect(within(dialog).queryByText('K3QF-8ZT2')).not.toBeInTheDocument();
    expect(calls).toBe(2);
    expect(within(dialog).getByText('New code in 60s')).toBeInTheDocument();
  });

  it('shows the new balance when a counter took some of the card', async () => {
    let balance = 25;
    const { dialog, queryClient } = await openUseCard(() =>
      jsonReply(201, codeReply(balance === 25 ? 'K3QF-8ZT2' : 'M9WX-4PRD', balance)),
    );
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();

    // What the live notification does: the wallet's queries are refreshed.
    balance = 20.75;
    await act(() => invalidateWallet(queryClient));

    expect(
      await within(dialog).findByText('$4.25 spent at the counter. Remaining balance $20.75.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('$20.75')).toBeInTheDocument();
    expect(within(dialog).getByText('M9WX-4PRD')).toBeInTheDocument();
  });

  it('closes with a message once the card is spent in full', async () => {
    let spent = false;
    const { dialog, queryClient } = await openUseCard(() =>
      spent
        ? jsonReply(409, { message: 'This gift card has already been used' })
        : jsonReply(201, codeReply('K3QF-8ZT2')),
    );
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();

    spent = true;
    await act(() => invalidateWallet(queryClient));

    const toast = await findToast('Card used');
    expect(
      within(toast).getByText('Your Starbucks gift card has been spent in full.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the code cannot be made (an expired card), and tries again', async () => {
    let calls = 0;
    const { user, dialog } = await openUseCard(() => {
      calls += 1;
      return calls === 1
        ? jsonReply(410, { message: 'This gift card has expired' })
        : jsonReply(201, codeReply('K3QF-8ZT2'));
    });

    expect(await within(dialog).findByText('This gift card has expired')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();
  });

  it('closes with Close', async () => {
    const { user, dialog } = await openUseCard(jsonReply(201, codeReply('K3QF-8ZT2')));
    await within(dialog).findByText('K3QF-8ZT2');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
