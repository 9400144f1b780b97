import { createFileRoute } from '@tanstack/react-router';
import { prefetchStock } from '../../../features/stocks/prefetchStock';
import { StockDetailsPage } from '../../../features/stocks/StockDetailsPage';

export const Route = createFileRoute('/_shell/stocks/$symbol')({
  loader: ({ context, params }) => prefetchStock(context.queryClient, params.symbol),
  component: StockDetailsRoute,
});

function StockDetailsRoute() {
  const { symbol } = Route.useParams();
  return <StockDetailsPage symbol={symbol} />;
}
