import { useMutation } from '@tanstack/react-query';
import { type SharePlatform } from '@shared/constants';
import { api } from '@/lib/api-client';

export type ShareProfileRequest = { platform: SharePlatform; profileUsername: string };

/** Records that someone shared a profile (analytics). Open to guests. */
export const shareProfile = ({ platform, profileUsername }: ShareProfileRequest) =>
  api.post<{ ok: true }>('/analytics/share', { platform, profileUsername });

/**
 * A failure to record a share is ignored — the share itself already happened, so the
 * visitor is never told about it (callers use `mutate`, which never throws).
 */
export function useShareProfile() {
  return useMutation({ mutationFn: shareProfile });
}
