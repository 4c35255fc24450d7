import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type GiftRequest, type UserSearchResult } from '@shared/schema/gift-cards';
import { brandsFixture } from '@/testing/fixtures';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { RequestGiftDialog } from '../components/request-gift-dialog';

const jordan: UserSearchResult = {
  id: 2,
  name: 'Jordan Lee',
  username: 'jordan',
  profilePicture: null,
  verified: false,
  type: 'consumer',
  friendshipStatus: 'none',
};

const created: GiftRequest = {
  id: 5,
  requester: { id: 1, name: 'Casey Consumer', username: 'casey', profilePicture: null },
  brand: null,
  amount: null,
  message: '',
  status: 'pending',
  created_at: '2025-03-04T12:00:00.000Z',
};

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/users/search': jsonReply(200, [jordan]),
    'POST /api/gift-cards/request': jsonReply(201, created),
    ...overrides,
  };
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <RequestGiftDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function openWithRecipient() {
  const rendered = renderWithProviders(<Harness />);
  const dialog = await screen.findByRole('dialog', { name: 'Request Gift' });
  await rendered.user.type(within(dialog).getByRole('combobox', { name: 'Ask' }), 'jor');
  await rendered.user.click(
    await within(dialog).findByRole('option', { name: /Jordan Lee/ }, { timeout: 2000 }),
  );
  return { ...rendered, dialog };
}

describe('RequestGiftDialog', () => {
  it('says when the brands cannot be loaded, and Try again loads them', async () => {
    let fail = true;
    mockApi(
      routes({
        'GET /api/brands': () =>
          fail
            ? jsonReply(500, { message: 'Something went wrong' })
            : jsonReply(200, brandsFixture),
      }),
    );
    const { user } = renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Request Gift' });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to load brands. Any brand can still be asked for.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(
      within(dialog).getByRole('combobox', { name: 'Brand (optional)' }).querySelectorAll('option')
        .length,
    ).toBe(brandsFixture.length + 1);
  });

  it('offers Any brand and the brands by their display names', async () => {
    mockApi(routes());
    renderWithProviders(<Harness />);

    const dialog = await screen.findByRole('dialog', { name: 'Request Gift' });
    const select = within(dialog).getByRole('combobox', { name: 'Brand (optional)' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any brand', 'Starbucks', 'Dunkin', 'Walmart']);
    expect(select).toHaveValue('');
    expect(within(dialog).getByText('Enter an amount between $5 and $500')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Request' })).toBeDisabled();
  });

  it('sends who to ask, the brand, the amount in dollars and the message', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openWithRecipient();

    const select = within(dialog).getByRole('combobox', { name: 'Brand (optional)' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Dunkin');
    await user.type(within(dialog).getByLabelText('Amount ($, optional)'), '25.50');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Coffee?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Request sent')).toHaveTextContent(
      'We asked Jordan Lee for a gift card',
    );
    expect(api.requestsTo('POST', '/api/gift-cards/request').map((r) => r.body)).toEqual([
      { username: 'jordan', brand: 'dunkin', amount: 25.5, message: 'Coffee?' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
  });

  it('sends only the username when the rest is left open', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openWithRecipient();

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    await findToast('Request sent');
    expect(api.requestsTo('POST', '/api/gift-cards/request').map((r) => r.body)).toEqual([
      { username: 'jordan' },
    ]);
  });

  it('refuses an amount outside $5 to $500 and sends nothing', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openWithRecipient();

    const amount = within(dialog).getByLabelText('Amount ($, optional)');
    await user.type(amount, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(
      await within(dialog).findByText('Amount must be between $5 and $500'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '4.99');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(
      await within(dialog).findByText('Amount must be between $5 and $500'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/gift-cards/request')).toHaveLength(0);
  });

  it("keeps the dialog open with the server's message when the request fails", async () => {
    mockApi(
      routes({
        'POST /api/gift-cards/request': jsonReply(400, {
          message: 'Gifts can only be requested from consumers',
        }),
      }),
    );
    const { user, dialog } = await openWithRecipient();

    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Error')).toHaveTextContent(
      'Gifts can only be requested from consumers',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Gifts can only be requested from consumers',
    );
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });
});
