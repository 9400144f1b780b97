// The paper engine as the tests build it: its instruments index derived from its market, as the server's services
// do (server/services/index.ts), so a test names only the market.
import { createMarketService } from '../../server/services/market';
import { createTradingEngine, type TradingEngine, type TradingEngineDeps } from '../../server/services/trading';

export function createTestEngine(deps: Omit<TradingEngineDeps, 'instruments'>): TradingEngine {
  return createTradingEngine({ ...deps, instruments: createMarketService(deps.market, deps.now).instruments });
}
