import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, pending } from '@/testing/mock-api';
import { findToast } from '@/testing/test-utils';
import {
  fillDetails,
  goToPreferences,
  mockAuthApi,
  openRegisterTab,
  renderAuthPage,
  type DetailsLabel,
} from './auth-test-helpers';

describe('Register: consumer details (step 1)', () => {
  const cases: Array<{ label: DetailsLabel; value: string; title: string; message: string }> = [
    {
      label: 'Email',
      value: 'not-an-email',
      title: 'Email Error',
      message: 'Valid email is required',
    },
    {
      label: 'Phone Number',
      value: '123',
      title: 'Phone Number Error',
      message: 'Phone number is required',
    },
    {
      label: 'Username',
      value: 'ab',
      title: 'Username Error',
      message: 'Username must be at least 3 characters',
    },
    {
      label: 'Password',
      value: '12345',
      title: 'Password Error',
      message: 'Password must be at least 6 characters',
    },
    { label: 'Full Name', value: '', title: 'Name Error', message: 'Name is required' },
  ];

  it.each(cases)(
    'Continue with an invalid $label shows "$title" and stays on step 1',
    async ({ label, value, title, message }) => {
      mockAuthApi(() => ({}));
      const { user } = await renderAuthPage();
      await openRegisterTab(user);

      await fillDetails(user, { [label]: value });
      await user.click(screen.getByRole('button', { name: 'Continue' }));

      const toast = await findToast(title);
      expect(within(toast).getByText(message)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
      expect(
        screen.queryByRole('heading', { name: 'Customize Your Experience' }),
      ).not.toBeInTheDocument();
    },
  );

  it('Continue with valid details opens step 2, and Back keeps the details', async () => {
    mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);

    await goToPreferences(user);
    expect(
      screen.getByText('Select your interests to receive personalized offers'),
    ).toBeInTheDocument();
    // Focus follows the step, so keyboard and screen-reader users start at its heading.
    expect(screen.getByRole('heading', { name: 'Customize Your Experience' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Coffee lover' })).toHaveAccessibleDescription(
      'Starts the day with a latte',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Casey Consumer');
  });
});

describe('Register: consumer preferences (step 2)', () => {
  it('requires a brand and sends nothing without one', async () => {
    const api = mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);
    await screen.findByRole('button', { name: 'Starbucks' });

    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Please select at least one brand');
    expect(screen.getByRole('group', { name: 'Favourite Brands' })).toHaveAccessibleDescription(
      'Please select at least one brand',
    );
    expect(api.requestsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('registers with the brands, identifiers and the normalised phone, then goes home', async () => {
    const casey = buildUser();
    const api = mockAuthApi((session) => ({
      'POST /api/register': () => {
        session.signIn(casey);
        return jsonReply(201, casey);
      },
    }));
    const { user, currentPath } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);

    await user.click(await screen.findByRole('button', { name: 'Starbucks' }));
    await user.click(screen.getByRole('button', { name: 'Coffee lover' }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(await findToast('Registration successful!')).toBeInTheDocument();
    const [request] = api.requestsTo('POST', '/api/register');
    expect(request?.body).toEqual({
      type: 'consumer',
      email: 'casey@example.com',
      phoneNumber: '(555) 123-4567',
      username: 'casey',
      password: 'secret123',
      name: 'Casey Consumer',
      brands: ['starbucks'],
      identifiers: [1],
      phone: '+15551234567',
    });
  });

  it("reads 'Creating account...' while the request is pending", async () => {
    mockAuthApi(() => ({ 'POST /api/register': pending }));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);

    await user.click(await screen.findByRole('button', { name: 'Starbucks' }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it('rejects a phone number that cannot be a real one, back on step 1', async () => {
    const api = mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user, { 'Phone Number': '12345' });

    await user.click(await screen.findByRole('button', { name: 'Starbucks' }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await findToast('Error')).toHaveTextContent('Valid phone number is required');
    expect(await screen.findByLabelText('Phone Number')).toHaveAccessibleDescription(
      'Valid phone number is required',
    );
    expect(api.requestsTo('POST', '/api/register')).toHaveLength(0);
  });

  it("returns to step 1 with the server's field error when the username is taken", async () => {
    mockAuthApi(() => ({
      'POST /api/register': jsonReply(409, {
        message: 'Username is already taken',
        errors: { username: 'Username is already taken' },
      }),
    }));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);

    await user.click(await screen.findByRole('button', { name: 'Starbucks' }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await findToast('Error')).toHaveTextContent('Username is already taken');
    expect(await screen.findByLabelText('Username')).toHaveAccessibleDescription(
      'Username is already taken',
    );
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
  });

  it('says so honestly when the brands cannot be loaded', async () => {
    mockAuthApi(() => ({ 'GET /api/brands': jsonReply(500, { message: 'Internal error' }) }));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await goToPreferences(user);

    expect(await screen.findByText('Failed to fetch brands')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Register: business', () => {
  it('validates the business fields with the spec messages and sends nothing', async () => {
    const api = mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await user.click(screen.getByRole('radio', { name: 'Business' }));

    await user.click(screen.getByRole('button', { name: 'Register Business' }));

    expect(await screen.findByLabelText('Business Email')).toHaveAccessibleDescription(
      'Valid email is required',
    );
    expect(screen.getByLabelText('Business Username')).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByLabelText('Business Name')).toHaveAccessibleDescription(
      'Business name is required',
    );
    expect(api.requestsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('registers a business and goes home', async () => {
    const shop = buildUser({ type: 'business', name: 'Corner Coffee', username: 'corner' });
    const api = mockAuthApi((session) => ({
      'POST /api/register': () => {
        session.signIn(shop);
        return jsonReply(201, shop);
      },
    }));
    const { user, currentPath } = await renderAuthPage();
    await openRegisterTab(user);
    await user.click(screen.getByRole('radio', { name: 'Business' }));

    await user.type(screen.getByLabelText('Business Email'), 'hello@corner.example');
    await user.type(screen.getByLabelText('Business Username'), 'corner');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Business Name'), 'Corner Coffee');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(await findToast('Business account registered successfully!')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/register')[0]?.body).toEqual({
      type: 'business',
      email: 'hello@corner.example',
      username: 'corner',
      password: 'secret123',
      name: 'Corner Coffee',
    });
  });

  it("shows 'Registration failed' when the server gives no message", async () => {
    mockAuthApi(() => ({ 'POST /api/register': jsonReply(400) }));
    const { user } = await renderAuthPage();
    await openRegisterTab(user);
    await user.click(screen.getByRole('radio', { name: 'Business' }));

    await user.type(screen.getByLabelText('Business Email'), 'hello@corner.example');
    await user.type(screen.getByLabelText('Business Username'), 'corner');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Business Name'), 'Corner Coffee');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));

    expect(await findToast('Error')).toHaveTextContent('Registration failed');
  });
});
