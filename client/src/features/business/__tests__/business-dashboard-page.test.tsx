import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type BusinessDashboardStats, type BusinessPin } from '@shared/schema/pins';
import { jsonReply, listReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { BusinessDashboardPage } from '../pages/business-dashboard-page';
import { buildPin, dashboardStats as stats, wizardRoutes } from './business-fixtures';

function dashboardRoutes({
  dashboard = stats,
  pins = [buildPin()],
  extra = {},
}: {
  dashboard?: BusinessDashboardStats;
  pins?: BusinessPin[];
  extra?: MockRoutes;
} = {}): MockRoutes {
  return {
    ...wizardRoutes(),
    'GET /api/business/dashboard': jsonReply(200, dashboard),
    'GET /api/pins/mine': listReply(pins, { page: 1, limit: 10, total: pins.length }),
    // A business before its first claim: each chart says what will appear.
    'GET /api/business/charts/activity': jsonReply(
      200,
      Array.from({ length: 30 }, (_, index) => ({
        date: `2026-11-${String(index + 1).padStart(2, '0')}`,
        claims: 0,
        redemptions: 0,
      })),
    ),
    'GET /api/business/charts/value': jsonReply(200, {
      issued: 0,
      redeemed: 0,
      outstanding: 0,
      returned: 0,
    }),
    'GET /api/business/charts/top-stores': jsonReply(200, []),
    ...extra,
  };
}

async function renderDashboard() {
  const rendered = renderWithProviders(<BusinessDashboardPage />);
  await screen.findByRole('heading', { level: 1, name: 'Business Dashboard' });
  return rendered;
}

describe('BusinessDashboardPage', () => {
  it('shows the stat cards computed by the server', async () => {
    mockApi(dashboardRoutes());
    await renderDashboard();

    const activePins = await screen.findByRole('group', { name: 'Active Pins' });
    expect(activePins).toHaveTextContent(/^Active Pins2$/);
    expect(screen.getByRole('group', { name: 'Total Value' })).toHaveTextContent(
      /^Total Value\$45\.50$/,
    );
    expect(screen.getByRole('group', { name: 'Rank' })).toHaveTextContent('#3 of 10');
  });

  it('before the first pin: no rank, and an invitation to create one', async () => {
    mockApi(
      dashboardRoutes({
        dashboard: {
          activePins: 0,
          totalValue: 0,
          rank: null,
          rankedBusinesses: 4,
          firstSteps: { fundsAdded: false, pinCreated: false, firstClaim: false },
        },
        pins: [],
      }),
    );
    await renderDashboard();

    expect(await screen.findByRole('group', { name: 'Rank' })).toHaveTextContent(
      '—Create your first pin to get ranked',
    );
    expect(screen.getByRole('group', { name: 'Total Value' })).toHaveTextContent('$0.00');
    expect(
      await screen.findByText(
        'You have no active pins yet. Create one to start reaching customers.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the pins a business can act on with brand, store, value, claims, redemptions, claim rate, status and expiry', async () => {
    const api = mockApi(
      dashboardRoutes({
        pins: [
          buildPin(),
          buildPin({
            id: 8,
            status: 'paused',
            quantity: 8,
            remaining: 2,
            claimed: 6,
            redeemed: 4,
            claimRate: 0.75,
          }),
          buildPin({ id: 9, status: 'exhausted', remaining: 0, claimed: 3, claimRate: 1 }),
        ],
      }),
    );
    await renderDashboard();

    const list = await screen.findByRole('list', { name: 'Active pins' });
    const [active, paused, soldOut] = within(list).getAllByRole('listitem');
    expect(within(active!).getByRole('heading', { name: 'Starbucks · $10.00' })).toBeVisible();
    expect(active).toHaveTextContent('Starbucks Downtown Crossing, 1 Washington St, Boston, MA');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Claimed1/3Redeemed0Claim rate33%');
    expect(active).toHaveTextContent('Expires Jun 2, 2025');
    expect(paused).toHaveTextContent('Paused');
    expect(paused).toHaveTextContent('Claimed6/8Redeemed4Claim rate75%');
    expect(soldOut).toHaveTextContent('Sold out');
    expect(soldOut).toHaveTextContent('Claim rate100%');
    // Active, paused and sold out: what the business can still change.
    expect(api.requestsTo('GET', '/api/pins/mine')[0]?.search.get('status')).toBe(
      'active,paused,exhausted',
    );
  });

  it('a new business sees its first steps, each ticked when done; "Create a pin" opens the wizard', async () => {
    mockApi(
      dashboardRoutes({
        dashboard: {
          ...stats,
          firstSteps: { fundsAdded: true, pinCreated: false, firstClaim: false },
        },
      }),
    );
    const { user } = await renderDashboard();

    const steps = await screen.findByRole('list', { name: 'First steps' });
    const [funds, pin, claim] = within(steps).getAllByRole('listitem');
    expect(funds).toHaveTextContent('Add funds(done)');
    expect(within(funds!).queryByRole('link')).not.toBeInTheDocument();
    expect(pin).toHaveTextContent('Create a pin(to do)');
    expect(claim).toHaveTextContent('See your first claim(to do)');

    await user.click(within(pin!).getByRole('button', { name: 'Create a pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Pin' });
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
  });

  it('"Add funds" links to the wallet until funds are added', async () => {
    mockApi(
      dashboardRoutes({
        dashboard: {
          ...stats,
          firstSteps: { fundsAdded: false, pinCreated: false, firstClaim: false },
        },
      }),
    );
    await renderDashboard();
    const steps = await screen.findByRole('list', { name: 'First steps' });
    expect(within(steps).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/wallet',
    );
  });

  it('hides the first steps once all three are done', async () => {
    mockApi(dashboardRoutes());
    await renderDashboard();
    await screen.findByRole('group', { name: 'Active Pins' });
    expect(screen.queryByRole('list', { name: 'First steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'First steps' })).not.toBeInTheDocument();
  });

  it('Cancel asks first, then cancels the pin and refreshes the list and the stats', async () => {
    let cancelled = false;
    const api = mockApi(
      dashboardRoutes({
        extra: {
          'GET /api/pins/mine': () =>
            listReply(cancelled ? [] : [buildPin()], {
              page: 1,
              limit: 10,
              total: cancelled ? 0 : 1,
            }),
          'POST /api/pins/:id/cancel': () => {
            cancelled = true;
            return jsonReply(200, buildPin({ status: 'cancelled' }));
          },
        },
      }),
    );
    const { user } = await renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pin?' });
    expect(dialog).toHaveTextContent('$20.00');
    expect(api.requestsTo('POST', '/api/pins/7/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Pin' }));

    await findToast('Pin cancelled');
    expect(api.requestsTo('POST', '/api/pins/7/cancel')).toHaveLength(1);
    expect(
      await screen.findByText(
        'You have no active pins yet. Create one to start reaching customers.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET', '/api/business/dashboard')).toHaveLength(2));
  });

  it('Keep Pin closes the confirmation without cancelling', async () => {
    const api = mockApi(dashboardRoutes());
    const { user } = await renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Pin' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', '/api/pins/7/cancel')).toHaveLength(0);
  });

  it('Create Pin opens "Create New Pin" with the wizard; Back closes it', async () => {
    mockApi(dashboardRoutes());
    const { user } = await renderDashboard();

    await user.click(screen.getByRole('button', { name: 'Create Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Pin' });
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Activity lists the ledger; Debug shows the account, the session and the server', async () => {
    mockApi(
      dashboardRoutes({
        extra: {
          'GET /api/wallet/transactions': listReply(
            [
              {
                id: 't5',
                kind: 'pin_reserve',
                description: 'Reserved for Starbucks pin',
                type: 'sent',
                date: '2025-03-04T12:00:00.000Z',
                amount: 30,
                status: 'completed',
              },
            ],
            { page: 1, limit: 10, total: 1 },
          ),
          'GET /api/session': jsonReply(200, {
            userId: 42,
            type: 'business',
            signedInAt: '2025-03-04T12:00:00.000Z',
            expiresAt: '2025-03-11T12:00:00.000Z',
          }),
          'GET /api/health': jsonReply(200, { status: 'ok', database: 'embedded' }),
        },
      }),
    );
    const { user } = await renderDashboard();

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(table).toHaveTextContent('Reserved for Starbucks pin');
    expect(table).toHaveTextContent('-$30.00');

    await user.click(screen.getByRole('tab', { name: 'Debug' }));
    const valueOf = (label: string) => screen.getByText(label).nextElementSibling;
    expect(valueOf('Account ID')).toHaveTextContent(/^42$/);
    expect(valueOf('Role')).toHaveTextContent(/^business$/);
    await waitFor(() => expect(valueOf('Session expires')).toHaveTextContent('Mar 11, 2025'));
    await waitFor(() => expect(valueOf('Server status')).toHaveTextContent(/^ok$/));
    expect(valueOf('Database')).toHaveTextContent(/^embedded$/);
  });
});
