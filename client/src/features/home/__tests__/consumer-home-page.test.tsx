import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ConsumerHomePage } from '../pages/consumer-home-page';

function renderHome() {
  return renderWithProviders(
    <Switch>
      <ProtectedRoute path="/" component={ConsumerHomePage} />
    </Switch>,
  );
}

describe('ConsumerHomePage', () => {
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
