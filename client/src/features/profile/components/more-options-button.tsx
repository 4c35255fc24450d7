import { Ellipsis } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The '⋯' button that opens the profile menu. */
export function MoreOptionsButton(props: Omit<ButtonProps, 'children'>) {
  return (
    <Button type="button" variant="outline" size="icon" aria-label="More options" {...props}>
      <Ellipsis aria-hidden="true" />
    </Button>
  );
}
