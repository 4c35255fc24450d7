import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { LEADS_QUERY_KEY } from './get-leads';

/** Removes one of the business's leads for good. */
export const deleteLead = ({ id }: { id: number }): Promise<void> =>
  api.delete(`/business/leads/${id}`);

type UseDeleteLeadOptions = { mutationConfig?: MutationConfig<typeof deleteLead> };

export function useDeleteLead({ mutationConfig }: UseDeleteLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deleteLead,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
