import { type DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/errors';

export async function checkHealth(
  database: DatabaseHandle,
): Promise<{ status: 'ok'; database: string }> {
  try {
    await database.ping();
  } catch {
    throw new AppError('UNAVAILABLE', 'The database is not reachable');
  }
  return { status: 'ok', database: database.kind };
}
