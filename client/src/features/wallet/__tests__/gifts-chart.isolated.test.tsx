import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type GiftsChartMonth } from '@shared/schema/charts';
import { type SeriesChartProps } from '@/components/charts/chart-types';
import { jsonReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, mockBusinessApi, mockConsumerApi } from './wallet-fixtures';

// recharts needs a laid-out page; the fake lists what it was asked to draw.
vi.mock('@/components/charts/series-chart', () => ({
  SeriesChart: ({ data, categoryKey, series }: SeriesChartProps) => (
    <ul data-testid="chart">
      {data.map((datum) => (
        <li key={String(datum[categoryKey])}>
          {String(datum[categoryKey])}:
          {series.map((one) => `${one.name}=${datum[one.key]}`).join(',')}
        </li>
      ))}
    </ul>
  ),
}));

/** The 12 UTC months to November 2026, quiet but for the given ones. */
function months(busy: Record<string, Partial<GiftsChartMonth>> = {}): GiftsChartMonth[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = new Date(Date.UTC(2025, 11 + index, 1)).toISOString().slice(0, 7);
    return { month, sent: 0, received: 0, ...busy[month] };
  });
}

const GIFTS = 'GET /api/wallet/charts/gifts';

async function giftsCard() {
  renderWithProviders(<WalletPage />);
  return screen.findByRole('region', { name: 'Gifts by month' });
}

describe('Gifts by month (consumer wallet)', () => {
  it('shows the gifts sent and received per month, every month of the API in the table', async () => {
    mockConsumerApi({
      [GIFTS]: jsonReply(
        200,
        months({ '2025-12': { sent: 2 }, '2026-11': { sent: 1, received: 3 } }),
      ),
    });
    const region = await giftsCard();
    expect(
      await within(region).findByText(
        'You sent 3 gifts and received 3 gifts in the last 12 months.',
      ),
    ).toBeInTheDocument();
    const rows = within(within(region).getByRole('table', { name: 'Gifts by month' }))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toHaveLength(13);
    expect(rows[0]).toBe('MonthSentReceived');
    expect(rows[1]).toBe('December 2025' + '20');
    expect(rows[2]).toBe('January 2026' + '00');
    expect(rows[12]).toBe('November 2026' + '13');
    const drawn = await within(region).findByTestId('chart');
    expect(within(drawn).getAllByRole('listitem', { hidden: true })).toHaveLength(12);
    expect(within(drawn).getAllByRole('listitem', { hidden: true })[11]).toHaveTextContent(
      '2026-11:Sent=1,Received=3',
    );
  });

  it('says what will appear before any gift', async () => {
    mockConsumerApi({ [GIFTS]: jsonReply(200, months()) });
    const region = await giftsCard();
    expect(
      await within(region).findByText(
        'Gifts you send and receive will appear here, month by month.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockConsumerApi({
      [GIFTS]: () =>
        fail
          ? jsonReply(500, { message: 'Nope' })
          : jsonReply(200, months({ '2026-11': { received: 1 } })),
    });
    const region = await giftsCard();
    expect(
      await within(region).findByText('Failed to load this chart. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await screen
      .findByRole('button', { name: 'Try again: Gifts by month' })
      .then((button) => button.click());
    expect(
      await within(region).findByText(
        'You sent 0 gifts and received 1 gift in the last 12 months.',
      ),
    ).toBeInTheDocument();
  });

  it('is not on a business wallet, which never asks for it', async () => {
    const api = mockBusinessApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    renderWithProviders(<WalletPage />);
    expect(await screen.findByRole('region', { name: 'Current Balance' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gifts by month' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/wallet/charts/gifts')).toHaveLength(0);
  });
});
