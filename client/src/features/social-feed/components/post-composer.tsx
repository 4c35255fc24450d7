import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { type MentionCandidate } from '@shared/schema/friends';
import { POST_LIMITS, SEARCH_MIN_LENGTH, UPLOAD_LIMITS } from '@shared/constants';
import { POST_MESSAGES } from '@shared/posts';
import { type UploadResult } from '@shared/schema/posts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreatePost } from '../api/create-post';
import { searchMentionsQueryOptions } from '../api/search-mentions';
import { useUploadImage } from '@/api/upload-image';
import { mentionedUsernames } from '../lib/mentions';
import { MentionTextarea } from './mention-textarea';

export const COMPOSER_LABEL = "What's on your mind?";

/**
 * The ids of the people mentioned in the text: those chosen from the suggestions or seen in them,
 * and for a name typed out in full, the person a search finds under exactly that username. A name
 * nobody matches stays plain text.
 */
async function resolveMentionIds(
  queryClient: QueryClient,
  text: string,
  known: ReadonlyMap<string, number>,
): Promise<number[]> {
  const ids = await Promise.all(
    mentionedUsernames(text).map(async (username) => {
      const key = username.toLowerCase();
      const knownId = known.get(key);
      if (knownId !== undefined) return knownId;
      if (username.length < SEARCH_MIN_LENGTH) return undefined;
      try {
        const candidates = await queryClient.fetchQuery(searchMentionsQueryOptions(username));
        return candidates.find((candidate) => candidate.username.toLowerCase() === key)?.id;
      } catch {
        // The post still goes out; the name simply is not linked to anyone.
        return undefined;
      }
    }),
  );
  const unique = [...new Set(ids.filter((id): id is number => id !== undefined))];
  return unique.slice(0, POST_LIMITS.mentionsMax);
}

/**
 * The Pin Board's composer: text (required once trimmed) with @-mentions, and at most one image,
 * uploaded as soon as it is chosen and shown as a preview that can be removed.
 */
export function PostComposer() {
  const id = useId();
  const textareaId = `${id}-content`;
  const fileInputId = `${id}-image`;
  const fileInputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [resolvingMentions, setResolvingMentions] = useState(false);
  const [image, setImage] = useState<UploadResult | null>(null);
  // Usernames (lower case) the searches found or the author chose, to send their ids.
  const [knownMentions, setKnownMentions] = useState<ReadonlyMap<string, number>>(new Map());

  const rememberMentions = useCallback((candidates: MentionCandidate[]) => {
    setKnownMentions((current) => {
      if (candidates.every((candidate) => current.has(candidate.username.toLowerCase()))) {
        return current;
      }
      const next = new Map(current);
      for (const candidate of candidates) next.set(candidate.username.toLowerCase(), candidate.id);
      return next;
    });
  }, []);
  const rememberMention = useCallback(
    (candidate: MentionCandidate) => rememberMentions([candidate]),
    [rememberMentions],
  );

  const upload = useUploadImage({
    mutationConfig: {
      onSuccess: (result) => setImage(result),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to upload image',
          description: errorMessage(error, 'The image could not be uploaded. Please try again.'),
        }),
    },
  });

  const createPost = useCreatePost({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Post created' });
        setContent('');
        setImage(null);
        setKnownMentions(new Map());
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to create post',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after removing it still counts as a change.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) {
      toast({
        variant: 'destructive',
        title: 'Failed to upload image',
        description: POST_MESSAGES.uploadType,
      });
      return;
    }
    if (file.size > UPLOAD_LIMITS.maxBytes) {
      toast({
        variant: 'destructive',
        title: 'Failed to upload image',
        description: POST_MESSAGES.uploadTooLarge,
      });
      return;
    }
    upload.mutate({ file });
  };

  const removeImage = () => {
    setImage(null);
    // The preview's button is gone: hand the focus to the control that replaces it.
    requestAnimationFrame(() => fileInputRef.current?.focus());
  };

  const text = content.trim();
  const posting = resolvingMentions || createPost.isPending;
  const canPost = text.length > 0 && !posting && !upload.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canPost) return;
    setResolvingMentions(true);
    const mentionedUserIds = await resolveMentionIds(queryClient, text, knownMentions);
    setResolvingMentions(false);
    createPost.mutate({
      content: text,
      attachmentUrl: image?.url,
      attachmentType: image ? 'image' : undefined,
      mentionedUserIds,
    });
  };

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
          <Label htmlFor={textareaId}>{COMPOSER_LABEL}</Label>
          <MentionTextarea
            id={textareaId}
            value={content}
            onValueChange={setContent}
            onCandidatesFound={rememberMentions}
            onMentionChosen={rememberMention}
            maxLength={POST_LIMITS.contentMax}
            placeholder="Share something with your friends. Type @ to mention someone."
            readOnly={posting}
          />

          {upload.isPending && (
            <Spinner label="Uploading image" className="h-32 justify-start rounded-md border" />
          )}

          {image && (
            <div className="relative w-fit max-w-full">
              <img
                src={image.url}
                alt="Preview of the image to post"
                decoding="async"
                className="max-h-64 max-w-full rounded-md border object-contain"
              />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="absolute top-2 right-2 shadow"
                onClick={removeImage}
                disabled={posting}
              >
                <X aria-hidden="true" />
                Remove image
              </Button>
            </div>
          )}

          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* One image per post: the picker goes away while one is attached. */}
            {!image && !upload.isPending ? (
              <div>
                <input
                  ref={fileInputRef}
                  id={fileInputId}
                  type="file"
                  accept="image/*"
                  className="peer sr-only"
                  onChange={chooseImage}
                  disabled={posting}
                />
                <Label
                  htmlFor={fileInputId}
                  className={cn(
                    'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground',
                    'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
                    'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
                  )}
                >
                  <ImagePlus aria-hidden="true" className="size-4" />
                  Add image
                </Label>
              </div>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={!canPost}>
              {posting ? 'Posting...' : 'Post'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
