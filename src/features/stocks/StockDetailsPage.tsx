import { LuChartCandlestick } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function StockDetailsPage({ symbol }: { symbol: string }) {
  const ticker = symbol.toUpperCase();
  return (
    <PlaceholderPage
      title={`Stock details: ${ticker}`}
      description="Quotes, charts and technical analysis for one symbol."
      icon={LuChartCandlestick}
      emptyTitle="Market data is not available yet"
      emptyText={`The price chart, quote and technical analysis for ${ticker} will appear here once market data is connected.`}
    />
  );
}
