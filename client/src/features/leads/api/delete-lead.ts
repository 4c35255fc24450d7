import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadsContracts } from '@shared/contracts/leads';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Removes one of the business's leads for good. */
export const deleteLead = ({ id }: { id: number }) =>
  call(leadsContracts.remove, { params: { id } });

type UseDeleteLeadOptions = { mutationConfig?: MutationConfig<typeof deleteLead> };

export function useDeleteLead({ mutationConfig }: UseDeleteLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deleteLead,
    onSuccess: (...args) => {
      void invalidate(queryClient, leadsContracts);
      return onSuccess?.(...args);
    },
  });
}
