import { analyze } from '../../../../src/domain/indicators';
import type { Instrument } from '../../../../src/domain/market/universe';
import type { MarketDataProvider } from '../../market/provider';
import { marketOverview, quoteView, symbolFinder } from './marketPorts';
import type { AssistantPorts } from './ports';

/** Daily candles a technical analysis is computed over. */
export const ANALYSIS_DAILY_CANDLES = 300;

export interface AssistantPortDependencies {
  market: MarketDataProvider;
  now: () => Date;
  portfolio: AssistantPorts['portfolio'];
  performance: AssistantPorts['performance'];
  createAlert: AssistantPorts['createAlert'];
}

/** The assistant's view of the app: market data from the provider; portfolio and alerts from their services. */
export function createAssistantPorts({
  market,
  now,
  portfolio,
  performance,
  createAlert,
}: AssistantPortDependencies): AssistantPorts {
  let instruments: Promise<readonly Instrument[]> | undefined;
  const universe = () => (instruments ??= Promise.resolve(market.getInstruments()));
  let finder: Promise<(text: string) => string | undefined> | undefined;
  return {
    quote: async (symbol) => quoteView(market, await universe())(symbol),
    analysis: async (symbol) => {
      const candles = await market.getCandles(symbol, '1D', ANALYSIS_DAILY_CANDLES);
      return candles.length === 0 ? undefined : { symbol: symbol.toUpperCase(), ...analyze(candles, now().getTime()) };
    },
    portfolio,
    performance,
    market: async () => marketOverview(market, await universe()),
    createAlert,
    findSymbol: async (text) => (await (finder ??= universe().then(symbolFinder)))(text),
  };
}
