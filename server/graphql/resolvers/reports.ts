import type { MutationResolvers, QueryResolvers, ResolversTypes } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';
import type { ReportTemplateModel } from '../../services/reports';

type Template = ResolversTypes['ReportTemplate'];

/** The stored definition as the schema's ReportDefinition (its sections and preset are the enums' names). */
const toTemplate = (model: ReportTemplateModel): Template => model as Template;

export const reportQueries: Pick<QueryResolvers, 'reportTemplates'> = {
  reportTemplates: async (_parent, _args, { user, services }) =>
    (await services.reports.templates.list(user.id)).map(toTemplate),
};

export const reportMutations: Pick<
  MutationResolvers,
  | 'createReportTemplate'
  | 'updateReportTemplate'
  | 'deleteReportTemplate'
  | 'setReportSchedule'
  | 'deleteReportSchedule'
> = {
  createReportTemplate: async (_parent, args, context) =>
    toTemplate(await context.services.reports.templates.create(mutationCall(context), args)),
  updateReportTemplate: async (_parent, args, context) =>
    toTemplate(await context.services.reports.templates.update(mutationCall(context), args)),
  deleteReportTemplate: (_parent, { id }, context) =>
    context.services.reports.templates.remove(mutationCall(context), id),
  setReportSchedule: (_parent, { input }, context) =>
    context.services.reports.schedules.set(mutationCall(context), input),
  deleteReportSchedule: (_parent, { templateId }, context) =>
    context.services.reports.schedules.remove(mutationCall(context), templateId),
};
