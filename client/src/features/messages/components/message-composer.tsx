import { Gift, ImagePlus, SendHorizontal, X } from 'lucide-react';
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { UPLOAD_LIMITS } from '@shared/constants';
import { MESSAGE_LIMITS, messageTextSchema } from '@shared/schema/messages';
import { POST_MESSAGES, type UploadResult } from '@shared/schema/posts';
import { useUploadImage } from '@/api/upload-image';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { formatCount } from '@shared/format';

/** Typing is told to the other person at most this often while the keys keep coming. */
export const TYPING_SEND_INTERVAL_MS = 3_000;

export type ComposedMessage = { text: string; imageUrl: string | null };

type MessageComposerProps = {
  /** Who the message goes to, for the field's label. */
  name: string;
  onSend: (message: ComposedMessage) => void;
  onTyping: () => void;
  /** Opens the Send Gift dialog; without it (a business) there is no gift button. */
  onSendGift?: () => void;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line; up to 2,000 characters (the count
 * shows near the end) and one optional image, uploaded as soon as it is chosen.
 */
export function MessageComposer({ name, onSend, onTyping, onSendGift }: MessageComposerProps) {
  const id = useId();
  const textareaId = `${id}-text`;
  const fileInputId = `${id}-image`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const fileInputRef = useRef<HTMLInputElement>(null);
  const lastTypingSent = useRef(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<UploadResult | null>(null);

  const upload = useUploadImage({
    mutationConfig: {
      onSuccess: (result) => setImage(result),
      onError: (uploadError) =>
        toast({
          variant: 'destructive',
          title: 'Failed to upload image',
          description: errorMessage(
            uploadError,
            'The image could not be uploaded. Please try again.',
          ),
        }),
    },
  });

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem =
      file.type && !file.type.startsWith('image/')
        ? POST_MESSAGES.uploadType
        : file.size > UPLOAD_LIMITS.maxBytes
          ? POST_MESSAGES.uploadTooLarge
          : null;
    if (problem) {
      toast({ variant: 'destructive', title: 'Failed to upload image', description: problem });
      return;
    }
    upload.mutate({ file });
  };

  const removeImage = () => {
    setImage(null);
    requestAnimationFrame(() => fileInputRef.current?.focus());
  };

  const change = (value: string) => {
    setText(value);
    if (error) setError(null);
    const now = Date.now();
    if (value.trim() && now - lastTypingSent.current >= TYPING_SEND_INTERVAL_MS) {
      lastTypingSent.current = now;
      onTyping();
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (upload.isPending) return;
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onSend({ text: parsed.data, imageUrl: image?.url ?? null });
    setText('');
    setImage(null);
    lastTypingSent.current = 0;
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const length = text.length;
  const nearLimit = length > MESSAGE_LIMITS.textMax - 200;

  return (
    <form noValidate onSubmit={submit} className="grid gap-2 border-t bg-card p-3">
      <Label htmlFor={textareaId} className="sr-only">
        {`Message ${name}`}
      </Label>
      {upload.isPending && (
        <Spinner label="Uploading image" className="h-16 justify-start rounded-md border" />
      )}
      {image && (
        <div className="relative w-fit max-w-full">
          <img
            src={image.url}
            alt="Preview of the image to send"
            decoding="async"
            className="max-h-32 max-w-full rounded-md border object-contain"
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="absolute top-1 right-1 shadow"
            onClick={removeImage}
          >
            <X aria-hidden="true" />
            Remove image
          </Button>
        </div>
      )}
      <Textarea
        id={textareaId}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        placeholder={`Message ${name}`}
        rows={2}
        className="min-h-12 resize-none"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && errorId, nearLimit && countId].filter(Boolean).join(' ') || undefined
        }
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {!image && !upload.isPending && (
          <div>
            <input
              ref={fileInputRef}
              id={fileInputId}
              type="file"
              accept="image/*"
              className="peer sr-only"
              onChange={chooseImage}
            />
            <Label
              htmlFor={fileInputId}
              className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 hover:bg-accent hover:text-accent-foreground"
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              Add image
            </Label>
          </div>
        )}
        {onSendGift && (
          <Button type="button" variant="outline" size="sm" onClick={onSendGift}>
            <Gift aria-hidden="true" />
            Send gift card
          </Button>
        )}
        {nearLimit && (
          <span
            id={countId}
            className={cn(
              'text-xs tabular-nums',
              length > MESSAGE_LIMITS.textMax ? 'text-destructive' : 'text-muted-foreground',
            )}
          >
            {`${formatCount(length)}/${formatCount(MESSAGE_LIMITS.textMax)} characters`}
          </span>
        )}
        <Button type="submit" size="sm" className="ml-auto" disabled={upload.isPending}>
          <SendHorizontal aria-hidden="true" />
          Send
        </Button>
      </div>
    </form>
  );
}
