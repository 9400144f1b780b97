import { useMutation } from '@tanstack/react-query';
import { localDb } from '../../data/db';
import { storeReportSchedule } from '../../data/reportTemplates';
import { gqlRequest } from '../../graphql/client';
import {
  DeleteReportScheduleDocument,
  SetReportScheduleDocument,
  type ReportScheduleInput,
} from '../../graphql/generated/graphql';

/**
 * Schedules are online only, never queued: an e-mail set up while offline would be sent at a time the user no longer
 * expects. The server's answer is stored into the template's row on this device.
 */
export function useSetReportSchedule() {
  return useMutation({
    mutationFn: async (input: ReportScheduleInput) => {
      const { setReportSchedule } = await gqlRequest(SetReportScheduleDocument, { input });
      await storeReportSchedule(localDb(), setReportSchedule.templateId, setReportSchedule);
      return setReportSchedule;
    },
  });
}

export function useDeleteReportSchedule() {
  return useMutation({
    mutationFn: async (templateId: string) => {
      await gqlRequest(DeleteReportScheduleDocument, { templateId });
      await storeReportSchedule(localDb(), templateId, null);
    },
  });
}
