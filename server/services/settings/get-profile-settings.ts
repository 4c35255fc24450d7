import { eq, sql } from 'drizzle-orm';
import { type ProfileSettings } from '@shared/schema/profile-settings';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { unauthenticated } from '../../lib/errors';

// The user's own details, brands and identifiers in one statement, built once.
const settingsRow = preparedStatement('profile_settings', (db: Executor) =>
  db
    .select({
      type: users.type,
      name: users.name,
      username: users.username,
      email: users.email,
      profilePicture: users.profilePicture,
      phone: users.phone,
      contactEmail: users.contactEmail,
      website: users.website,
      description: users.description,
      brands: sql<
        string[]
      >`coalesce((select array_agg(ub.brand_id order by ub.brand_id) from user_brands ub where ub.user_id = users.id), '{}')`,
      identifiers: sql<
        number[]
      >`coalesce((select array_agg(ui.identifier_id order by ui.identifier_id) from user_identifiers ui where ui.user_id = users.id), '{}')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** What the settings page edits. */
export async function getProfileSettings(db: Executor, userId: number): Promise<ProfileSettings> {
  const [row] = await settingsRow(db, 'all').execute({ userId });
  // The session outlived its account (deleted meanwhile): the same as no session.
  if (!row) throw unauthenticated();
  const business = row.type === 'business';
  return {
    type: row.type,
    name: row.name,
    username: row.username,
    email: row.email,
    profilePicture: row.profilePicture,
    phone: row.phone,
    // A business's brands are those it accepts at its counter; a consumer's, their favourites.
    brands: business ? [] : row.brands,
    identifiers: row.identifiers.map(Number),
    contactEmail: business ? row.contactEmail : null,
    website: business ? row.website : null,
    description: business ? row.description : null,
    acceptedBrands: business ? row.brands : [],
  };
}
