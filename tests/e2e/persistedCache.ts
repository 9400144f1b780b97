// The persisted query cache as the app leaves it in the browser (idb-keyval's default store, key `query-cache`).
import type { Page } from 'playwright-core';

/** The persisted query cache's text, or '' before it has been written. */
export function persistedQueryCache(page: Page): Promise<string> {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it empty under idb-keyval's feet.
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'keyval-store')) return '';
    return new Promise<string>((resolve) => {
      const request = indexedDB.open('keyval-store');
      request.onerror = () => resolve('');
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('keyval')) {
          db.close();
          resolve('');
          return;
        }
        const get = db.transaction('keyval').objectStore('keyval').get('query-cache');
        get.onsuccess = () => {
          db.close();
          resolve(typeof get.result === 'string' ? get.result : '');
        };
        get.onerror = () => resolve('');
      };
    });
  });
}
