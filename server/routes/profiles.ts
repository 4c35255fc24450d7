import { z } from 'zod';
import {
  PROFILE_MESSAGES,
  profileReportSchema,
  publicProfileSchema,
  reportProfileSchema,
  shareEventSchema,
} from '@shared/schema/profiles';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { usernameParam } from '../lib/validate';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';
import { getPublicProfile } from '../services/profiles/get-public-profile';
import { createProfileQrCode } from '../services/profiles/profile-qr-code';
import { recordShare } from '../services/profiles/record-share';
import { reportProfile } from '../services/profiles/report-profile';

const QR_MAX_AGE_SECONDS = 60 * 60;

export function profilesRoutes({ db, config }: RouteDependencies): ApiRoute[] {
  const tag = 'Profiles';
  return [
    defineRoute({
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
      handle: ({ params }) => getPublicProfile(db, params.username),
    }),
    defineRoute({
      method: 'get',
      path: '/user/qr-code/:username',
      summary: "A QR code of the profile's address",
      tag,
      access: 'public',
      params: usernameParam,
      answer: { kind: 'raw', contentType: 'image/png', description: 'The QR code as a PNG' },
      handle: async ({ params, request, response }) => {
        // The profile's absolute URL, as this request reached the app (trust proxy decides the scheme).
        const origin = `${request.protocol}://${request.get('host')}`;
        const { png } = await createProfileQrCode(db, params.username, origin);
        response
          .set('Cache-Control', `public, max-age=${QR_MAX_AGE_SECONDS}`)
          .set('Vary', 'Host')
          .type('png')
          .send(png);
      },
    }),
    defineRoute({
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
      handle: async ({ request, body, user }) => {
        await consumeRateLimit(db, {
          key: `share:address:${request.ip}`,
          limit: config.rateLimits.sharesPerHour,
          windowSeconds: 60 * 60,
          message: PROFILE_MESSAGES.shareRateLimited,
        });
        await recordShare(db, { ...body, sharedBy: user?.id ?? null });
        return { ok: true as const };
      },
    }),
    defineRoute({
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
      handle: ({ user, params, body }) => reportProfile(db, user.id, params.username, body),
    }),
  ];
}
