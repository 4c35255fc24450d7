import { useMutation } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { type ReportMessageInput } from '@shared/schema/messages';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

export type ReportMessageVariables = ReportMessageInput & { username: string; id: number };

/** Reports someone else's message for review. */
export const reportMessage = ({ username, id, ...body }: ReportMessageVariables) =>
  call(messagesContracts.report, { params: { username, id }, body });

type UseReportMessageOptions = { mutationConfig?: MutationConfig<typeof reportMessage> };

export function useReportMessage({ mutationConfig }: UseReportMessageOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: reportMessage });
}
