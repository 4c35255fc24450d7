import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ProtectedRoute } from '../protected-route';

function HomeScreen() {
  return <p>Home screen</p>;
}
function BusinessHome() {
  return <p>Business home</p>;
}
function ConsumerHome() {
  return <p>Consumer home</p>;
}
function LeadsScreen() {
  return <p>Leads screen</p>;
}

function renderRoutes(path: string) {
  return renderWithProviders(
    <Switch>
      <Route path="/auth">
        <p>Sign-in screen</p>
      </Route>
      <ProtectedRoute path="/" component={HomeScreen} />
      <ProtectedRoute path="/leads" component={LeadsScreen} role="business" />
      <ProtectedRoute
        path="/start"
        componentByRole={{ business: BusinessHome, consumer: ConsumerHome }}
      />
    </Switch>,
    { path },
  );
}

describe('ProtectedRoute', () => {
  it('shows a spinner while the session loads', async () => {
    mockApi({ 'GET /api/user': pending });
    renderRoutes('/');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Home screen')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth', async () => {
    mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    const { currentPath } = renderRoutes('/');

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('treats any other failure as signed out, and logs it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/user': jsonReply(500, { message: 'Something went wrong' }) });
    const { currentPath } = renderRoutes('/');

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(consoleError).toHaveBeenCalled();
  });

  it('sends the wrong account type home', async () => {
    mockApi({ 'GET /api/user': jsonReply(200, buildUser({ type: 'consumer' })) });
    const { currentPath } = renderRoutes('/leads');

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.queryByText('Leads screen')).not.toBeInTheDocument();
  });

  it('shows the page to the right account type, inside the page shell', async () => {
    mockApi({ 'GET /api/user': jsonReply(200, buildUser({ type: 'business' })) });
    const { currentPath } = renderRoutes('/leads');

    expect(await screen.findByText('Leads screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/leads');
    expect(screen.getByRole('main')).toContainElement(screen.getByText('Leads screen'));
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it.each([
    { type: 'business' as const, shown: 'Business home', hidden: 'Consumer home' },
    { type: 'consumer' as const, shown: 'Consumer home', hidden: 'Business home' },
  ])('shows a $type the page for its account type', async ({ type, shown, hidden }) => {
    mockApi({ 'GET /api/user': jsonReply(200, buildUser({ type })) });
    renderRoutes('/start');

    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByText(hidden)).not.toBeInTheDocument();
  });
});
