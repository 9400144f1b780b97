/** The last answer of an analytics query, kept for offline reading; `key` names the query and its variables. */
export interface LocalCachedReport {
  key: string;
  data: unknown;
  updatedAt: string;
}
