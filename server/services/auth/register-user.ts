import { eq, or, sql } from 'drizzle-orm';
import { normalizePhone } from '@shared/phone';
import {
  type CurrentUser,
  EMAIL_TAKEN_MESSAGE as EMAIL_TAKEN,
  type registrationSchema,
  USERNAME_TAKEN_MESSAGE as USERNAME_TAKEN,
} from '@shared/schema/users';
import { userBrands, userIdentifiers, users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { hashPassword } from '../../auth/password';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/database-errors';
import { getCurrentUser } from '../users/get-current-user';
import { notify } from '../notifications/notify';
import { requireKnownBrands, requireKnownIdentifiers } from '../catalog/require-known';
import { assertPasswordNotGuessable } from './password-policy';

type RegistrationInput = z.output<typeof registrationSchema>;

export async function registerUser(db: Database, input: RegistrationInput): Promise<CurrentUser> {
  assertPasswordNotGuessable(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const brandIds = input.type === 'consumer' ? [...new Set(input.brands)] : [];
  const identifierIds = input.type === 'consumer' ? [...new Set(input.identifiers)] : [];

  try {
    return await db.transaction(async (tx) => {
      const taken = await tx
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.email})`, input.email.toLowerCase()),
            eq(sql`lower(${users.username})`, input.username.toLowerCase()),
          ),
        );
      const errors: Record<string, string> = {};
      for (const row of taken) {
        if (row.username.toLowerCase() === input.username.toLowerCase())
          errors.username = USERNAME_TAKEN;
        if (row.email.toLowerCase() === input.email.toLowerCase()) errors.email = EMAIL_TAKEN;
      }
      if (errors.username || errors.email) {
        throw new AppError('CONFLICT', errors.username ?? errors.email ?? USERNAME_TAKEN, {
          errors,
        });
      }

      await requireKnownBrands(tx, brandIds);
      await requireKnownIdentifiers(tx, identifierIds);

      const [created] = await tx
        .insert(users)
        .values({
          type: input.type,
          email: input.email,
          username: input.username,
          passwordHash,
          name: input.name,
          phone: input.type === 'consumer' ? normalizePhone(input.phoneNumber) : null,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('Insert returned no user');

      if (brandIds.length > 0) {
        await tx
          .insert(userBrands)
          .values(brandIds.map((brandId) => ({ userId: created.id, brandId })));
      }
      if (identifierIds.length > 0) {
        await tx
          .insert(userIdentifiers)
          .values(identifierIds.map((identifierId) => ({ userId: created.id, identifierId })));
      }
      await notify(tx, {
        recipientId: created.id,
        type: 'system',
        referenceType: 'profile',
        referenceId: created.id,
        message:
          input.type === 'business'
            ? 'Welcome to mark.it! Complete your profile so customers know who is behind your pins.'
            : 'Welcome to mark.it! Complete your profile so friends can find you.',
      });
      const user = await getCurrentUser(tx, created.id);
      if (!user) throw new Error('Registered user not found');
      return user;
    });
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides, the loser gets a 409.
    const constraint = isUniqueViolation(error);
    if (constraint === 'users_username_lower_idx') {
      throw new AppError('CONFLICT', USERNAME_TAKEN, { errors: { username: USERNAME_TAKEN } });
    }
    if (constraint === 'users_email_lower_idx') {
      throw new AppError('CONFLICT', EMAIL_TAKEN, { errors: { email: EMAIL_TAKEN } });
    }
    throw error;
  }
}
