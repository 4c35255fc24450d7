import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from '../password-strength-meter';

const meter = () => screen.findByRole('progressbar', { name: 'Password strength' });

describe('PasswordStrengthMeter', () => {
  it('shows nothing until a password is typed, keeping its room so the form below does not move', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toHaveTextContent('');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('min-h-7');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('rates a common password too guessable, a long unusual one strong', async () => {
    const { rerender } = render(<PasswordStrengthMeter password="12345678" />);
    const bar = await meter();
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuetext', 'Too guessable');
    expect(screen.getByText('Too guessable')).toBeInTheDocument();

    rerender(<PasswordStrengthMeter password="violet-lantern-canyon-58" />);
    expect(await meter()).toHaveAttribute('aria-valuetext', 'Strong');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Password strength: Strong');
  });

  it("rates a password made of the person's own details low", async () => {
    const { rerender } = render(<PasswordStrengthMeter password="zephyrine_q" />);
    const alone = Number((await meter()).getAttribute('aria-valuenow'));
    rerender(
      <PasswordStrengthMeter
        password="zephyrine_q"
        userInputs={['zephyrine_q', 'zq@example.com', 'Zephyrine Q']}
      />,
    );
    const bar = await meter();
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(alone);
    expect(bar).toHaveAttribute('aria-valuetext', 'Too guessable');
  });
});
