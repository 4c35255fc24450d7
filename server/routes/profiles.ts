import { Router } from 'express';
import { z } from 'zod';
import { PROFILE_MESSAGES, reportProfileSchema, shareEventSchema } from '@shared/schema/profiles';
import { type RouteDependencies } from '../app-context';
import { requireSession, requireUser } from '../auth/guards';
import { parseInput } from '../lib/validate';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';
import { getPublicProfile } from '../services/profiles/get-public-profile';
import { createProfileQrCode } from '../services/profiles/profile-qr-code';
import { recordShare } from '../services/profiles/record-share';
import { reportProfile } from '../services/profiles/report-profile';

const usernameParam = z.object({
  username: z.string().trim().min(1, PROFILE_MESSAGES.notFound).max(60, PROFILE_MESSAGES.notFound),
});

const QR_MAX_AGE_SECONDS = 60 * 60;

export function profilesRouter({ db, config }: RouteDependencies): Router {
  const router = Router();

  router.get('/user/profile/:username', async (request, response) => {
    const { username } = parseInput(usernameParam, request.params);
    response.json(await getPublicProfile(db, username));
  });

  router.get('/user/qr-code/:username', async (request, response) => {
    const { username } = parseInput(usernameParam, request.params);
    // The profile's absolute URL, as this request reached the app (trust proxy decides the scheme).
    const origin = `${request.protocol}://${request.get('host')}`;
    const { png } = await createProfileQrCode(db, username, origin);
    response
      .set('Cache-Control', `public, max-age=${QR_MAX_AGE_SECONDS}`)
      .set('Vary', 'Host')
      .type('png')
      .send(png);
  });

  router.post('/analytics/share', async (request, response) => {
    const input = parseInput(shareEventSchema, request.body);
    await consumeRateLimit(db, {
      key: `share:address:${request.ip}`,
      limit: config.rateLimits.sharesPerHour,
      windowSeconds: 60 * 60,
      message: PROFILE_MESSAGES.shareRateLimited,
    });
    await recordShare(db, { ...input, sharedBy: request.user?.id ?? null });
    response.status(201).json({ ok: true });
  });

  router.post('/users/:username/report', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { username } = parseInput(usernameParam, request.params);
    const input = parseInput(reportProfileSchema, request.body);
    response.status(201).json(await reportProfile(db, user.id, username, input));
  });

  return router;
}
