import { useEffect } from 'react';

/** Short product name used in the browser tab (the manifest's short_name). */
export const APP_SHORT_NAME = 'AI Trader';

export function documentTitle(page: string): string {
  return `${page} · ${APP_SHORT_NAME}`;
}

/** Sets the browser tab's title to `<page> · AI Trader`. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
