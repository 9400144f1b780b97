import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { UpdatePreferencesDocument, type PreferencesInput } from '../../graphql/generated/graphql';
import { meQuery } from './queries';

/** Saves preferences (a partial update) and puts the returned user into the `me` cache. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'updatePreferences'],
    mutationFn: (input: PreferencesInput) => gqlRequest(UpdatePreferencesDocument, { input }),
    onSuccess: ({ updatePreferences }) => queryClient.setQueryData(meQuery().queryKey, { me: updatePreferences }),
  });
}
