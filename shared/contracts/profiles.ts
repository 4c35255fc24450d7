import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import { usernameParam } from '../params';
import {
  PROFILE_MESSAGES,
  profileReportSchema,
  publicProfileSchema,
  reportProfileSchema,
  shareEventSchema,
} from '../schema/profiles';

const tag = 'Profiles';

export const profilesContracts = contractGroup('profiles', {
  get: defineContract({
    method: 'get',
    path: '/user/profile/:username',
    summary: "A user's public profile",
    tag,
    access: 'public',
    params: usernameParam,
    answer: {
      kind: 'json',
      status: 200,
      schema: publicProfileSchema,
      description: 'The profile',
    },
    errors: { 404: 'No user has that username' },
  }),
  qrCode: defineContract({
    method: 'get',
    path: '/user/qr-code/:username',
    summary: "A QR code of the profile's address",
    tag,
    access: 'public',
    params: usernameParam,
    answer: { kind: 'raw', contentType: 'image/png', description: 'The QR code as a PNG' },
    errors: { 404: 'No user has that username' },
  }),
  recordShare: defineContract({
    method: 'post',
    path: '/analytics/share',
    summary: 'Record that a profile was shared',
    tag,
    access: 'public',
    body: shareEventSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: z.object({ ok: z.literal(true) }),
      description: 'Recorded',
    },
    errors: { 404: 'No user has the username of the shared profile' },
    rateLimits: [
      {
        name: 'share',
        per: 'address',
        setting: 'sharesPerHour',
        windowSeconds: 60 * 60,
        message: PROFILE_MESSAGES.shareRateLimited,
      },
    ],
  }),
  report: defineContract({
    method: 'post',
    path: '/users/:username/report',
    summary: 'Report a profile',
    tag,
    access: 'signed-in',
    params: usernameParam,
    body: reportProfileSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: profileReportSchema,
      description: 'The report, stored for review',
    },
    errors: {
      400: 'The profile is your own',
      404: 'No user has that username',
      409: 'You already have an open report of this profile',
    },
  }),
});
