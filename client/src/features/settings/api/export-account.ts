import { useMutation } from '@tanstack/react-query';
import { type AccountExport } from '@shared/schema/account-data';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Everything kept about the signed-in user; asked for when they click, never cached. */
export const exportAccount = (): Promise<AccountExport> => api.get<AccountExport>('/user/export');

type UseExportAccountOptions = { mutationConfig?: MutationConfig<typeof exportAccount> };

export function useExportAccount({ mutationConfig }: UseExportAccountOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: exportAccount });
}
