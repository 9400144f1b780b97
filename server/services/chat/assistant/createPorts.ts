import type { Instrument } from '../../../../src/domain/market/universe';
import type { MarketDataProvider } from '../../market';
import { marketOverview, quoteView, symbolFinder } from './marketPorts';
import type { AnalysisView, AssistantPorts } from './ports';

export interface AssistantPortDependencies {
  market: MarketDataProvider;
  /** The market service's technical analysis (over exactly the daily candles `candles(symbol, "1D")` returns). */
  analysis: (symbol: string) => Promise<AnalysisView | null>;
  portfolio: AssistantPorts['portfolio'];
  performance: AssistantPorts['performance'];
  createAlert: AssistantPorts['createAlert'];
  strategies: AssistantPorts['strategies'];
  /** The news service's stories about a symbol. */
  news: AssistantPorts['news'];
}

/** The assistant's view of the app: market data from the provider; portfolio and alerts from their services. */
export function createAssistantPorts({
  market,
  analysis,
  portfolio,
  performance,
  createAlert,
  strategies,
  news,
}: AssistantPortDependencies): AssistantPorts {
  let instruments: Promise<readonly Instrument[]> | undefined;
  const universe = () => (instruments ??= Promise.resolve(market.getInstruments()));
  let finder: Promise<(text: string) => string | undefined> | undefined;
  return {
    quote: async (symbol) => quoteView(market, await universe())(symbol),
    analysis: async (symbol) => (await analysis(symbol)) ?? undefined,
    portfolio,
    performance,
    market: async () => marketOverview(market, await universe()),
    createAlert,
    strategies,
    news,
    findSymbol: async (text) => (await (finder ??= universe().then(symbolFinder)))(text),
  };
}
