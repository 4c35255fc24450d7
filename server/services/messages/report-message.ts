import { MESSAGE_MESSAGES } from '@shared/schema/messages';
import { messageReports } from '@shared/tables/messages';
import { type ReportReason } from '@shared/constants';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { findConversationMessage } from './delete-message';

/**
 * Reports the other participant's message for review, keeping its text as it is now. One open
 * report per reporter and message (a unique index, so two at once make one).
 */
export async function reportMessage(
  db: Database,
  me: number,
  username: string,
  id: number,
  input: { reason: ReportReason; details: string },
): Promise<{ id: number; status: 'open' }> {
  try {
    return await db.transaction(async (tx) => {
      const { message } = await findConversationMessage(tx, me, username, id);
      if (message.senderId === me) throw new AppError('VALIDATION', MESSAGE_MESSAGES.reportOwn);
      const [report] = await tx
        .insert(messageReports)
        .values({
          messageId: id,
          reporterId: me,
          reason: input.reason,
          details: input.details,
          reportedText: message.text,
        })
        .returning({ id: messageReports.id });
      if (!report) throw new Error('Report was not stored');
      return { id: report.id, status: 'open' as const };
    });
  } catch (error) {
    if (isUniqueViolation(error) === 'message_reports_open_idx') {
      throw new AppError('CONFLICT', MESSAGE_MESSAGES.reportOpen);
    }
    throw error;
  }
}
