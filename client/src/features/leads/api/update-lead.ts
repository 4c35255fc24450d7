import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadsContracts } from '@shared/contracts/leads';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { type LeadPatchBody } from '../lib/lead-form';

/** Changes only the fields given; another business's lead answers 404. */
export const updateLead = ({ id, changes }: { id: number; changes: LeadPatchBody }) =>
  call(leadsContracts.update, { params: { id }, body: changes });

type UseUpdateLeadOptions = { mutationConfig?: MutationConfig<typeof updateLead> };

export function useUpdateLead({ mutationConfig }: UseUpdateLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateLead,
    onSuccess: (...args) => {
      void invalidate(queryClient, leadsContracts);
      return onSuccess?.(...args);
    },
  });
}
