import { useMutation } from '@tanstack/react-query';
import { accountDataContracts } from '@shared/contracts/account-data';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Everything kept about the signed-in user; asked for when they click, never cached. */
export const exportAccount = () => call(accountDataContracts.export);

type UseExportAccountOptions = { mutationConfig?: MutationConfig<typeof exportAccount> };

export function useExportAccount({ mutationConfig }: UseExportAccountOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: exportAccount });
}
