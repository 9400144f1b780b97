import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage';
import { DEFAULT_ANALYTICS_TAB, parseAnalyticsSearch } from '../../features/analytics/analyticsTabs';

export const Route = createFileRoute('/_shell/analytics')({
  validateSearch: parseAnalyticsSearch,
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AnalyticsPage
      tab={tab ?? DEFAULT_ANALYTICS_TAB}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  );
}
