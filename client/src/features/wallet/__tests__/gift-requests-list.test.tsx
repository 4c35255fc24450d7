import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { type GiftRequest, type WalletGiftCard } from '@shared/schema/gift-cards';
import { queryKeyOf } from '@/lib/query-client';
import { jsonReply, listReply, mockApi, type MockReply } from '@/testing/mock-api';
import { buildUser } from '@/testing/fixtures';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { GiftRequestsList } from '../components/gift-requests-list';

const HOUR_MS = 60 * 60 * 1000;

function giftRequest(overrides: Partial<GiftRequest> = {}): GiftRequest {
  return {
    id: 5,
    requester: { id: 2, name: 'Jordan Lee', username: 'jordan', profilePicture: null },
    brand: 'starbucks',
    amount: 25,
    message: 'Coffee on me next time',
    status: 'pending',
    created_at: new Date(Date.now() - 3 * HOUR_MS).toISOString(),
    ...overrides,
  };
}

function requestPage(items: GiftRequest[]): MockReply<'GET /api/gift-cards/requests'> {
  return listReply(items, { limit: 10 });
}

const noCards = listReply<WalletGiftCard>([], { limit: 100 });

describe('GiftRequestsList', () => {
  it('renders nothing when nobody asked for a gift', async () => {
    const api = mockApi({ 'GET /api/gift-cards/requests': requestPage([]) });
    const { queryClient } = renderWithProviders(<GiftRequestsList />);

    // Look only once the answer has landed.
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: queryKeyOf(giftCardsContracts.requests) })[0]?.state.status,
      ).toBe('success'),
    );
    expect(api.requestsTo('GET', '/api/gift-cards/requests')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Gift Requests' })).not.toBeInTheDocument();
    expect(screen.queryByText('Gift Requests')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists each request with who asked, what for, the message and how long ago', async () => {
    mockApi({
      'GET /api/gift-cards/requests': requestPage([
        giftRequest(),
        giftRequest({
          id: 6,
          requester: { id: 3, name: 'Sam Smith', username: 'sam', profilePicture: null },
          brand: null,
          amount: null,
          message: '',
          created_at: new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString(),
        }),
      ]),
    });
    renderWithProviders(<GiftRequestsList />);

    const section = await screen.findByRole('region', { name: 'Gift Requests' });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(first).toHaveTextContent('Jordan Lee@jordan');
    expect(first).toHaveTextContent('Asks for a $25.00 Starbucks gift card');
    expect(first).toHaveTextContent('“Coffee on me next time”');
    expect(first).toHaveTextContent('3 hours ago');
    expect(second).toHaveTextContent('Sam Smith@sam');
    expect(second).toHaveTextContent('Asks for a gift card');
    expect(second).toHaveTextContent('2 days ago');
    expect(
      within(first!).getByRole('button', { name: 'Send Gift to Jordan Lee' }),
    ).toHaveTextContent('Send Gift');
  });

  it('declines a request through the API and refreshes the list', async () => {
    let listed = [giftRequest()];
    const api = mockApi({
      'GET /api/gift-cards/requests': () => requestPage(listed),
      'POST /api/gift-cards/requests/:id/decline': () => {
        listed = [];
        return jsonReply(200, giftRequest({ status: 'declined' }));
      },
    });
    const { user } = renderWithProviders(<GiftRequestsList />);

    await user.click(
      await screen.findByRole('button', { name: 'Decline request from Jordan Lee' }),
    );

    await findToast('Request declined');
    expect(api.requestsTo('POST', '/api/gift-cards/requests/5/decline')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Gift Requests' })).not.toBeInTheDocument(),
    );
  });

  it('says when declining fails and keeps the request', async () => {
    mockApi({
      'GET /api/gift-cards/requests': requestPage([giftRequest()]),
      'POST /api/gift-cards/requests/:id/decline': jsonReply(409, {
        message: 'This gift request has already been answered',
      }),
    });
    const { user } = renderWithProviders(<GiftRequestsList />);

    await user.click(
      await screen.findByRole('button', { name: 'Decline request from Jordan Lee' }),
    );

    expect(await findToast('Error')).toHaveTextContent(
      'This gift request has already been answered',
    );
    expect(screen.getByRole('region', { name: 'Gift Requests' })).toHaveTextContent('Jordan Lee');
  });

  it('Send Gift opens the gift dialog addressed to the requester, on buying the card they asked for', async () => {
    mockApi({
      'GET /api/gift-cards/requests': requestPage([giftRequest()]),
      'GET /api/gift-cards/consumer/wallet': noCards,
      // The gift dialog asks who is signed in (the sender).
      'GET /api/user': jsonReply(200, buildUser()),
    });
    const { user } = renderWithProviders(<GiftRequestsList />);

    await user.click(await screen.findByRole('button', { name: 'Send Gift to Jordan Lee' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send Gift' });
    expect(within(dialog).getByRole('tab', { name: 'A new card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('radio', { name: 'Starbucks' })).toBeChecked();
    expect(within(dialog).getByLabelText('Amount ($)')).toHaveValue(25);
    expect(within(dialog).getByRole('group', { name: 'Send to' })).toHaveTextContent('Jordan Lee');

    await user.click(within(dialog).getByRole('tab', { name: 'One of my cards' }));
    expect(await within(dialog).findByText('You have no gift cards to send.')).toBeInTheDocument();
  });

  it('shows a failure to load with Try again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/gift-cards/requests': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : requestPage([giftRequest()]);
      },
    });
    const { user } = renderWithProviders(<GiftRequestsList />);

    const section = await screen.findByRole('region', { name: 'Gift Requests' });
    expect(section).toHaveTextContent('Failed to load gift requests. Please try again later.');
    await user.click(within(section).getByRole('button', { name: /Try again/ }));
    expect(await within(section).findByText('Jordan Lee')).toBeInTheDocument();
  });
});
