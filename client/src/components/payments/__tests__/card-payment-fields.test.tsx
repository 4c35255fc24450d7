import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardDetailsSchema, PAYMENT_MESSAGES, type CardToken } from '@shared/schema/payments';
import { useTokenizeCard } from '@/api/payments/tokenize-card';
import { Form } from '@/components/ui/form';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CardPaymentFields, EMPTY_CARD, payLabel, showCardErrors } from '../card-payment-fields';

const schema = z.object({ card: cardDetailsSchema });

const token: CardToken = {
  token: 'tok_test_1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2099,
};

/** A payment form as a feature builds one: the fields, tokenising on submit. */
function PayForm() {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { card: EMPTY_CARD } });
  const tokenize = useTokenizeCard();
  const [paidWith, setPaidWith] = useState<string | null>(null);
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          try {
            const card = await tokenize.mutateAsync(values.card);
            setPaidWith(card.token);
          } catch (error) {
            showCardErrors(form.setError, 'card', error);
          }
        })}
      >
        <CardPaymentFields control={form.control} name="card" />
        <button type="submit">{payLabel(2550)}</button>
        {paidWith && <p>Paid with {paidWith}</p>}
      </form>
    </Form>
  );
}

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/payments/config': jsonReply(200, {
      mode: 'test',
      tokenizeUrl: '/api/test-payments/tokens',
    }),
    'POST /api/test-payments/tokens': jsonReply(201, token),
    ...overrides,
  };
}

describe('CardPaymentFields', () => {
  it('labels the card fields for autofill and numeric keyboards, and says test mode', async () => {
    mockApi(routes());
    renderWithProviders(<PayForm />);

    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $25.50' })).toBeInTheDocument();
  });

  it('shows no test-mode note in live mode', async () => {
    const api = mockApi(
      routes({ 'GET /api/payments/config': jsonReply(200, { mode: 'live', tokenizeUrl: '/x' }) }),
    );
    renderWithProviders(<PayForm />);
    await waitFor(() => expect(api.requestsTo('GET', '/api/payments/config')).toHaveLength(1));
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });

  it("shows the shared schema's messages beside each field and sends nothing", async () => {
    const api = mockApi(routes());
    const { user } = renderWithProviders(<PayForm />);

    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(screen.getByRole('button', { name: 'Pay $25.50' }));

    expect(await screen.findByText(PAYMENT_MESSAGES.invalidNumber)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.expiryInvalid)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.cvcInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', '/api/test-payments/tokens')).toHaveLength(0);
  });

  it("sends the card to the config's tokenisation endpoint and gets a token", async () => {
    const api = mockApi(routes());
    const { user } = renderWithProviders(<PayForm />);

    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/99');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $25.50' }));

    expect(await screen.findByText('Paid with tok_test_1')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/test-payments/tokens')[0]?.body).toEqual({
      number: '4242424242424242',
      expiry: '12/99',
      cvc: '123',
    });
  });

  it("puts the provider's refusal beside the card number", async () => {
    mockApi(
      routes({
        'POST /api/test-payments/tokens': jsonReply(400, {
          message: PAYMENT_MESSAGES.notATestCard,
          errors: { number: PAYMENT_MESSAGES.notATestCard },
        }),
      }),
    );
    const { user } = renderWithProviders(<PayForm />);

    await user.type(screen.getByLabelText('Card number'), '5105 1051 0510 5100');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/99');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $25.50' }));

    expect(await screen.findByText(PAYMENT_MESSAGES.notATestCard)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
  });
});
