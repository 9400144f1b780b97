import type { ServerSample } from '../../services/system/metrics';
import type { QueryResolvers } from '../generated/resolvers';

const toSampleShape = ({ at, ...figures }: ServerSample) => ({ timestamp: new Date(at).toISOString(), ...figures });

export const monitoringQueries: Pick<QueryResolvers, 'serverMetrics'> = {
  serverMetrics: async (_parent, { minutes }, { services }) => {
    const metrics = await services.system.serverMetrics(minutes);
    return {
      ...metrics,
      current: metrics.current && toSampleShape(metrics.current),
      samples: metrics.samples.map(toSampleShape),
    };
  },
};
