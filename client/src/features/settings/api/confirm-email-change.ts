import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmailChangeConfirm } from '@shared/schema/profile-settings';
import { type MessageResult } from '@shared/schema/users';
import { PROFILE_SETTINGS_QUERY_KEY } from '@/api/get-profile-settings';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

/** Follows the link of an e-mail change (the token is the proof; no session needed). */
export const confirmEmailChange = (input: EmailChangeConfirm): Promise<MessageResult> =>
  api.post('/user/email/confirm', input);

type UseConfirmEmailChangeOptions = { mutationConfig?: MutationConfig<typeof confirmEmailChange> };

export function useConfirmEmailChange({ mutationConfig }: UseConfirmEmailChangeOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: confirmEmailChange,
    onSuccess: (...args) => {
      // Signed in here too: the account's e-mail is now the new one.
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROFILE_SETTINGS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
