import {
  PROFILE_MESSAGES,
  type ProfileReport,
  type reportProfileSchema,
} from '@shared/schema/profiles';
import { profileReports } from '@shared/tables/profiles';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { findUserByUsername } from './find-user-by-username';

type ReportData = z.output<typeof reportProfileSchema>;

/** A signed-in user reports someone else's profile; one open report per reporter and profile. */
export async function reportProfile(
  db: Database,
  reporterId: number,
  username: string,
  input: ReportData,
): Promise<ProfileReport> {
  const reported = await findUserByUsername(db, username);
  if (reported.id === reporterId) throw new AppError('VALIDATION', PROFILE_MESSAGES.reportSelf);
  try {
    const [report] = await db
      .insert(profileReports)
      .values({
        reporterId,
        reportedUserId: reported.id,
        reason: input.reason,
        details: input.details,
      })
      .returning({
        id: profileReports.id,
        reason: profileReports.reason,
        status: profileReports.status,
      });
    if (!report) throw new Error('Report was not recorded');
    return report;
  } catch (error) {
    if (isUniqueViolation(error) === 'profile_reports_open_idx') {
      throw new AppError('CONFLICT', PROFILE_MESSAGES.reportOpen);
    }
    throw error;
  }
}
