import { useMutation } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletContracts } from '@shared/contracts/wallet';
import { type FundsMovementResult } from '@shared/schema/ledger';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { call, errorMessage } from '@/lib/api-client';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { StepUpPrompt } from '../step-up-prompt';

const stepUp = jsonReply(403, {
  message: TWO_FACTOR_MESSAGES.stepUpRequired,
  code: 'STEP_UP_REQUIRED',
});

const withdrawal: FundsMovementResult = {
  transaction: {
    id: 't1',
    kind: 'withdraw',
    description: 'Withdrawal to bank account',
    type: 'sent',
    date: '2025-03-04T12:00:00.000Z',
    amount: 5,
    status: 'completed',
  },
  balance: 45,
};

/** A money action as any page has one: a mutation through the api client, nothing else. */
function Withdraw() {
  const withdraw = useMutation({
    mutationFn: () => call(walletContracts.withdraw, { body: { amount: 5 } }),
  });
  return (
    <div>
      <button type="button" onClick={() => withdraw.mutate()}>
        Withdraw now
      </button>
      {withdraw.isSuccess && <p>Balance {withdraw.data.balance}</p>}
      {withdraw.isError && <p>Failed: {errorMessage(withdraw.error, 'failed')}</p>}
    </div>
  );
}

/** The withdrawal is refused until confirm-identity succeeds, then goes through. */
function renderMoneyAction(routes: MockRoutes = {}) {
  let confirmed = false;
  const mocked = mockApi({
    'GET /api/user/two-factor': jsonReply(200, { enabled: true, recoveryCodesLeft: 10 }),
    'POST /api/user/confirm-identity': ({ body: proof }) => {
      if (proof.password === 'secret123' || proof.code === '123456') {
        confirmed = true;
        return jsonReply(200, { confirmedUntil: new Date().toISOString() });
      }
      return jsonReply(400, {
        message: 'Password is incorrect',
        errors: { password: 'Password is incorrect' },
      });
    },
    'POST /api/wallet/withdraw': () => (confirmed ? jsonReply(201, withdrawal) : stepUp),
    ...routes,
  });
  const rendered = renderWithProviders(
    <>
      <Withdraw />
      <StepUpPrompt />
    </>,
  );
  return { api: mocked, ...rendered };
}

describe('StepUpPrompt', () => {
  it("asks 'Confirm it's you' and sends the refused request again once confirmed", async () => {
    const { api: mocked, user } = renderMoneyAction();
    await user.click(screen.getByRole('button', { name: 'Withdraw now' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(mocked.requestsTo('POST', '/api/wallet/withdraw')).toHaveLength(1);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Balance 45')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = mocked.requestsTo('POST', '/api/wallet/withdraw');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ amount: 5 });
  });

  it('takes an authentication code when two-factor is on', async () => {
    const { api: mocked, user } = renderMoneyAction();
    await user.click(screen.getByRole('button', { name: 'Withdraw now' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });

    await user.click(
      await within(dialog).findByRole('button', { name: 'Use an authentication code instead' }),
    );
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Balance 45')).toBeInTheDocument();
    expect(mocked.requestsTo('POST', '/api/user/confirm-identity')[0]?.body).toEqual({
      code: '123456',
    });
  });

  it("offers the password only when two-factor is off, and Cancel leaves the server's refusal", async () => {
    const { api: mocked, user } = renderMoneyAction({
      'GET /api/user/two-factor': jsonReply(200, { enabled: false, recoveryCodesLeft: 0 }),
    });
    await user.click(screen.getByRole('button', { name: 'Withdraw now' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Use an authentication code instead' }),
    ).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(`Failed: ${TWO_FACTOR_MESSAGES.stepUpRequired}`),
    ).toBeInTheDocument();
    expect(mocked.requestsTo('POST', '/api/wallet/withdraw')).toHaveLength(1);
  });
});
