import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type RedemptionLookup, type RedemptionResult } from '@shared/schema/gift-cards';
import { jsonReply, mockApi, type MockReply, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import type * as scannerModule from '../lib/start-qr-scanner';
import { ScanError, startQrScanner } from '../lib/start-qr-scanner';
import { RedeemPage } from '../pages/redeem-page';

// The camera is the device's: the tests play it.
vi.mock('../lib/start-qr-scanner', async (original) => ({
  ...(await original<typeof scannerModule>()),
  startQrScanner: vi.fn(),
}));
const scanner = vi.mocked(startQrScanner);

const lookup: RedemptionLookup = {
  code: 'K3QF-8ZT2',
  expiresAt: '2026-11-24T21:30:00.000Z',
  card: { brand: 'starbucks', balance: 10, expires: '2027-02-20T12:00:00.000Z', promotional: true },
  holderFirstName: 'Liam',
  stores: [
    { id: 7, name: 'Boylston & Mass Ave', street: '1126 Boylston St', city: 'Boston', state: 'MA' },
  ],
};

const result: RedemptionResult = {
  id: 91,
  amount: 4.25,
  balance: 5.75,
  brand: 'starbucks',
  promotional: true,
  holderFirstName: 'Liam',
  store: lookup.stores[0]!,
  createdAt: '2026-11-24T21:29:00.000Z',
};

function renderPage(routes: MockRoutes = {}, path = '/redeem') {
  const api = mockApi({
    'POST /api/redemptions/lookup': jsonReply(200, lookup),
    'POST /api/redemptions': jsonReply(201, result),
    ...routes,
  });
  return { ...renderWithProviders(<RedeemPage />, { path }), api };
}

beforeEach(() => {
  scanner.mockReset();
});

describe('Redeem a Gift Card', () => {
  it('typed code → the card → an amount → confirm → what was taken and what is left', async () => {
    const { user, api } = renderPage();
    expect(screen.getByRole('heading', { name: 'Redeem a Gift Card', level: 1 })).toBeVisible();

    await user.type(screen.getByLabelText('Card code'), 'k3qf 8zt2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));

    const card = await screen.findByRole('heading', { name: /Starbucks gift card/ });
    expect(api.requestsTo('POST', '/api/redemptions/lookup')[0]?.body).toEqual({
      code: 'K3QF8ZT2',
    });
    expect(within(card).getByText('Promotional')).toBeInTheDocument();
    expect(screen.getByText('Liam')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText('Feb 20, 2027')).toBeInTheDocument();
    // Its one store is chosen already.
    expect(screen.getByLabelText('Store')).toHaveDisplayValue(
      'Boylston & Mass Ave, 1126 Boylston St, Boston, MA',
    );

    await user.type(screen.getByLabelText('Amount ($)'), '4.25');
    await user.click(screen.getByRole('button', { name: 'Redeem $4.25' }));
    const confirm = await screen.findByRole('dialog', { name: 'Redeem this card?' });
    expect(confirm).toHaveTextContent(
      "Take $4.25 from Liam's Starbucks gift card. It keeps $5.75.",
    );
    expect(api.requestsTo('POST', '/api/redemptions')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Redeem $4.25' }));

    expect(await screen.findByRole('heading', { name: 'Card redeemed' })).toHaveFocus();
    expect(screen.getByText('$4.25')).toBeInTheDocument();
    expect(
      screen.getByText("Taken from Liam's Starbucks gift card at Boylston & Mass Ave, Boston."),
    ).toBeInTheDocument();
    expect(screen.getByText('$5.75')).toBeInTheDocument();
    const toast = await findToast('Card redeemed');
    expect(within(toast).getByText('$4.25 taken. Remaining balance $5.75.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/redemptions')[0]?.body).toEqual({
      code: 'K3QF8ZT2',
      amount: 4.25,
      storeId: 7,
    });
    expect(api.requestsTo('POST', '/api/redemptions')[0]?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f-]{36}$/,
    );

    await user.click(screen.getByRole('button', { name: 'Redeem Another Card' }));
    expect(screen.getByLabelText('Card code')).toHaveValue('');
  });

  it('refuses more than the balance, and a code that cannot be one, before asking the server', async () => {
    const { user, api } = renderPage();
    await user.type(screen.getByLabelText('Card code'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    expect(screen.getByLabelText('Card code')).toHaveAccessibleDescription(
      'Enter the 8-character code shown on the card, e.g. K3QF-8ZT2',
    );
    expect(api.requestsTo('POST', '/api/redemptions/lookup')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Card code'));
    await user.type(screen.getByLabelText('Card code'), 'K3QF-8ZT2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    await user.type(await screen.findByLabelText('Amount ($)'), '10.01');
    await user.click(screen.getByRole('button', { name: 'Redeem $10.01' }));
    expect(screen.getByLabelText('Amount ($)')).toHaveAccessibleDescription(
      "Up to $10.00 The amount is more than the card's balance",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says so when the code has expired, and when the business does not accept the card's brand", async () => {
    let answer: MockReply<'POST /api/redemptions/lookup'> = jsonReply(410, {
      message: 'This code has expired. Ask the customer to show the card again for a new code.',
    });
    const { user } = renderPage({ 'POST /api/redemptions/lookup': () => answer });
    await user.type(screen.getByLabelText('Card code'), 'K3QF-8ZT2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. Ask the customer to show the card again for a new code.',
    );

    answer = jsonReply(403, {
      message:
        'Your business does not accept Starbucks gift cards. Add Starbucks to the brands you accept in Settings to redeem them.',
      code: 'BRAND_NOT_ACCEPTED',
    });
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your business does not accept Starbucks gift cards.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Choose the brands you accept' })).toHaveAttribute(
      'href',
      '/settings#accepted-brands',
    );
  });

  it("shows why another business's promotional card is refused, without sending to Settings", async () => {
    const message =
      'This card is a promotion from Bean Street Coffee and can be used only at Bean Street Coffee.';
    const { user } = renderPage({ 'POST /api/redemptions/lookup': jsonReply(403, { message }) });
    await user.type(screen.getByLabelText('Card code'), 'K3QF-8ZT2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(
      screen.queryByRole('link', { name: 'Choose the brands you accept' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount ($)')).not.toBeInTheDocument();
  });

  it('shows the refusal when the spend itself is refused for a promotional card', async () => {
    const message =
      'This card is a promotion from Bean Street Coffee and can be used only at Bean Street Coffee.';
    const { user } = renderPage({ 'POST /api/redemptions': jsonReply(403, { message }) });
    await user.type(screen.getByLabelText('Card code'), 'K3QF-8ZT2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    await user.type(await screen.findByLabelText('Amount ($)'), '2');
    await user.click(screen.getByRole('button', { name: 'Redeem $2.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Redeem this card?' });
    await user.click(within(confirm).getByRole('button', { name: 'Redeem $2.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Card code')).toHaveValue('');
  });

  it('goes back to the code when it stopped working before the amount was taken', async () => {
    const { user } = renderPage({
      'POST /api/redemptions': jsonReply(410, {
        message:
          'This code has already been used. Ask the customer to show the card again for a new code.',
      }),
    });
    await user.type(screen.getByLabelText('Card code'), 'K3QF-8ZT2');
    await user.click(screen.getByRole('button', { name: 'Find Card' }));
    await user.type(await screen.findByLabelText('Amount ($)'), '2');
    await user.click(screen.getByRole('button', { name: 'Redeem $2.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Redeem this card?' });
    await user.click(within(confirm).getByRole('button', { name: 'Redeem $2.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has already been used. Ask the customer to show the card again for a new code.',
    );
    expect(screen.getByLabelText('Card code')).toHaveValue('');
  });

  it('scans the QR code with the camera and looks up the code it holds', async () => {
    const stop = vi.fn();
    scanner.mockImplementation(async (_video, onText) => {
      setTimeout(() => onText('https://markit.example.com/redeem?code=K3QF-8ZT2'), 0);
      return { stop };
    });
    const { user, api } = renderPage();
    expect(scanner).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Scan QR Code' }));
    expect(await screen.findByRole('heading', { name: /Starbucks gift card/ })).toBeVisible();
    expect(scanner).toHaveBeenCalledTimes(1);
    expect(api.requestsTo('POST', '/api/redemptions/lookup')[0]?.body).toEqual({
      code: 'K3QF8ZT2',
    });
    expect(stop).toHaveBeenCalled();
  });

  it('says what to do when the camera is refused or missing', async () => {
    scanner.mockRejectedValueOnce(new ScanError('denied'));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Scan QR Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Camera access was denied. Allow the camera for this site in your browser's settings, or type the code instead.",
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));

    scanner.mockRejectedValueOnce(new ScanError('no-camera'));
    await user.click(screen.getByRole('button', { name: 'Scan QR Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera is available on this device. Type the code instead.',
    );
    // Typing still works.
    expect(screen.getByLabelText('Card code')).toBeEnabled();
  });

  it('looks up the code of a link at once (the QR read by the phone’s own camera)', async () => {
    const { api } = renderPage({}, '/redeem?code=K3QF-8ZT2');
    expect(await screen.findByRole('heading', { name: /Starbucks gift card/ })).toBeVisible();
    expect(api.requestsTo('POST', '/api/redemptions/lookup')).toHaveLength(1);
  });
});
