/**
 * Custom reports (issue 15 points 6 and 7): saved templates and their schedules (./templates.ts, ./schedules.ts),
 * the report document of a definition (./document.ts) as PDF or CSV (./exports.ts), and the leader's job that
 * e-mails the schedules due (./deliveryJob.ts).
 */
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { Database } from '../../db/client';
import type { PerformanceReportInput, PerformanceReportResult } from '../analytics/performanceReport';
import type { EmailTransport } from '../notifications';
import { createReportDeliveryJob, type DeliveryJobDeps } from './deliveryJob';
import { createReportBuilder } from './document';
import { createReportExports } from './exports';
import { createScheduleService } from './schedules';
import { createTemplateService } from './templates';

export interface ReportsDeps {
  db: Database;
  now: () => Date;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  performanceReport: (userId: string, input: PerformanceReportInput) => Promise<PerformanceReportResult>;
  portfolio: (userId: string) => Promise<Portfolio>;
  email: EmailTransport;
  log: DeliveryJobDeps['log'];
}

export function createReportsService(deps: ReportsDeps) {
  const build = createReportBuilder(deps);
  return {
    templates: createTemplateService(deps),
    schedules: createScheduleService(deps),
    /** POST /api/reports/export */
    exportReport: createReportExports({ build, now: deps.now }),
    /** The leader's e-mailing of the schedules due (singleton work, started by server/app.ts). */
    deliveryJob: createReportDeliveryJob({ db: deps.db, now: deps.now, email: deps.email, build, log: deps.log }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
export type { ReportTemplateModel } from './templates';
export type { ReportScheduleModel } from './schedules';
