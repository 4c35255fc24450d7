import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead } from '@shared/schema/notifications';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { type LeadRequestBody } from '../lib/lead-form';
import { LEADS_QUERY_KEY } from './get-leads';

/** Adds a lead the business met outside the app. */
export const createLead = (body: LeadRequestBody): Promise<Lead> =>
  api.post('/business/leads', body);

type UseCreateLeadOptions = { mutationConfig?: MutationConfig<typeof createLead> };

export function useCreateLead({ mutationConfig }: UseCreateLeadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createLead,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
