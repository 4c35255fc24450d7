import { Route, Switch } from 'wouter';
import { type PublicProfile } from '@shared/schema/profiles';
import { routePatterns } from '@/lib/paths';
import { buildPublicProfile, buildUser } from '@/testing/fixtures';
import { jsonReply, type MockHandler, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ProfilePage } from '../pages/profile-page';

/** Ada's public profile: the shared fixture, with her name and two brands. */
export function buildProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return buildPublicProfile({
    name: 'Ada Lovelace',
    username: 'ada',
    brands: ['starbucks', 'dunkin'],
    ...overrides,
  });
}

export const ada = buildProfile();

/** Casey, signed in, looking at someone else's profile. */
export const casey = buildUser({ id: 1, name: 'Casey Consumer', username: 'casey' });

export const signedOut = jsonReply(401, { message: 'Not signed in' });

type ProfileRoutes = {
  viewer?: MockHandler<'GET /api/user'>;
  profile?: MockHandler<'GET /api/user/profile/:username'>;
} & MockRoutes;

/** The page's calls: the session (signed out unless told), the profile, and share analytics. */
export function profileRoutes({ viewer, profile, ...others }: ProfileRoutes = {}): MockRoutes {
  return {
    'GET /api/user': viewer ?? signedOut,
    'GET /api/user/profile/:username': profile ?? jsonReply(200, ada),
    'POST /api/analytics/share': jsonReply(201, { ok: true }),
    ...others,
  };
}

/** The page at /u/{username}, as the app routes it; anything else shows where it went. */
export function renderProfilePage(username = 'ada') {
  return renderWithProviders(
    <Switch>
      <Route path={routePatterns.profile}>
        <ProfilePage />
      </Route>
      <Route>
        <p>Elsewhere</p>
      </Route>
    </Switch>,
    { path: `/u/${username}` },
  );
}
