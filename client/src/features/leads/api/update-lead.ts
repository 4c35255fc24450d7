import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead } from '@shared/schema/notifications';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { type LeadPatchBody } from '../lib/lead-form';
import { LEADS_QUERY_KEY } from './get-leads';

/** Changes only the fields given; another business's lead answers 404. */
export const updateLead = ({
  id,
  changes,
}: {
  id: number;
  changes: LeadPatchBody;
}): Promise<Lead> => api.patch(`/business/leads/${id}`, changes);

type UseUpdateLeadOptions = { mutationConfig?: MutationConfig<typeof updateLead> };

export function useUpdateLead({ mutationConfig }: UseUpdateLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateLead,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
