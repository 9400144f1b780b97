import { Grid, GridItem } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense } from 'react';
import { LuSearchX } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { AI_ANALYSIS_BODY_H, AiAnalysisSection } from '../ai-analysis/AiAnalysisSection';
import { DeferredCard } from '../../components/page/DeferredCard';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { stockHeading } from '../../domain/pageHeadings';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SkippedCardSlot } from '../../components/page/SkipWhileOffscreen';
import { LiveChangeText } from '../market/LiveChangeText';
import { LiveQuoteText } from '../market/LiveQuoteText';
import { formatUsd } from '../market/formatMarket';
import { marketDataQuery } from '../market/queries';
import type { MarketDataQuery, MarketQuoteFragment } from '../../graphql/generated/graphql';
import { SymbolSearch } from '../market/SymbolSearch';
import { useLiveQuoteWhen } from '../market/useLiveQuote';
import { useLiveQuotes } from '../market/useLiveQuotes';
import { OrderTicketCard } from '../orders/components/OrderTicketCard';
import { ChartCard } from './components/ChartCard';
import { QuotePanel } from './components/QuotePanel';
import { TechnicalAnalysisCard } from './components/TechnicalAnalysisCard';

const NewsCard = lazy(() => import('../news/NewsCard'));

/** What the page itself reads of the quote: whether the symbol exists and its name (not the moving figures). */
function quoteIdentity(data: MarketDataQuery) {
  return data.marketData ? { name: data.marketData.name } : null;
}

const knownQuote = (quote: MarketQuoteFragment | null) => quote !== null;
const quotePrice = (quote: MarketQuoteFragment) => formatUsd(quote.price);

/** The header's price and change: on a tick only their texts re-render. */
const LivePriceLine = memo(function LivePriceLine({ symbol }: { symbol: string }) {
  const quote = useLiveQuoteWhen(symbol, knownQuote);
  return quote ? (
    <>
      <LiveQuoteText symbol={symbol} text={quotePrice} /> <LiveChangeText symbol={symbol} />
    </>
  ) : null;
});

/**
 * Stock details (stocks/$symbol and stock/$symbol): live quote, chart with indicators, analysis, order ticket.
 * The page renders once per symbol; the figures that move (header line, quote panel, last bar) read the
 * quote store themselves. The order ticket, the analysis and the news (below the first screen on a phone) are
 * built in background renders (Deferred) behind skeletons, those in card slots only once scrolled near.
 */
export function StockDetailsPage({ symbol }: { symbol: string }) {
  const ticker = symbol.toUpperCase();
  const query = useQuery({ ...marketDataQuery(ticker), select: quoteIdentity });
  useLiveQuotes(query.data ? [ticker] : []);
  const quote = query.data ?? null;

  if (query.isSuccess && !quote) {
    return (
      <>
        <PageHeader title={stockHeading(ticker).title} />
        <EmptyStateCard
          icon={LuSearchX}
          title={`Unknown symbol ${ticker}`}
          description="This symbol is not traded in the market this app follows. Check the spelling or pick another one."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={quote ? `${ticker} · ${quote.name}` : stockHeading(ticker).title}
        description={quote ? <LivePriceLine symbol={ticker} /> : stockHeading(ticker).description}
        actions={<SymbolSearch />}
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' }}
        templateAreas={{
          base: '"quote" "chart" "ticket" "analysis" "news"',
          xl: '"chart ticket" "chart quote" "analysis quote" "analysis news"',
        }}
        gap="5"
        alignItems="start"
      >
        <GridItem area="chart" minW="0">
          <ComponentErrorBoundary name="Chart">
            <ChartCard symbol={ticker} />
          </ComponentErrorBoundary>
        </GridItem>
        <GridItem area="ticket" minW="0">
          <DeferredCard title={`Trade ${ticker}`} skeletonH="21rem" errorName="Order ticket">
            {() => <OrderTicketCard symbol={ticker} />}
          </DeferredCard>
        </GridItem>
        <GridItem area="quote" minW="0">
          {quote ? (
            <QuotePanel symbol={ticker} />
          ) : (
            <SectionCard title="Quote">
              <QueryContent query={query} what="Quote">
                {() => null}
              </QueryContent>
            </SectionCard>
          )}
        </GridItem>
        <GridItem area="analysis" minW="0" display="flex" flexDirection="column" gap="5">
          <DeferredCard title="Technical analysis" skeletonH="24rem">
            {() => <TechnicalAnalysisCard symbol={ticker} />}
          </DeferredCard>
          <SkippedCardSlot title="AI analysis" bodyH={AI_ANALYSIS_BODY_H}>
            {(skeleton) => <AiAnalysisSection symbol={ticker} skeleton={skeleton} />}
          </SkippedCardSlot>
        </GridItem>
        <GridItem area="news" minW="0">
          <SkippedCardSlot title="News" bodyH="20rem">
            {(skeleton) => (
              <ComponentErrorBoundary name="News">
                <Suspense fallback={skeleton}>
                  <NewsCard symbols={[ticker]} description={`Stories about ${ticker}`} />
                </Suspense>
              </ComponentErrorBoundary>
            )}
          </SkippedCardSlot>
        </GridItem>
      </Grid>
    </>
  );
}
