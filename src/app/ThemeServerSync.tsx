import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Theme } from '../graphql/generated/graphql';
import { useUpdatePreferences } from '../features/user/mutations';
import { meQuery } from '../features/user/queries';
import { useThemeState } from '../theme/themeStore';

/**
 * Spec §4: the theme is synced to the server when it changes. Once the user's preferences are known,
 * whenever the theme in effect differs from the server's, it is sent with updatePreferences (once per
 * difference; a failure is not retried until the theme or the server's value changes).
 */
export function ThemeServerSync() {
  const { theme } = useThemeState();
  const serverTheme = useQuery(meQuery()).data?.me.preferences.theme;
  const { mutate } = useUpdatePreferences();
  const attempted = useRef<string | null>(null);
  const wanted: Theme = theme === 'dark' ? 'DARK' : 'LIGHT';

  useEffect(() => {
    if (serverTheme === undefined || serverTheme === wanted) {
      attempted.current = null;
      return;
    }
    const difference = `${serverTheme}->${wanted}`;
    if (attempted.current === difference) return;
    attempted.current = difference;
    mutate({ theme: wanted });
  }, [serverTheme, wanted, mutate]);

  return null;
}
