/** A saved Custom reports template as the device holds it (the server's shape, local edits applied). */
export interface LocalReportTemplate {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}
