import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage';
import { analyticsPeriodOf } from '../../features/analytics/analyticsPeriods';
import { DEFAULT_ANALYTICS_TAB, parseAnalyticsSearch } from '../../features/analytics/analyticsTabs';

export const Route = createFileRoute('/_shell/analytics')({
  validateSearch: parseAnalyticsSearch,
  component: AnalyticsRoute,
});

// A tab or period change is a history entry: Back returns to the previous one.
function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AnalyticsPage
      tab={search.tab ?? DEFAULT_ANALYTICS_TAB}
      period={analyticsPeriodOf(search.period)}
      onTabChange={(tab) => void navigate({ search: (prev) => ({ ...prev, tab }) })}
      onPeriodChange={(period) => void navigate({ search: (prev) => ({ ...prev, period }) })}
    />
  );
}
