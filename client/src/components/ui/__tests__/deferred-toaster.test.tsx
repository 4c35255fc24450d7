import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredToaster } from '../deferred-toaster';
import { toast } from '../use-toast';

describe('DeferredToaster', () => {
  it('shows a toast raised before the toaster code has loaded', async () => {
    render(<DeferredToaster />);
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();

    act(() => {
      toast({ title: 'Link copied', description: 'https://mark.it/u/ada' });
    });

    // The toaster's code loads on first use: on a busy machine that can take more than a second.
    const region = await screen.findByRole(
      'region',
      { name: /notifications/i },
      { timeout: 5_000 },
    );
    expect(await within(region).findByText('Link copied')).toBeInTheDocument();
    expect(within(region).getByText('https://mark.it/u/ada')).toBeInTheDocument();
  });
});
