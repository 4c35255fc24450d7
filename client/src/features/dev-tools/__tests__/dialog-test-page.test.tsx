import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DialogDebugPage, DialogTestPage } from '../pages/dialog-test-page';

describe('DialogTestPage', () => {
  it('opens the sample dialog, keeps focus inside it, and reports how it closed', async () => {
    const { user } = renderWithProviders(<DialogTestPage />, { path: '/dialog-test' });

    expect(screen.getByRole('heading', { level: 1, name: 'Dialog Test' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Last result: None yet');
    const open = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Sample dialog' });
    const field = within(dialog).getByLabelText('Your name');
    expect(field).toHaveFocus();
    // Tab cycles through the dialog's controls and never leaves it.
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.type(field, 'Casey');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Confirmed with the name "Casey"');
    await waitFor(() => expect(open).toHaveFocus());

    await user.click(open);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Dismissed: Escape pressed');

    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Closed with the Close button');
  });
});

describe('DialogDebugPage', () => {
  it('links back to /business and logs every dialog event', async () => {
    const { user, currentPath } = renderWithProviders(<DialogDebugPage />, {
      path: '/dialog-debug',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Dialog Debug' })).toBeInTheDocument();
    expect(screen.getByText('No events yet. Open the dialog.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    expect(screen.getByRole('dialog', { name: 'Sample dialog' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const log = await screen.findByRole('list', { name: 'Dialog events' });
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole('listitem')
          .map((item) => item.textContent?.replace(/^\S+ /, '')),
      ).toEqual([
        'Dialog opened',
        'Focus moved into the dialog',
        'Cancel chosen',
        'Dialog closed',
        'Focus returned to the Open dialog button',
      ]),
    );
    expect(screen.getByText('Times opened').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Open').nextElementSibling).toHaveTextContent('No');

    await user.click(screen.getByRole('button', { name: 'Clear log' }));
    expect(screen.getByText('No events yet. Open the dialog.')).toBeInTheDocument();

    const back = screen.getByRole('link', { name: 'Back to Business' });
    expect(back).toHaveAttribute('href', '/business');
    await user.click(back);
    expect(currentPath()).toBe('/business');
  });
});
