import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ActivityChartDay, type TopStore, type ValueChart } from '@shared/schema/charts';
import { type SeriesChartProps } from '@/components/charts/chart-types';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { PerformanceSection } from '../components/charts/performance-section';

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

/** 30 UTC days ending 2026-11-25, quiet but for the given ones. */
function activity(busy: Record<string, Partial<ActivityChartDay>> = {}): ActivityChartDay[] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 27 + index)).toISOString().slice(0, 10);
    return { date, claims: 0, redemptions: 0, ...busy[date] };
  });
}

const value: ValueChart = { issued: 120, redeemed: 35.5, outstanding: 64.5, returned: 20 };
const stores: TopStore[] = [
  { locationId: 7, locationName: 'Boylston & Mass Ave', city: 'Boston', state: 'MA', claims: 9 },
  { locationId: 3, locationName: 'Harvard Square', city: 'Cambridge', state: 'MA', claims: 4 },
];

function chartRoutes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/business/charts/activity': jsonReply(
      200,
      activity({
        '2026-11-24': { claims: 5, redemptions: 2 },
        '2026-11-25': { claims: 7, redemptions: 1 },
      }),
    ),
    'GET /api/business/charts/value': jsonReply(200, value),
    'GET /api/business/charts/top-stores': jsonReply(200, stores),
    ...overrides,
  };
}

const card = (name: string) => screen.findByRole('region', { name });
const tableRows = (region: HTMLElement) =>
  within(within(region).getByRole('table'))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('PerformanceSection', () => {
  it('shows claims and redemptions per day, with every day of the API in the table', async () => {
    mockApi(chartRoutes());
    renderWithProviders(<PerformanceSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Performance' })).toBeInTheDocument();

    const region = await card('Claims and redemptions');
    expect(
      await within(region).findByText('12 claims and 3 redemptions in the last 30 days.'),
    ).toBeInTheDocument();
    const rows = tableRows(region);
    expect(rows).toHaveLength(31);
    expect(rows[0]).toBe('DayClaimsRedemptions');
    expect(rows[1]).toBe('Tue, Oct 27, 2026' + '00');
    expect(rows.at(-2)).toBe('Tue, Nov 24, 2026' + '52');
    expect(rows.at(-1)).toBe('Wed, Nov 25, 2026' + '71');
    const drawn = await within(region).findByTestId('chart');
    expect(within(drawn).getAllByRole('listitem', { hidden: true }).at(-1)).toHaveTextContent(
      '2026-11-25:Claims=7,Redemptions=1',
    );
  });

  it('shows the value issued, redeemed, outstanding and returned, in dollars', async () => {
    mockApi(chartRoutes());
    renderWithProviders(<PerformanceSection />);
    const region = await card('Value of claimed cards');
    expect(
      await within(region).findByText(
        '$120.00 issued: $35.50 redeemed, $64.50 outstanding, $20.00 returned.',
      ),
    ).toBeInTheDocument();
    expect(tableRows(region)).toEqual([
      'ValueAmount',
      'Issued$120.00',
      'Redeemed$35.50',
      'Outstanding$64.50',
      'Returned$20.00',
    ]);
  });

  it('shows the top stores by claims, most first', async () => {
    mockApi(chartRoutes());
    renderWithProviders(<PerformanceSection />);
    const region = await card('Top stores by claims');
    expect(
      await within(region).findByText('Boylston & Mass Ave in Boston, MA leads with 9 claims.'),
    ).toBeInTheDocument();
    expect(tableRows(region)).toEqual([
      'StoreCityClaims',
      'Boylston & Mass AveBoston, MA9',
      'Harvard SquareCambridge, MA4',
    ]);
  });

  it('says what will appear before anyone has claimed a pin', async () => {
    mockApi(
      chartRoutes({
        'GET /api/business/charts/activity': jsonReply(200, activity()),
        'GET /api/business/charts/value': jsonReply(200, {
          issued: 0,
          redeemed: 0,
          outstanding: 0,
          returned: 0,
        }),
        'GET /api/business/charts/top-stores': jsonReply(200, []),
      }),
    );
    renderWithProviders(<PerformanceSection />);
    expect(
      await screen.findByText(
        'Claims and redemptions will appear here once customers claim your pins.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The value of your claimed cards will appear here once customers claim your pins.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your busiest stores will appear here once customers claim your pins.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });

  it('shows skeletons while the charts load', async () => {
    mockApi(
      chartRoutes({
        'GET /api/business/charts/activity': pending,
        'GET /api/business/charts/value': pending,
        'GET /api/business/charts/top-stores': pending,
      }),
    );
    renderWithProviders(<PerformanceSection />);
    expect(
      await screen.findByRole('status', { name: 'Loading Claims and redemptions' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Loading Value of claimed cards' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Loading Top stores by claims' }),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the chart again', async () => {
    let fail = true;
    const api = mockApi(
      chartRoutes({
        'GET /api/business/charts/top-stores': () =>
          fail ? jsonReply(500, { message: 'Something went wrong' }) : jsonReply(200, stores),
      }),
    );
    const { user } = renderWithProviders(<PerformanceSection />);
    const region = await card('Top stores by claims');
    expect(
      await within(region).findByText('Failed to load this chart. Please try again.'),
    ).toBeInTheDocument();
    // The other charts are not held up by the one that failed.
    expect(
      await screen.findByText('12 claims and 3 redemptions in the last 30 days.'),
    ).toBeInTheDocument();

    fail = false;
    await user.click(
      within(region).getByRole('button', { name: 'Try again: Top stores by claims' }),
    );
    expect(
      await within(region).findByText('Boylston & Mass Ave in Boston, MA leads with 9 claims.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/business/charts/top-stores')).toHaveLength(2);
  });
});
