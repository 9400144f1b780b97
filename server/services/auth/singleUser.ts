import { eq } from 'drizzle-orm';
import { DEFAULT_PREFERENCES } from '../../../src/domain/preferences';
import type { Database } from '../../db/client';
import { preferences, users } from '../../db/schema';

/**
 * Makes sure the single-user mode's user (verified, with the spec's single-user default preferences)
 * exists and returns its id. Existing preferences are left as the user changed them.
 */
export async function ensureSingleUser(db: Database, email: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.insert(users).values({ email, isVerified: true }).onConflictDoNothing({ target: users.email });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`single user ${email} could not be created`);
    await tx
      .insert(preferences)
      .values({ userId: user.id, ...DEFAULT_PREFERENCES })
      .onConflictDoNothing({ target: preferences.userId });
    return user.id;
  });
}
