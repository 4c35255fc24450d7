import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { HomePage } from '../pages/home-page';

function renderHome() {
  return renderWithProviders(
    <Switch>
      <ProtectedRoute path="/" component={HomePage} />
    </Switch>,
  );
}

describe('HomePage', () => {
  it('shows a business its dashboard with its true, empty figures', async () => {
    mockApi({
      'GET /api/user': jsonReply(200, buildUser({ type: 'business', name: 'Corner Coffee' })),
    });
    renderHome();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Active Pins' })).toHaveTextContent(/^Active Pins0$/);
    expect(screen.getByRole('group', { name: 'Total Value' })).toHaveTextContent('$0.00');
    expect(screen.getByRole('group', { name: 'Rank' })).toHaveTextContent(
      '—Create your first pin to get ranked',
    );
    expect(screen.getByText('You have no active pins yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mark.itplace' })).not.toBeInTheDocument();
  });

  it('greets a consumer by name on the Mark.itplace', async () => {
    mockApi({
      'GET /api/user': jsonReply(200, buildUser({ type: 'consumer', name: 'Casey Consumer' })),
    });
    renderHome();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mark.itplace' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hello, Casey Consumer!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No offers near you yet. Offers from your favourite brands will appear here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Business Dashboard' })).not.toBeInTheDocument();
  });
});
