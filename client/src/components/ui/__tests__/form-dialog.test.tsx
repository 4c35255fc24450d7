import { screen, within } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FormDialog, FormDialogFooter } from '../form-dialog';

type HarnessProps = {
  onOpenChange?: (open: boolean) => void;
  description?: string;
  disabled?: boolean;
};

/** A form whose submission runs until `finish` is called, then fails or closes the dialog. */
function Harness({ onOpenChange = vi.fn(), description, disabled }: HarnessProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
  };
  return (
    <FormDialog open onOpenChange={onOpenChange} title="Add Funds" description={description}>
      <form onSubmit={submit}>
        <button
          type="button"
          onClick={() => {
            setPending(false);
            setFailure('Card declined');
          }}
        >
          Finish with a failure
        </button>
        <FormDialogFooter
          submitLabel="Add Funds"
          pendingLabel="Adding..."
          pending={pending}
          disabled={disabled}
          failure={failure}
        />
      </form>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is a dialog named by its title and described by its description', () => {
    renderWithProviders(<Harness description="Add money to your wallet." />);
    const dialog = screen.getByRole('dialog', { name: 'Add Funds' });
    expect(dialog).toHaveAccessibleDescription('Add money to your wallet.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Add Funds' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('has no description when it is given none', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Add Funds' })).not.toHaveAttribute(
      'aria-describedby',
    );
  });

  it('shows the pending text and disables both buttons while the submission runs', async () => {
    const { user } = renderWithProviders(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Add Funds' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    expect(within(dialog).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Finish with a failure' }));
    expect(within(dialog).getByRole('button', { name: 'Add Funds' })).toBeEnabled();
    expect(within(dialog).getByText('Card declined')).toBeInTheDocument();
  });

  it('keeps the submit button disabled while there is nothing to submit', () => {
    renderWithProviders(<Harness disabled />);
    expect(screen.getByRole('button', { name: 'Add Funds' })).toBeDisabled();
  });

  it('closes with Cancel', async () => {
    const onOpenChange = vi.fn();
    const { user } = renderWithProviders(<Harness onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
