import { screen } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { type CurrentUser } from '@shared/schema/users';
import { brandsFixture, identifiersFixture } from '@/testing/fixtures';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { AuthPage } from '../pages/auth-page';

/**
 * An API with a session: GET /api/user answers 401 until `signIn` (or a routed login/register
 * handler calling it) sets the user, as the server's session cookie would.
 */
export function mockAuthApi(
  routes: (session: { signIn: (user: CurrentUser) => void }) => MockRoutes,
) {
  let currentUser: CurrentUser | null = null;
  const session = { signIn: (user: CurrentUser) => (currentUser = user) };
  return mockApi({
    'GET /api/user': () =>
      currentUser ? jsonReply(200, currentUser) : jsonReply(401, { message: 'Not signed in' }),
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/identifiers': jsonReply(200, identifiersFixture),
    ...routes(session),
  });
}

/** The auth page at /auth, with a home route to land on after success. */
export async function renderAuthPage() {
  const rendered = renderWithProviders(
    <Switch>
      <Route path="/auth" component={AuthPage} />
      <Route path="/">
        <p>Home screen</p>
      </Route>
    </Switch>,
    { path: '/auth' },
  );
  await screen.findByRole('heading', { name: 'Welcome to mark.it' });
  return rendered;
}

export const validDetails = {
  Email: 'casey@example.com',
  'Phone Number': '(555) 123-4567',
  Username: 'casey',
  Password: 'secret123',
  'Full Name': 'Casey Consumer',
};

export type DetailsLabel = keyof typeof validDetails;

/** Types the consumer details; a field given as '' is left empty. */
export async function fillDetails(
  user: UserEvent,
  overrides: Partial<Record<DetailsLabel, string>> = {},
) {
  const values = { ...validDetails, ...overrides };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

export async function openRegisterTab(user: UserEvent) {
  await user.click(screen.getByRole('tab', { name: 'Register' }));
  await screen.findByText('Create a new account');
  // The registration form's code loads apart from the page (the first time it is opened).
  await screen.findByRole('radiogroup', { name: 'Account Type' }, { timeout: 5000 });
}

/** From the Register tab: fills valid details and continues to step 2. */
export async function goToPreferences(
  user: UserEvent,
  overrides: Partial<Record<DetailsLabel, string>> = {},
) {
  await fillDetails(user, overrides);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Customize Your Experience' });
}
