import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type GiftTransaction,
  type UserSearchResult,
  type WalletGiftCard,
} from '@shared/schema/gift-cards';
import { jsonReply, listReply, mockApi, type MockReply, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { buildUser } from '@/testing/fixtures';
import { SendGiftDialog, type WantedCard } from '../send-gift-dialog';

function card(overrides: Partial<WalletGiftCard> = {}): WalletGiftCard {
  return {
    id: 7,
    sender_name: 'Bean There Cafe',
    brand: 'starbucks',
    value: 25,
    balance: 25,
    status: 'active',
    source: 'pin_claim',
    promotional: true,
    message: '',
    expires: '2030-03-04T12:00:00.000Z',
    created_at: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

function cardPage(items: WalletGiftCard[]): MockReply<'GET /api/gift-cards/consumer/wallet'> {
  return listReply(items, { limit: 100 });
}

const jordan: UserSearchResult = {
  id: 2,
  name: 'Jordan Lee',
  username: 'jordan',
  profilePicture: null,
  verified: false,
  type: 'consumer',
  friendshipStatus: 'none',
};

const sent: GiftTransaction = {
  id: 11,
  sender_id: 1,
  sender_name: 'Casey Consumer',
  recipient_id: 2,
  recipient_name: 'Jordan Lee',
  recipient_username: 'jordan',
  brand: 'starbucks',
  value: 25,
  message: '',
  direction: 'sent',
  created_at: '2025-03-04T12:00:00.000Z',
};

const cards = [
  card(),
  // Partly spent: given on with what is left.
  card({ id: 8, brand: 'dunkin', value: 20, balance: 12.5, sender_name: 'Donut Den' }),
  card({ id: 9, brand: 'walmart', value: 50, balance: 50, sender_name: 'Sam Smith' }),
];

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/gift-cards/consumer/wallet': cardPage(cards),
    'GET /api/users/search': jsonReply(200, [jordan]),
    'POST /api/gift-cards/:id/send': ({ params }) =>
      jsonReply(201, params.id === '8' ? { ...sent, brand: 'dunkin', value: 12.5 } : sent),
    'GET /api/user': jsonReply(200, buildUser({ email: 'casey@example.com' })),
    'GET /api/payments/cards': jsonReply(200, []),
    'GET /api/payments/config': jsonReply(200, {
      mode: 'test',
      tokenizeUrl: '/api/test-payments/tokens',
    }),
    'POST /api/test-payments/tokens': jsonReply(201, {
      token: 'tok_test_approved',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2099,
    }),
    'POST /api/gift-cards/guest': jsonReply(201, {
      id: 51,
      brand: 'dunkin',
      value: 30,
      recipientName: 'Jordan Lee',
    }),
    ...overrides,
  };
}

type HarnessProps = {
  recipient?: { username: string; name: string };
  cardId?: number;
  wanted?: WantedCard;
};

/** The dialog as a page holds it: open, and closed by the dialog itself. */
function Harness(props: HarnessProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <SendGiftDialog open={open} onOpenChange={setOpen} {...props} />
    </>
  );
}

async function chooseRecipient(
  user: ReturnType<typeof renderWithProviders>['user'],
  dialog: HTMLElement,
) {
  await user.type(within(dialog).getByRole('combobox', { name: 'Send to' }), 'jor');
  await user.click(
    await within(dialog).findByRole('option', { name: /Jordan Lee/ }, { timeout: 2000 }),
  );
}

describe('SendGiftDialog', () => {
  it('offers the cards with value left, with brand, what is left and sender', async () => {
    const api = mockApi(routes());
    renderWithProviders(<Harness />);

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    const group = await within(dialog).findByRole('radiogroup', { name: 'Gift card' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(3);
    expect(within(group).getByText('Starbucks').closest('label')).toHaveTextContent(
      /^Starbucks\$25\.00From Bean There Cafe/,
    );
    expect(within(group).getByText('Dunkin').closest('label')).toHaveTextContent(
      /^Dunkin\$12\.50 of \$20\.00From Donut Den/,
    );
    expect(within(group).getByText('Walmart').closest('label')).toHaveTextContent(
      /^Walmart\$50\.00From Sam Smith/,
    );
    expect(api.requestsTo('GET', '/api/gift-cards/consumer/wallet')[0]!.search.get('limit')).toBe(
      '100',
    );
  });

  it('sends the chosen card to the chosen user with the message, then says so and closes', async () => {
    const api = mockApi(routes());
    const { user } = renderWithProviders(<Harness />);

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    const walmart = await within(dialog).findByRole('radio', { name: /Walmart/ });
    const submit = within(dialog).getByRole('button', { name: 'Send Gift' });
    expect(submit).toBeDisabled();

    await user.click(walmart);
    expect(submit).toBeDisabled();
    await chooseRecipient(user, dialog);
    expect(within(dialog).getByRole('group', { name: 'Send to' })).toHaveTextContent(
      'Jordan Lee@jordan',
    );
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Happy birthday!');
    expect(within(dialog).getByText('15/200 characters')).toBeInTheDocument();

    expect(submit).toBeEnabled();
    await user.click(submit);

    const toast = await findToast('Gift sent');
    expect(toast).toHaveTextContent('Your gift card has been sent to Jordan Lee');
    expect(api.requestsTo('POST', '/api/gift-cards/9/send').map((r) => r.body)).toEqual([
      { recipientUsername: 'jordan', message: 'Happy birthday!' },
    ]);
    expect(api.requestsTo('POST', '/api/gift-cards/7/send')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
  });

  it('starts with the given recipient and card', async () => {
    const api = mockApi(routes());
    const { user } = renderWithProviders(
      <Harness recipient={{ username: 'jordan', name: 'Jordan Lee' }} cardId={7} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    expect(await within(dialog).findByRole('radio', { name: /Starbucks/ })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Send to' })).toHaveTextContent(
      'Jordan Lee@jordan',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send Gift' }));

    expect(await findToast('Gift sent')).toHaveTextContent(
      'Your gift card has been sent to Jordan Lee',
    );
    expect(api.requestsTo('POST', '/api/gift-cards/7/send').map((r) => r.body)).toEqual([
      { recipientUsername: 'jordan' },
    ]);
  });

  it('sends a partly spent card on with what is left', async () => {
    const api = mockApi(routes());
    const { user } = renderWithProviders(
      <Harness recipient={{ username: 'jordan', name: 'Jordan Lee' }} cardId={8} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    expect(await within(dialog).findByRole('radio', { name: /Dunkin/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send Gift' }));

    expect(await findToast('Gift sent')).toHaveTextContent(
      'Your gift card has been sent to Jordan Lee',
    );
    expect(api.requestsTo('POST', '/api/gift-cards/8/send').map((r) => r.body)).toEqual([
      { recipientUsername: 'jordan' },
    ]);
  });

  it("keeps the dialog open with the server's message when sending fails", async () => {
    mockApi(
      routes({
        'POST /api/gift-cards/:id/send': jsonReply(410, {
          message: 'This gift card has expired',
        }),
      }),
    );
    const { user } = renderWithProviders(
      <Harness recipient={{ username: 'jordan', name: 'Jordan Lee' }} cardId={7} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    await within(dialog).findByRole('radio', { name: /Starbucks/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send Gift' }));

    expect(await findToast('Error')).toHaveTextContent('This gift card has expired');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This gift card has expired');
    expect(screen.getByRole('dialog', { name: 'Send Gift' })).toBeInTheDocument();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Gift' })).toBeEnabled();
  });

  it('says when there is no card to send, and points to the Marketplace', async () => {
    mockApi(
      routes({
        'GET /api/gift-cards/consumer/wallet': cardPage([
          card({ id: 8, value: 20, balance: 0, status: 'redeemed' }),
        ]),
      }),
    );
    const { user, currentPath } = renderWithProviders(<Harness />, { path: '/wallet' });

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    expect(await within(dialog).findByText('You have no gift cards to send.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();
    // Or a new card, bought here.
    await user.click(within(dialog).getByRole('button', { name: 'Buy a new card' }));
    expect(within(dialog).getByRole('tab', { name: 'A new card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'One of my cards' }));
    const link = await within(dialog).findByRole('link', {
      name: 'Find offers in the Marketplace',
    });
    expect(link).toHaveAttribute('href', '/marketplace');

    await user.click(link);
    expect(currentPath()).toBe('/marketplace');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failure to load the cards, and Try again asks again', async () => {
    let calls = 0;
    mockApi(
      routes({
        'GET /api/gift-cards/consumer/wallet': () => {
          calls += 1;
          return calls === 1
            ? jsonReply(500, { message: 'Something went wrong' })
            : cardPage(cards);
        },
      }),
    );
    const { user } = renderWithProviders(<Harness />);

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('radio', { name: /Starbucks/ })).toBeInTheDocument();
  });

  describe('a new card', () => {
    it('buys any brand for $5 to $500 for the chosen friend, paid in the same dialog', async () => {
      const api = mockApi(routes());
      const { user } = renderWithProviders(<Harness />);

      const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
      expect(within(dialog).getByRole('tab', { name: 'One of my cards' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await user.click(within(dialog).getByRole('tab', { name: 'A new card' }));
      const brands = within(dialog).getByRole('radiogroup', { name: 'Brand' });
      expect(
        within(brands)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual(['Starbucks', 'Dunkin', 'Walmart']);
      const amount = within(dialog).getByLabelText('Amount ($)');
      expect(amount).toHaveAttribute('min', '5');
      expect(amount).toHaveAttribute('max', '500');
      const next = within(dialog).getByRole('button', { name: 'Continue to payment' });
      expect(next).toBeDisabled();

      await user.click(within(brands).getByRole('radio', { name: 'Dunkin' }));
      await user.type(amount, '501');
      await chooseRecipient(user, dialog);
      await user.type(within(dialog).getByLabelText('Message (optional)'), 'Coffee on me');
      await user.click(next);
      expect(
        await within(dialog).findByText('Amount must be between $5 and $500'),
      ).toBeInTheDocument();

      await user.clear(amount);
      await user.type(amount, '30');
      await user.click(next);

      expect(
        await within(dialog).findByText('$30.00 Dunkin gift card for @jordan'),
      ).toBeInTheDocument();
      expect(await within(dialog).findByText('Test mode')).toBeInTheDocument();
      // The message was written with the gift: not asked again.
      expect(within(dialog).queryByLabelText('Message (optional)')).not.toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
      await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/99');
      await user.type(within(dialog).getByLabelText('CVC'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Pay $30.00' }));

      expect(await findToast('Gift sent')).toHaveTextContent(
        'Your gift card has been sent to Jordan Lee',
      );
      expect(api.requestsTo('POST', '/api/gift-cards/guest').map((r) => r.body)).toEqual([
        {
          recipientUsername: 'jordan',
          brand: 'dunkin',
          value: 30,
          senderEmail: 'casey@example.com',
          message: 'Coffee on me',
          paymentToken: 'tok_test_approved',
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("opens on a new card with a gift request's brand and amount filled in", async () => {
      mockApi(routes());
      renderWithProviders(
        <Harness
          recipient={{ username: 'jordan', name: 'Jordan Lee' }}
          wanted={{ brand: 'walmart', amount: 45 }}
        />,
      );

      const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
      expect(within(dialog).getByRole('tab', { name: 'A new card' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(within(dialog).getByRole('radio', { name: 'Walmart' })).toBeChecked();
      expect(within(dialog).getByLabelText('Amount ($)')).toHaveValue(45);
      expect(within(dialog).getByRole('group', { name: 'Send to' })).toHaveTextContent(
        'Jordan Lee@jordan',
      );
      expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
    });

    it('keeps the dialog open when the card is declined, and goes back to the gift', async () => {
      const api = mockApi(
        routes({
          'POST /api/gift-cards/guest': jsonReply(402, { message: 'Your card was declined' }),
        }),
      );
      const { user } = renderWithProviders(
        <Harness
          recipient={{ username: 'jordan', name: 'Jordan Lee' }}
          wanted={{ brand: 'starbucks', amount: 10 }}
        />,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
      await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
      await user.type(await within(dialog).findByLabelText('Card number'), '4000 0000 0000 0002');
      await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/99');
      await user.type(within(dialog).getByLabelText('CVC'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Pay $10.00' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Your card was declined');
      await waitFor(() => expect(alert).toHaveFocus());
      expect(screen.getByText('dialog open')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/gift-cards/guest')).toHaveLength(1);

      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(within(dialog).getByRole('radio', { name: 'Starbucks' })).toBeChecked();
      expect(within(dialog).getByLabelText('Amount ($)')).toHaveValue(10);
    });
  });
});
