import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { UPLOAD_LIMITS } from '@shared/constants';
import { POST_MESSAGES } from '@shared/schema/posts';
import { useUploadImage } from '@/api/upload-image';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type AvatarPickerProps = {
  /** Whose picture: its alt text, and the initials without one. */
  name: string;
  picture: string | null;
  /** A new picture's address once uploaded, or null to have none; saved with the form. */
  onChange: (picture: string | null) => void;
  /** Whether the picture shown is not saved yet. */
  changed: boolean;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * The profile picture: choosing a file uploads it at once (stored as a square, its metadata
 * stripped) and shows it; the form's Save makes it the profile picture.
 */
export function AvatarPicker({
  name,
  picture,
  onChange,
  changed,
  error,
  disabled = false,
}: AvatarPickerProps) {
  const id = useId();
  const inputId = `${id}-file`;
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage({
    mutationConfig: {
      onSuccess: (result) => onChange(result.url),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Failed to upload picture',
          description: errorMessage(
            failure,
            'The picture could not be uploaded. Please try again.',
          ),
        }),
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    const refuse = (description: string) =>
      toast({ variant: 'destructive', title: 'Failed to upload picture', description });
    if (file.type && !file.type.startsWith('image/')) return refuse(POST_MESSAGES.uploadType);
    if (file.size > UPLOAD_LIMITS.maxBytes) return refuse(POST_MESSAGES.uploadTooLarge);
    upload.mutate({ file, purpose: 'avatar' });
  };

  const remove = () => {
    onChange(null);
    // The Remove button is gone: the focus goes to the control beside it.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const busy = disabled || upload.isPending;
  const status = upload.isPending
    ? 'Uploading…'
    : changed
      ? 'Not saved yet: save your profile to use it.'
      : null;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={name} picture={picture} size="xl" eager />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={UPLOAD_LIMITS.types.join(',')}
            className="peer sr-only"
            onChange={choose}
            disabled={busy}
            aria-describedby={status || error ? statusId : undefined}
          />
          <Label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground',
              'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
              'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {picture ? 'Change picture' : 'Upload picture'}
          </Label>
          {picture && (
            <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={busy}>
              <Trash2 aria-hidden="true" />
              Remove picture
            </Button>
          )}
        </div>
        <p id={statusId} aria-live="polite" className="text-sm">
          {error ? (
            <span className="font-medium text-destructive">{error}</span>
          ) : (
            status && <span className="text-muted-foreground">{status}</span>
          )}
        </p>
      </div>
    </div>
  );
}
