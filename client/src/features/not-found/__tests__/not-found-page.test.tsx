import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { NotFoundPage } from '../pages/not-found-page';

describe('NotFoundPage', () => {
  it('says the page was not found and links home', async () => {
    const { user, currentPath } = renderWithProviders(<NotFoundPage />, { path: '/no-such-page' });

    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go back home' }));
    expect(currentPath()).toBe('/');
  });
});
