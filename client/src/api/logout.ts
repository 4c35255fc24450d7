import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { toast } from '@/components/ui/use-toast';
import { call, errorMessage } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { getUserQueryOptions } from './get-user';

export const logout = () => call(authContracts.logout);

type UseLogoutOptions = { mutationConfig?: MutationConfig<typeof logout> };

export function useLogout({ mutationConfig }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: logout,
    onSuccess: (...args) => {
      // Signed out at once; nothing cached for the previous user may outlive the session.
      const { queryKey } = getUserQueryOptions();
      queryClient.setQueryData(queryKey, null);
      queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey }, query) });
      toast({ title: 'Success', description: 'Logged out successfully' });
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      toast({
        variant: 'destructive',
        title: 'Logout Failed',
        description: errorMessage(args[0], 'Failed to logout'),
      });
      return onError?.(...args);
    },
  });
}
