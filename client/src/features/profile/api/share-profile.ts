import { useMutation } from '@tanstack/react-query';
import { profilesContracts } from '@shared/contracts/profiles';
import { type ShareEventInput } from '@shared/schema/profiles';
import { call } from '@/lib/api-client';

/** Records that someone shared a profile (analytics). Open to guests. */
export const shareProfile = (body: ShareEventInput) =>
  call(profilesContracts.recordShare, { body });

/**
 * A failure to record a share is ignored — the share itself already happened, so the
 * visitor is never told about it (callers use `mutate`, which never throws).
 */
export function useShareProfile() {
  return useMutation({ mutationFn: shareProfile });
}
