import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db';
import { localReportTemplates, reportTemplateSyncStates, type TemplateSync } from '../../data/reportTemplates';
import { deviceReportTemplatesQuery } from './queries';

/**
 * The saved templates on this device (live from Dexie) with the sync state of each, refreshed in the background from
 * the server. `templates` is undefined until Dexie answers; `refresh` is the server read (its error, Retry).
 */
export function useReportTemplates() {
  const db = localDb();
  const refresh = useQuery(deviceReportTemplatesQuery());
  const templates = useLiveQuery(() => localReportTemplates(db), [db]);
  const sync = useLiveQuery(() => reportTemplateSyncStates(db), [db], new Map<string, TemplateSync>());
  return { templates, sync, refresh };
}
