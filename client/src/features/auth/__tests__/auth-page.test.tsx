import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/fixtures';
import { jsonReply } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { Route, Switch } from 'wouter';
import { AuthPage } from '../pages/auth-page';
import { goToPreferences, mockAuthApi, openRegisterTab, renderAuthPage } from './auth-test-helpers';

describe('AuthPage', () => {
  it('sends a signed-in visitor home', async () => {
    mockAuthApi((session) => {
      session.signIn(buildUser());
      return {};
    });
    const { currentPath } = renderWithProviders(
      <Switch>
        <Route path="/auth" component={AuthPage} />
        <Route path="/">
          <p>Home screen</p>
        </Route>
      </Switch>,
      { path: '/auth' },
    );

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('shows the sign-in tab first, and the subtitle follows the tab', async () => {
    mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();

    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();

    await openRegisterTab(user);
    expect(screen.queryByText('Sign in to your account')).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Account Type' })).toBeInTheDocument();
  });

  it('clears the sign-in fields and the error when the tabs are switched', async () => {
    mockAuthApi(() => ({
      'POST /api/login': jsonReply(401, { message: 'Invalid email, username or password' }),
    }));
    const { user } = await renderAuthPage();

    await user.type(screen.getByLabelText('Email or Username'), 'casey');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email, username or password',
    );

    await openRegisterTab(user);
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));

    expect(await screen.findByLabelText('Email or Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns registration to an empty first step with no selection when the tabs are switched', async () => {
    mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);
    const starbucks = await screen.findByRole('button', { name: 'Starbucks' });
    await user.click(starbucks);
    expect(starbucks).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    await openRegisterTab(user);

    expect(
      screen.queryByRole('heading', { name: 'Customize Your Experience' }),
    ).not.toBeInTheDocument();
    for (const label of ['Email', 'Phone Number', 'Username', 'Password', 'Full Name']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('radio', { name: 'Consumer' })).toBeChecked();

    await goToPreferences(user);
    expect(await screen.findByRole('button', { name: 'Starbucks' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('switches between the consumer and business forms', async () => {
    mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);

    await user.click(screen.getByRole('radio', { name: 'Business' }));

    expect(screen.getByLabelText('Business Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Business' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('has one h1 and the tab panels are labelled by their tabs', async () => {
    mockAuthApi(() => ({}));
    await renderAuthPage();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Sign in' }),
    ).toBeEnabled();
  });

  it('shows a toast for a failed login as well as the alert', async () => {
    mockAuthApi(() => ({
      'POST /api/login': jsonReply(429, { message: 'Too many failed sign-in attempts.' }),
    }));
    const { user } = await renderAuthPage();

    await user.type(screen.getByLabelText('Email or Username'), 'casey');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Too many failed sign-in attempts.');
  });
});
