import { useMutation } from '@tanstack/react-query';
import { type ReportMessageInput } from '@shared/schema/messages';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { conversationPath } from '@/api/messages-query-keys';

export type ReportMessageVariables = ReportMessageInput & { username: string; id: number };

/** Reports someone else's message for review. */
export const reportMessage = ({
  username,
  id,
  ...body
}: ReportMessageVariables): Promise<unknown> =>
  api.post(`${conversationPath(username)}/${id}/report`, body);

type UseReportMessageOptions = { mutationConfig?: MutationConfig<typeof reportMessage> };

export function useReportMessage({ mutationConfig }: UseReportMessageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: reportMessage });
}
