import { useMutation } from '@tanstack/react-query';
import { profilesContracts } from '@shared/contracts/profiles';
import { type ReportReason } from '@shared/constants';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

export type ReportProfileRequest = { username: string; reason: ReportReason; details?: string };

/** A signed-in user reports someone else's profile for review (one open report per profile). */
export const reportProfile = ({ username, reason, details }: ReportProfileRequest) =>
  call(profilesContracts.report, {
    params: { username },
    body: { reason, ...(details ? { details } : {}) },
  });

type UseReportProfileOptions = { mutationConfig?: MutationConfig<typeof reportProfile> };

/** Nothing on screen depends on reports, so nothing to refresh. */
export function useReportProfile({ mutationConfig }: UseReportProfileOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: reportProfile });
}
