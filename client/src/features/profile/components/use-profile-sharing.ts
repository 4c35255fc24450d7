import { useCallback, useEffect, useRef, useState } from 'react';
import { type SharePlatform } from '@shared/constants';
import { toast } from '@/components/ui/use-toast';
import { useShareProfile } from '../api/share-profile';
import {
  INSTAGRAM_URL,
  profileUrl,
  shareText,
  webShareUrl,
  type WebSharePlatform,
} from '../lib/share-links';

/** The 'Copied' confirmation reverts after 2 s. */
export const COPIED_RESET_MS = 2000;

export const USERNAME_MISSING_MESSAGE = 'Unable to share profile. Username not available.';

type SharedProfile = { username?: string | null; name: string };

/** What a native share came to: shared, cancelled by the person, or not possible here. */
export type NativeShareResult = 'shared' | 'cancelled' | 'unavailable';

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Every way to share a profile: each checks there is a username to share, does the
 * sharing, and records the platform for analytics (whose failures are ignored).
 */
export function useProfileSharing({ username, name }: SharedProfile) {
  const record = useShareProfile();
  const { mutate } = record;

  const requireUsername = useCallback((): string | null => {
    if (username) return username;
    toast({ variant: 'destructive', title: 'Error', description: USERNAME_MISSING_MESSAGE });
    return null;
  }, [username]);

  const recordShare = useCallback(
    (platform: SharePlatform, profileUsername: string) => mutate({ platform, profileUsername }),
    [mutate],
  );

  /** Copies the link; true when it is on the clipboard. */
  const writeLink = useCallback(async (link: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(link);
      return true;
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy', description: 'Please try again' });
      return false;
    }
  }, []);

  const copyLink = useCallback(async (): Promise<boolean> => {
    const profileUsername = requireUsername();
    if (!profileUsername) return false;
    const link = profileUrl(profileUsername);
    if (!(await writeLink(link))) return false;
    toast({ title: 'Link copied', description: link });
    recordShare('copy', profileUsername);
    return true;
  }, [recordShare, requireUsername, writeLink]);

  const shareNative = useCallback(async (): Promise<NativeShareResult> => {
    const profileUsername = requireUsername();
    if (!profileUsername) return 'cancelled';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: `${name} on mark.it`,
          url: profileUrl(profileUsername),
        });
        recordShare('native', profileUsername);
        return 'shared';
      } catch (error) {
        // The person closed the share sheet: nothing went wrong.
        if (isAbortError(error)) return 'cancelled';
      }
    }
    toast({
      title: 'Share via device unavailable',
      description: 'Scan the QR code or copy the link instead.',
    });
    return 'unavailable';
  }, [name, recordShare, requireUsername]);

  const shareOnWeb = useCallback(
    (platform: WebSharePlatform) => {
      const profileUsername = requireUsername();
      if (!profileUsername) return;
      openInNewTab(webShareUrl(platform, profileUrl(profileUsername), shareText(name)));
      recordShare(platform, profileUsername);
    },
    [name, recordShare, requireUsername],
  );

  /** Instagram has no share page: copy the link, then open Instagram to paste it there. */
  const shareOnInstagram = useCallback(async () => {
    const profileUsername = requireUsername();
    if (!profileUsername) return;
    // Copy before opening the tab: a page that has lost focus may not write to the clipboard.
    if (!(await writeLink(profileUrl(profileUsername)))) return;
    toast({
      title: 'Link copied',
      description: 'Paste it into your Instagram story, post or bio to share the profile.',
    });
    openInNewTab(INSTAGRAM_URL);
    recordShare('instagram', profileUsername);
  }, [recordShare, requireUsername, writeLink]);

  /** Someone chose to show the QR code: counted as a share by QR. */
  const showQrCode = useCallback((): boolean => {
    const profileUsername = requireUsername();
    if (!profileUsername) return false;
    recordShare('qr', profileUsername);
    return true;
  }, [recordShare, requireUsername]);

  return { copyLink, shareNative, shareOnWeb, shareOnInstagram, showQrCode };
}

/** A 'Copied' flag that turns itself off after COPIED_RESET_MS (restarting on each copy). */
export function useCopiedFlag() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const markCopied = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  }, []);

  return { copied, markCopied };
}
