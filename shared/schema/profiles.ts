import { z } from 'zod';
import {
  LIMITS,
  PROFILE_REPORT_STATUSES,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  SHARE_PLATFORMS,
  USER_TYPES,
} from '../constants';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  impersonation: 'Pretending to be someone else',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
};

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const shareEventSchema = z.object({
  platform: z.enum(SHARE_PLATFORMS, {
    error: `platform must be one of ${SHARE_PLATFORMS.join(', ')}`,
  }),
  profileUsername: z
    .string({ error: 'profileUsername is required' })
    .trim()
    .min(1, 'profileUsername is required')
    .max(LIMITS.usernameLookupMax, 'Profile not found'),
});
export type ShareEventInput = z.input<typeof shareEventSchema>;

export const reportProfileSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason for the report' }),
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
    .default(''),
});
export type ReportProfileInput = z.input<typeof reportProfileSchema>;

export const PROFILE_MESSAGES = {
  notFound: 'Profile not found',
  reportSelf: 'You cannot report your own profile',
  reportOpen: 'You have already reported this profile; we are looking into it',
  shareRateLimited: 'Too many shares. Please try again later.',
} as const;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A public profile — public fields only, never e-mail, phone or anything private. */
export const publicProfileSchema = z
  .object({
    name: z.string(),
    username: z.string(),
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
    /** Accepted friendships. */
    friendsCount: z.number().int().describe('Accepted friendships'),
    /** Favourite brand slugs, e.g. ['starbucks', 'dunkin']. */
    brands: z.array(z.string()).describe("Favourite brand slugs, e.g. ['starbucks', 'dunkin']"),
    type: z.enum(USER_TYPES),
  })
  .describe('A public profile: public fields only, never e-mail, phone or anything private');
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A report of a profile, as its reporter sees it. */
export const profileReportSchema = z
  .object({
    id: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    status: z.enum(PROFILE_REPORT_STATUSES),
  })
  .describe('A report of a profile, as its reporter sees it');
export type ProfileReport = z.infer<typeof profileReportSchema>;

/** POST /api/analytics/share: the share was recorded. */
export const shareResultSchema = z
  .object({ ok: z.literal(true) })
  .describe('The share was recorded');
export type ShareResult = z.infer<typeof shareResultSchema>;
