import { authorizationHeader } from '../../auth/token';
import { downloadRefusal, fileNameFrom, saveBlob } from '../../lib/saveFile';
import { errorText } from '../../graphql/errors';

/** The word the user types to delete the account (the server checks the same word). */
export const DELETE_CONFIRMATION = 'DELETE';

/** The file name the server gave the export (`content-disposition`), or a dated default. */
export function exportFileName(contentDisposition: string | null, today = new Date()): string {
  return fileNameFrom(contentDisposition, `tradingapp-data-${today.toISOString().slice(0, 10)}.json`);
}

/** Downloads GET /api/account/export (every row the app keeps about the user) as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/account/export', {
    headers: { accept: 'application/json', authorization: authorizationHeader() },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(await downloadRefusal(response));
  saveBlob(exportFileName(response.headers.get('content-disposition')), await response.blob());
}

/** What to show for a failed account action: the error's own text (spec §8 generic rules). */
export function accountActionError(error: unknown): string {
  return error instanceof Error && !('response' in error) ? error.message : errorText(error);
}
