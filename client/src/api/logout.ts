import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api, errorMessage } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export const logout = (): Promise<{ message: string }> => api.post('/logout', {});

type UseLogoutOptions = { mutationConfig?: MutationConfig<typeof logout> };

export function useLogout({ mutationConfig }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: logout,
    onSuccess: (...args) => {
      // Signed out at once; nothing cached for the previous user may outlive the session.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
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
