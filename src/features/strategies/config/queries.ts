import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../../graphql/client';
import { StrategyConfigDocument } from '../../../graphql/generated/graphql';
import { strategyKeys } from '../queries';

/** The strategy with its definition (`code`), under its detail key so that every update of it refreshes this too. */
export function strategyConfigQuery(id: string) {
  return queryOptions({
    queryKey: [...strategyKeys.detail(id), 'config'] as const,
    queryFn: () => gqlRequest(StrategyConfigDocument, { id }),
  });
}
