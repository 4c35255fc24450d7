import { profilesContracts as contracts } from '@shared/contracts/profiles';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { getPublicProfile } from '../services/profiles/get-public-profile';
import { createProfileQrCode } from '../services/profiles/profile-qr-code';
import { recordShare } from '../services/profiles/record-share';
import { reportProfile } from '../services/profiles/report-profile';

const QR_MAX_AGE_SECONDS = 60 * 60;

export function profilesRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.get, ({ params }) => getPublicProfile(db, params.username)),
    implement(contracts.qrCode, async ({ params, request, response }) => {
      // The profile's absolute URL, as this request reached the app (trust proxy decides the scheme).
      const origin = `${request.protocol}://${request.get('host')}`;
      const { png } = await createProfileQrCode(db, params.username, origin);
      response
        .set('Cache-Control', `public, max-age=${QR_MAX_AGE_SECONDS}`)
        .set('Vary', 'Host')
        .type('png')
        .send(png);
    }),
    implement(contracts.recordShare, async ({ body, user }) => {
      await recordShare(db, { ...body, sharedBy: user?.id ?? null });
      return { ok: true as const };
    }),
    implement(contracts.report, ({ user, params, body }) =>
      reportProfile(db, user.id, params.username, body),
    ),
  ];
}
