import { authorizationHeader } from '../../auth/token';
import { downloadRefusal, fileNameFrom, saveBlob } from '../../lib/saveFile';
import { NETWORK_ERROR_TEXT } from '../../graphql/errors';
import type { ReportDefinitionInput } from '../../graphql/generated/graphql';

export type ReportFormat = 'pdf' | 'csv';

/**
 * Asks POST /api/reports/export for the report as a file and saves it under the server's file name
 * (`report-{start}_{end}.pdf` or `.csv`) through a Blob link. Throws an Error whose message is shown as it is.
 */
export async function downloadReport(format: ReportFormat, definition: ReportDefinitionInput): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/reports/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: authorizationHeader() },
      body: JSON.stringify({ format, definition }),
      cache: 'no-store',
    });
  } catch {
    throw new Error(NETWORK_ERROR_TEXT);
  }
  if (!response.ok) throw new Error(await downloadRefusal(response));
  const fileName = fileNameFrom(response.headers.get('content-disposition'), `report.${format}`);
  saveBlob(fileName, await response.blob());
  return fileName;
}
