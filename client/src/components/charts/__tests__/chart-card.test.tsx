import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ChartCard, type ChartQuery } from '../chart-card';

const ready: ChartQuery = { isPending: false, isError: false, isFetching: false, refetch: vi.fn() };
const table = {
  columns: ['Day', 'Claims'],
  rows: [
    { key: 'a', cells: ['Mon', 2] },
    { key: 'b', cells: ['Tue', 0] },
  ],
};

function renderCard(query: ChartQuery, isEmpty = false) {
  return renderWithProviders(
    <ChartCard
      title="Claims"
      query={query}
      isEmpty={isEmpty}
      emptyText="Claims will appear here."
      summary="2 claims this week."
      table={table}
    >
      <div data-testid="drawing" />
    </ChartCard>,
  );
}

describe('ChartCard', () => {
  it('shows the heading, the summary, the drawing and the data as a table', async () => {
    renderCard(ready);
    const card = screen.getByRole('region', { name: 'Claims' });
    expect(within(card).getByRole('heading', { name: 'Claims' })).toBeInTheDocument();
    expect(within(card).getByText('2 claims this week.')).toBeInTheDocument();
    expect(await within(card).findByTestId('drawing')).toBeInTheDocument();
    await userEvent.click(within(card).getByText('Show as table'));
    const rows = within(within(card).getByRole('table', { name: 'Claims' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayClaims', 'Mon2', 'Tue0']);
  });

  it('says what will appear when there is nothing to draw', () => {
    renderCard(ready, true);
    expect(screen.getByText('Claims will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawing')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    renderCard({ ...ready, isPending: true });
    expect(screen.getByRole('status', { name: 'Loading Claims' })).toBeInTheDocument();
    expect(screen.queryByText('2 claims this week.')).not.toBeInTheDocument();
  });

  it('offers a retry when the data failed to load', async () => {
    const refetch = vi.fn();
    renderCard({ ...ready, isError: true, refetch });
    expect(screen.getByText('Failed to load this chart. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again: Claims' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
