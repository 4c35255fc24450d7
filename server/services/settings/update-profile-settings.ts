import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizePhone } from '@shared/phone';
import {
  type ProfileSettings,
  type profileSettingsUpdateSchema,
  SETTINGS_MESSAGES,
} from '@shared/schema/profile-settings';
import { USERNAME_TAKEN_MESSAGE } from '@shared/schema/users';
import { uploads } from '@shared/tables/posts';
import { userBrands, userIdentifiers, users } from '@shared/tables/users';
import { UPLOADS_URL_PREFIX } from '@shared/uploads';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, unauthenticated } from '../../lib/errors';
import { requireKnownBrands, requireKnownIdentifiers } from '../catalog/require-known';
import { getProfileSettings } from './get-profile-settings';

type ProfileSettingsUpdate = z.output<typeof profileSettingsUpdateSchema>;

const CONSUMER_ONLY = ['brands', 'identifiers'] as const;
const BUSINESS_ONLY = ['contactEmail', 'website', 'description', 'acceptedBrands'] as const;

const invalid = (errors: Record<string, string>) =>
  new AppError('VALIDATION', Object.values(errors)[0] ?? 'Invalid input', { errors });

const usernameTaken = () =>
  new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, {
    errors: { username: USERNAME_TAKEN_MESSAGE },
  });

/** '' (a cleared field) is kept as null. */
const orNull = (value: string) => (value === '' ? null : value);

/** Whether the address names an image this user uploaded here. */
async function isOwnUpload(db: Executor, userId: number, url: string): Promise<boolean> {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
  const fileName = url.slice(UPLOADS_URL_PREFIX.length);
  const [found] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileName, fileName), eq(uploads.ownerId, userId)));
  return Boolean(found);
}

/**
 * Changes the fields sent, in one transaction: the account type's own fields only, a username no
 * one else has in any letter case, a picture this user uploaded, brands and identifiers from the
 * catalogue (each list replaced as a whole). Answers the settings as they now are.
 */
export async function updateProfileSettings(
  db: Database,
  userId: number,
  input: ProfileSettingsUpdate,
): Promise<ProfileSettings> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          type: users.type,
          username: users.username,
          profilePicture: users.profilePicture,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!current) throw unauthenticated();

      const wrongType: Record<string, string> = {};
      const [notMine, message] =
        current.type === 'consumer'
          ? [BUSINESS_ONLY, SETTINGS_MESSAGES.businessOnly]
          : [CONSUMER_ONLY, SETTINGS_MESSAGES.consumerOnly];
      for (const field of notMine) if (input[field] !== undefined) wrongType[field] = message;
      if (Object.keys(wrongType).length > 0) throw invalid(wrongType);

      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;

      if (input.username !== undefined && input.username !== current.username) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(sql`lower(${users.username})`, input.username.toLowerCase()),
              ne(users.id, userId),
            ),
          );
        if (taken) throw usernameTaken();
        changes.username = input.username;
      }

      // A picture is one uploaded here by this user; the one already set may stay as it is.
      if (input.profilePicture !== undefined && input.profilePicture !== current.profilePicture) {
        if (input.profilePicture !== null) {
          if (!(await isOwnUpload(tx, userId, input.profilePicture))) {
            throw invalid({ profilePicture: SETTINGS_MESSAGES.pictureUnknown });
          }
        }
        changes.profilePicture = input.profilePicture;
      }

      if (input.phone !== undefined) {
        if (input.phone === '') {
          // A consumer registered with a phone and keeps one; a business may have none.
          if (current.type === 'consumer') {
            throw invalid({ phone: SETTINGS_MESSAGES.phoneRequired });
          }
          changes.phone = null;
        } else {
          changes.phone = normalizePhone(input.phone);
        }
      }

      if (input.contactEmail !== undefined) changes.contactEmail = orNull(input.contactEmail);
      if (input.website !== undefined) changes.website = orNull(input.website);
      if (input.description !== undefined) changes.description = orNull(input.description);

      if (Object.keys(changes).length > 0) {
        await tx.update(users).set(changes).where(eq(users.id, userId));
      }

      if (input.brands !== undefined) {
        const brandIds = [...new Set(input.brands)];
        await requireKnownBrands(tx, brandIds);
        await tx.delete(userBrands).where(eq(userBrands.userId, userId));
        await tx.insert(userBrands).values(brandIds.map((brandId) => ({ userId, brandId })));
      }
      // A business's brands are the ones it accepts at its counter (none is a choice too).
      if (input.acceptedBrands !== undefined) {
        const brandIds = [...new Set(input.acceptedBrands)];
        await requireKnownBrands(tx, brandIds);
        await tx.delete(userBrands).where(eq(userBrands.userId, userId));
        if (brandIds.length > 0) {
          await tx.insert(userBrands).values(brandIds.map((brandId) => ({ userId, brandId })));
        }
      }
      if (input.identifiers !== undefined) {
        const identifierIds = [...new Set(input.identifiers)];
        await requireKnownIdentifiers(tx, identifierIds);
        await tx.delete(userIdentifiers).where(eq(userIdentifiers.userId, userId));
        if (identifierIds.length > 0) {
          await tx
            .insert(userIdentifiers)
            .values(identifierIds.map((identifierId) => ({ userId, identifierId })));
        }
      }

      return getProfileSettings(tx, userId);
    });
  } catch (error) {
    // Two people taking the same username at once: the unique index decides.
    if (isUniqueViolation(error) === 'users_username_lower_idx') throw usernameTaken();
    throw error;
  }
}
