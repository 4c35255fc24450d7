import { Check, Link2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useCopiedFlag } from './use-profile-sharing';

type CopyLinkButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  /** Copies the link; resolves true when it worked. */
  onCopy: () => Promise<boolean>;
};

/** 'Copy Link', which reads 'Copied' for 2 s after a successful copy. */
export function CopyLinkButton({ onCopy, variant = 'outline', ...props }: CopyLinkButtonProps) {
  const { copied, markCopied } = useCopiedFlag();

  const copy = async () => {
    if (await onCopy()) markCopied();
  };

  return (
    <Button type="button" variant={variant} onClick={() => void copy()} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy Link'}
    </Button>
  );
}
