import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsContracts } from '@shared/contracts/settings';
import { contractQuery } from '@/lib/query-client';

/**
 * The signed-in user's own editable details (Settings edits them; the pin wizard previews a
 * business's). Not under the user's key: signing out drops it with everything else.
 */
export const getProfileSettingsQueryOptions = () =>
  queryOptions(contractQuery(settingsContracts.get));

export function useProfileSettings() {
  return useQuery(getProfileSettingsQueryOptions());
}
