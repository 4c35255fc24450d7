import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadsContracts } from '@shared/contracts/leads';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { type LeadRequestBody } from '../lib/lead-form';

/** Adds a lead the business met outside the app. */
export const createLead = (body: LeadRequestBody) => call(leadsContracts.create, { body });

type UseCreateLeadOptions = { mutationConfig?: MutationConfig<typeof createLead> };

export function useCreateLead({ mutationConfig }: UseCreateLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createLead,
    onSuccess: (...args) => {
      void invalidate(queryClient, leadsContracts);
      return onSuccess?.(...args);
    },
  });
}
