import { createFileRoute } from '@tanstack/react-router';
import { StockDetailsPage } from '../../../features/stocks/StockDetailsPage';

export const Route = createFileRoute('/_shell/stock/$symbol')({ component: StockDetailsRoute });

function StockDetailsRoute() {
  const { symbol } = Route.useParams();
  return <StockDetailsPage symbol={symbol} />;
}
