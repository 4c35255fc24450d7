import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from '../avatar';

describe('initialsOf', () => {
  it('takes the first letter of the first two words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  ada   byron lovelace ')).toBe('AB');
    expect(initialsOf('élise')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });
});

describe('Avatar', () => {
  it('shows the picture with the name as its alt text', () => {
    render(<Avatar name="Ada Lovelace" picture="https://cdn.example.com/ada.webp" />);
    const picture = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', 'https://cdn.example.com/ada.webp');
    expect(screen.queryByText('AL')).not.toBeInTheDocument();
  });

  it('shows the initials, named after the person, when there is no picture', () => {
    render(<Avatar name="Ada Lovelace" picture={null} />);
    const initials = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(initials).toHaveTextContent('AL');
    expect(document.querySelector('img')).toBeNull();
  });

  it('falls back to the initials when the picture fails to load', () => {
    render(<Avatar name="Ada Lovelace" picture="https://cdn.example.com/gone.webp" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('uses the initials it is given instead of its own rule', () => {
    render(<Avatar name="Mary Ann Evans" picture={null} initials="MAE" />);
    expect(screen.getByRole('img', { name: 'Mary Ann Evans' })).toHaveTextContent('MAE');
  });

  it('is hidden from assistive technology when decorative, beside a printed name', () => {
    const { rerender } = render(
      <Avatar name="Ada Lovelace" picture="https://cdn.example.com/ada.webp" decorative />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('alt', '');

    rerender(<Avatar name="Ada Lovelace" picture={null} decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  const UPLOADED = `/uploads/${'ab'.repeat(16)}.webp`;
  const UPLOADED_SMALL = `/uploads/${'ab'.repeat(16)}-small.webp`;

  it('offers an uploaded picture small and large, with the width it is shown at', () => {
    const { rerender } = render(<Avatar name="Ada Lovelace" picture={UPLOADED} size="sm" />);
    const picture = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(picture).toHaveAttribute('src', UPLOADED);
    expect(picture).toHaveAttribute('srcset', `${UPLOADED_SMALL} 160w, ${UPLOADED} 512w`);
    expect(picture).toHaveAttribute('sizes', '32px');
    rerender(<Avatar name="Ada Lovelace" picture={UPLOADED} size="3xl" />);
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '(min-width: 40rem) 288px, 240px');
  });

  it('takes an uploaded picture without its small variant, then the initials, when it fails', () => {
    render(<Avatar name="Ada Lovelace" picture={UPLOADED} />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    // An upload stored before small variants existed: the picture itself.
    const picture = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', UPLOADED);
    expect(picture).not.toHaveAttribute('srcset');
    fireEvent.error(picture);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('shows a picture from elsewhere as it is', () => {
    render(<Avatar name="Ada" picture="https://cdn.example.com/ada.webp" />);
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    expect(screen.getByRole('img')).not.toHaveAttribute('sizes');
  });

  it('loads a picture lazily unless it is on the first screen', () => {
    const { rerender } = render(<Avatar name="Ada" picture="/a.webp" />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    rerender(<Avatar name="Ada" picture="/a.webp" eager />);
    expect(screen.getByRole('img')).not.toHaveAttribute('loading');
  });
});
