import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type GuestGiftResult } from '@shared/schema/gift-cards';
import { getUserQueryOptions } from '@/api/get-user';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { GuestGiftDialog, type GuestGiftRecipient } from '../components/guest-gift-dialog';

const jordan: GuestGiftRecipient = {
  username: 'jordan_lee',
  brands: ['starbucks', 'dunkin', 'walmart'],
};

const issued: GuestGiftResult = {
  id: 41,
  brand: 'dunkin',
  value: 25.5,
  recipientName: 'Jordan Lee',
};

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    // Signed out unless a test says otherwise.
    'GET /api/user': jsonReply(401, { message: 'Not signed in' }),
    'POST /api/gift-cards/guest': jsonReply(201, issued),
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
    ...overrides,
  };
}

/** The profile page's part: a button that opens the dialog, which it then controls. */
function Harness({ recipient = jordan }: { recipient?: GuestGiftRecipient }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Send a Gift
      </button>
      <GuestGiftDialog open={open} onOpenChange={setOpen} recipient={recipient} />
    </>
  );
}

async function openDialog(recipient: GuestGiftRecipient = jordan) {
  const rendered = renderWithProviders(<Harness recipient={recipient} />);
  const title = `Send a Gift Card to ${recipient.username}`;
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...rendered, dialog };
}

function fields(dialog: HTMLElement) {
  return {
    amount: within(dialog).getByLabelText('Amount ($)'),
    email: within(dialog).getByLabelText('Your Email'),
    submit: within(dialog).getByRole('button', { name: /^(Send Gift Card|Sending\.\.\.)$/ }),
  };
}

type User = ReturnType<typeof renderWithProviders>['user'];

/** The gift's first step, filled in: a brand, an amount and the guest's e-mail. */
async function fillGift(
  user: User,
  dialog: HTMLElement,
  { brand = 'Starbucks', amount = '10' }: { brand?: string; amount?: string } = {},
) {
  const { amount: amountField, email } = fields(dialog);
  await user.click(within(dialog).getByRole('button', { name: brand }));
  await user.type(amountField, amount);
  await user.type(email, 'guest@example.com');
}

/** The payment step: the card typed in, then 'Pay $X.XX'. */
async function payWithCard(
  user: User,
  dialog: HTMLElement,
  payLabel: string,
  number = '4242 4242 4242 4242',
) {
  await user.type(await within(dialog).findByLabelText('Card number'), number);
  await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/99');
  await user.type(within(dialog).getByLabelText('CVC'), '123');
  await user.click(within(dialog).getByRole('button', { name: payLabel }));
}

type Api = ReturnType<typeof mockApi>;

function guestPosts(api: Api) {
  return api.requestsTo('POST', '/api/gift-cards/guest');
}

function idempotencyKeys(api: Api) {
  return guestPosts(api).map((request) => request.headers.get('Idempotency-Key'));
}

describe('GuestGiftDialog', () => {
  it("is titled with the recipient's username and lists their brands by display name", async () => {
    mockApi(routes());
    const { dialog } = await openDialog({ ...jordan, brands: ['starbucks', 'dunkin', 'target'] });

    expect(
      within(dialog).getByRole('heading', { name: 'Send a Gift Card to jordan_lee' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveClass('sm:max-w-[425px]');
    const brands = within(dialog).getByRole('group', { name: 'Brand' });
    const buttons = within(brands).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Starbucks', 'Dunkin', 'target']);
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByText('Enter an amount between $5 and $500')).toBeInTheDocument();

    const { amount, email, submit } = fields(dialog);
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '5');
    expect(amount).toHaveAttribute('max', '500');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveValue(null);
    expect(email).toHaveValue('');
    expect(submit).toHaveTextContent('Send Gift Card');
    expect(within(dialog).queryByText(/Sending as/)).not.toBeInTheDocument();
  });

  it('highlights the one chosen brand', async () => {
    mockApi(routes());
    const { user, dialog } = await openDialog();

    const starbucks = within(dialog).getByRole('button', { name: 'Starbucks' });
    const dunkin = within(dialog).getByRole('button', { name: 'Dunkin' });
    await user.click(starbucks);
    expect(starbucks).toHaveAttribute('aria-pressed', 'true');
    expect(dunkin).toHaveAttribute('aria-pressed', 'false');

    await user.click(dunkin);
    expect(dunkin).toHaveAttribute('aria-pressed', 'true');
    expect(starbucks).toHaveAttribute('aria-pressed', 'false');

    // Choosing it again keeps it chosen.
    await user.click(dunkin);
    expect(dunkin).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when the recipient has no brand preferences, and cannot be sent', async () => {
    mockApi(routes());
    const { user, dialog } = await openDialog({ ...jordan, brands: [] });

    expect(
      within(dialog).getByText("This user hasn't set their brand preferences yet."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Brand' })).not.toBeInTheDocument();
    // No promise of a card that cannot be sent.
    expect(within(dialog).queryByText(/goes straight to/)).not.toBeInTheDocument();

    const { amount, email, submit } = fields(dialog);
    await user.type(amount, '20');
    await user.type(email, 'guest@example.com');
    expect(submit).toBeDisabled();
  });

  it('keeps Send Gift Card disabled until a brand, an amount and an e-mail are given', async () => {
    mockApi(routes());
    const { user, dialog } = await openDialog();
    const { amount, email, submit } = fields(dialog);

    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Walmart' }));
    expect(submit).toBeDisabled();
    await user.type(amount, '20');
    expect(submit).toBeDisabled();
    await user.type(email, 'guest@example.com');
    expect(submit).toBeEnabled();

    await user.clear(amount);
    expect(submit).toBeDisabled();
  });

  it.each(['4.99', '500.01'])(
    'refuses %s with the amount rule and sends nothing',
    async (typed) => {
      const api = mockApi(routes());
      const { user, dialog } = await openDialog();
      const { amount, email, submit } = fields(dialog);

      await user.click(within(dialog).getByRole('button', { name: 'Starbucks' }));
      await user.type(amount, typed);
      await user.type(email, 'guest@example.com');
      await user.click(submit);

      expect(await findToast('Error')).toHaveTextContent('Amount must be between $5 and $500');
      expect(within(dialog).getByText('Amount must be between $5 and $500')).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(guestPosts(api)).toHaveLength(0);
      expect(screen.getByText('dialog open')).toBeInTheDocument();

      // Correcting the amount clears the complaint.
      await user.clear(amount);
      await user.type(amount, '5');
      expect(amount).not.toHaveAttribute('aria-invalid');
    },
  );

  it('refuses more than two decimals and an invalid e-mail with the schema messages', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openDialog();
    const { amount, email, submit } = fields(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Starbucks' }));
    await user.type(amount, '10');
    await user.type(email, 'not-an-email');
    await user.click(submit);

    expect(await findToast('Error')).toHaveTextContent('Valid email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'guest@example.com');
    await user.clear(amount);
    await user.type(amount, '5.001');
    await user.click(submit);

    await waitFor(() =>
      expect(within(dialog).getByText('Amount can have at most two decimals')).toBeInTheDocument(),
    );
    expect(guestPosts(api)).toHaveLength(0);
  });

  it('asks for the payment in the same dialog, with Test mode and the amount to pay', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog, { brand: 'Dunkin', amount: '25.5' });
    await user.click(fields(dialog).submit);

    const pay = await within(dialog).findByRole('button', { name: 'Pay $25.50' });
    expect(
      within(dialog).getByRole('heading', { name: 'Send a Gift Card to jordan_lee' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('$25.50 Dunkin gift card for @jordan_lee')).toBeInTheDocument();
    expect(await within(dialog).findByText('Test mode')).toBeInTheDocument();
    expect(within(dialog).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Card number')).toHaveFocus();
    expect(pay).toBeEnabled();
    // Nothing is sent before the payment.
    expect(guestPosts(api)).toHaveLength(0);

    // Back to the gift as it was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Dunkin' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fields(dialog).amount).toHaveValue(25.5);
    expect(fields(dialog).email).toHaveValue('guest@example.com');
  });

  it('checks the card beside its fields and sends nothing until it is valid', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $10.00' }));

    expect(await within(dialog).findByText('Card number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/test-payments/tokens')).toHaveLength(0);
    expect(guestPosts(api)).toHaveLength(0);
  });

  it('pays with a card token (never the number), says so, closes and starts empty next time', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog, { brand: 'Dunkin', amount: '25.50' });
    await user.click(fields(dialog).submit);
    await user.type(await within(dialog).findByLabelText('Message (optional)'), 'Happy birthday!');
    await payWithCard(user, dialog, 'Pay $25.50');

    const success = await findToast('Success!');
    expect(
      within(success).getByText('Your gift card has been sent to jordan_lee'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/test-payments/tokens').map((r) => r.body)).toEqual([
      { number: '4242424242424242', expiry: '12/99', cvc: '123' },
    ]);
    expect(guestPosts(api).map((request) => request.body)).toEqual([
      {
        recipientUsername: 'jordan_lee',
        brand: 'dunkin',
        value: 25.5,
        senderEmail: 'guest@example.com',
        message: 'Happy birthday!',
        paymentToken: 'tok_test_approved',
      },
    ]);
    const [key] = idempotencyKeys(api);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('dialog closed')).toBeInTheDocument();

    // Opened again: everything is empty, and the same gift again is a new submission.
    await user.click(screen.getByRole('button', { name: 'Send a Gift' }));
    const reopened = await screen.findByRole('dialog', { name: 'Send a Gift Card to jordan_lee' });
    const again = fields(reopened);
    expect(again.amount).toHaveValue(null);
    expect(again.email).toHaveValue('');
    expect(within(reopened).queryAllByRole('button', { pressed: true })).toHaveLength(0);

    await fillGift(user, reopened, { brand: 'Dunkin', amount: '25.50' });
    await user.click(again.submit);
    await payWithCard(user, reopened, 'Pay $25.50');
    await waitFor(() => expect(guestPosts(api)).toHaveLength(2));
    const keys = idempotencyKeys(api);
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows Paying... and stays disabled while the payment is on its way', async () => {
    mockApi(routes({ 'POST /api/gift-cards/guest': pending }));
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $10.00');

    expect(await within(dialog).findByRole('button', { name: 'Paying...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it("keeps the dialog open on a declined card, with 'Your card was declined' in an alert that takes the focus", async () => {
    let calls = 0;
    const api = mockApi(
      routes({
        'POST /api/gift-cards/guest': () => {
          calls += 1;
          return calls === 1
            ? jsonReply(402, { message: 'Your card was declined' })
            : jsonReply(201, issued);
        },
      }),
    );
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog, { brand: 'Walmart', amount: '40' });
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $40.00');

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(await findToast('Error')).toHaveTextContent('Your card was declined');
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();

    // Another try is another payment: a new key, so the processor does not answer the decline.
    await user.click(within(dialog).getByRole('button', { name: 'Pay $40.00' }));
    expect(await findToast('Success!')).toHaveTextContent(
      'Your gift card has been sent to jordan_lee',
    );
    const keys = idempotencyKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('retries an answer that never came with the same key, so the card is charged once', async () => {
    let calls = 0;
    const api = mockApi(
      routes({
        'POST /api/gift-cards/guest': () => {
          calls += 1;
          return calls === 1
            ? jsonReply(503, { message: 'Service unavailable' })
            : jsonReply(201, issued);
        },
      }),
    );
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $10.00');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service unavailable');

    await user.click(within(dialog).getByRole('button', { name: 'Pay $10.00' }));
    await findToast('Success!');
    const keys = idempotencyKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("puts the provider's refusal of the card beside its number, and sends no gift", async () => {
    const api = mockApi(
      routes({
        'POST /api/test-payments/tokens': jsonReply(400, {
          message: 'Test mode: use the test card 4242 4242 4242 4242',
          errors: { number: 'Test mode: use the test card 4242 4242 4242 4242' },
        }),
      }),
    );
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $10.00', '5105 1051 0510 5100');

    expect(
      await within(dialog).findByText('Test mode: use the test card 4242 4242 4242 4242'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(guestPosts(api)).toHaveLength(0);
  });

  it("shows the rate limit's message", async () => {
    mockApi(
      routes({
        'POST /api/gift-cards/guest': jsonReply(429, {
          message: 'Too many gift cards sent. Please try again later.',
        }),
      }),
    );
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $10.00');

    expect(await findToast('Error')).toHaveTextContent(
      'Too many gift cards sent. Please try again later.',
    );
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it("says 'Failed to send gift card' when the server gives no message", async () => {
    mockApi(routes({ 'POST /api/gift-cards/guest': jsonReply(400) }));
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await payWithCard(user, dialog, 'Pay $10.00');

    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to send gift card')).toBeInTheDocument();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it("fills in a signed-in consumer's e-mail and sends as them", async () => {
    const api = mockApi(
      routes({
        'GET /api/user': jsonReply(
          200,
          buildUser({ name: 'Casey Consumer', email: 'casey@example.com' }),
        ),
      }),
    );
    const { user, dialog } = await openDialog();
    const { amount, email, submit } = fields(dialog);

    await waitFor(() => expect(email).toHaveValue('casey@example.com'));
    expect(within(dialog).getByText('Sending as Casey Consumer')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Starbucks' }));
    await user.type(amount, '15');
    await user.click(submit);
    await payWithCard(user, dialog, 'Pay $15.00');

    await findToast('Success!');
    expect(guestPosts(api).map((request) => request.body)).toEqual([
      {
        recipientUsername: 'jordan_lee',
        brand: 'starbucks',
        value: 15,
        senderEmail: 'casey@example.com',
        message: '',
        paymentToken: 'tok_test_approved',
      },
    ]);
  });

  it("offers a signed-in consumer's saved cards, the default chosen, and pays with one", async () => {
    const api = mockApi(
      routes({
        'GET /api/user': jsonReply(200, buildUser({ email: 'casey@example.com' })),
        'GET /api/payments/cards': jsonReply(200, [
          { id: 3, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true },
          {
            id: 4,
            brand: 'mastercard',
            last4: '4444',
            expMonth: 1,
            expYear: 2020,
            isDefault: false,
          },
        ]),
      }),
    );
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(fields(dialog).email).toHaveValue('casey@example.com'));
    await user.click(within(dialog).getByRole('button', { name: 'Starbucks' }));
    await user.type(fields(dialog).amount, '30');
    await user.click(fields(dialog).submit);

    const payWith = await within(dialog).findByRole('radiogroup', { name: 'Pay with' });
    expect(within(payWith).getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    // An expired card is shown, and cannot pay.
    expect(within(payWith).getByRole('radio', { name: /Mastercard ending 4444/ })).toBeDisabled();
    expect(within(payWith).getByText(/Expired/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $30.00' }));

    await findToast('Success!');
    expect(api.requestsTo('POST', '/api/test-payments/tokens')).toHaveLength(0);
    expect(guestPosts(api).map((request) => request.body)).toEqual([
      {
        recipientUsername: 'jordan_lee',
        brand: 'starbucks',
        value: 30,
        senderEmail: 'casey@example.com',
        message: '',
        paymentMethodId: 3,
      },
    ]);

    // A new card instead shows its fields.
    await user.click(screen.getByRole('button', { name: 'Send a Gift' }));
    const reopened = await screen.findByRole('dialog', { name: 'Send a Gift Card to jordan_lee' });
    await user.click(within(reopened).getByRole('button', { name: 'Starbucks' }));
    await user.type(fields(reopened).amount, '30');
    await user.click(fields(reopened).submit);
    await user.click(await within(reopened).findByRole('radio', { name: 'A new card' }));
    expect(within(reopened).getByLabelText('Card number')).toBeInTheDocument();
  });

  it('asks a guest for no saved cards', async () => {
    const api = mockApi(routes());
    const { user, dialog } = await openDialog();
    await fillGift(user, dialog);
    await user.click(fields(dialog).submit);
    await within(dialog).findByLabelText('Card number');
    expect(within(dialog).queryByRole('radiogroup', { name: 'Pay with' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/payments/cards')).toHaveLength(0);
  });

  it('does not fill in the e-mail of a signed-in business', async () => {
    mockApi(
      routes({
        'GET /api/user': jsonReply(200, buildUser({ type: 'business', email: 'shop@example.com' })),
      }),
    );
    const { dialog, queryClient } = await openDialog();

    // The session has answered, and still nothing is filled in.
    await waitFor(() =>
      expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toBeTruthy(),
    );
    expect(within(dialog).getByLabelText('Your Email')).toHaveValue('');
    expect(within(dialog).queryByText(/Sending as/)).not.toBeInTheDocument();
  });
});
