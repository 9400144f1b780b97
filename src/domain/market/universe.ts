/**
 * The simulated US equity universe: well-known large caps across every GICS sector plus four index ETFs
 * (SPY, QQQ, DIA, IWM) from which index levels can be read.
 *
 * Figures are rounded, plausible values for a simulation, not live market data: a reference price (the
 * level the simulated price is anchored around), typical daily volume (shares), shares outstanding (all
 * share classes for multi-class companies; units for ETFs), annualised volatility of daily log returns,
 * and beta to the market factor. Market capitalisation is always computed as price × shares outstanding.
 */

export type Exchange = 'NASDAQ' | 'NYSE' | 'NYSE Arca';
export type AssetType = 'stock' | 'etf';

export interface Instrument {
  symbol: string;
  name: string;
  /** GICS sector for stocks, 'ETF' for funds. */
  sector: string;
  exchange: Exchange;
  type: AssetType;
  referencePrice: number;
  avgDailyVolume: number;
  sharesOutstanding: number;
  /** Annualised volatility of daily log returns, e.g. 0.25 for 25 %. */
  volatility: number;
  beta: number;
  /** For ETFs: the index the fund tracks. */
  tracks?: string;
}

const M = 1e6;
const B = 1e9;

function stock(
  symbol: string,
  name: string,
  sector: string,
  exchange: Exchange,
  referencePrice: number,
  volumeMillions: number,
  sharesBillions: number,
  volatility: number,
  beta: number,
): Instrument {
  return {
    symbol,
    name,
    sector,
    exchange,
    type: 'stock',
    referencePrice,
    avgDailyVolume: volumeMillions * M,
    sharesOutstanding: Math.round(sharesBillions * B),
    volatility,
    beta,
  };
}

function etf(
  symbol: string,
  name: string,
  tracks: string,
  exchange: Exchange,
  referencePrice: number,
  volumeMillions: number,
  sharesBillions: number,
  volatility: number,
  beta: number,
): Instrument {
  return {
    ...stock(symbol, name, 'ETF', exchange, referencePrice, volumeMillions, sharesBillions, volatility, beta),
    type: 'etf',
    tracks,
  };
}

const IT = 'Information Technology';
const COMM = 'Communication Services';
const DISC = 'Consumer Discretionary';
const STAPLES = 'Consumer Staples';
const FIN = 'Financials';
const HEALTH = 'Health Care';

export const UNIVERSE: readonly Instrument[] = [
  // symbol, name, sector, exchange, reference price, daily volume (M), shares (B), volatility, beta
  stock('AAPL', 'Apple Inc.', IT, 'NASDAQ', 230, 55, 15.0, 0.27, 1.2),
  stock('MSFT', 'Microsoft Corporation', IT, 'NASDAQ', 420, 22, 7.43, 0.24, 0.9),
  stock('NVDA', 'NVIDIA Corporation', IT, 'NASDAQ', 135, 240, 24.5, 0.5, 1.7),
  stock('AVGO', 'Broadcom Inc.', IT, 'NASDAQ', 175, 28, 4.7, 0.45, 1.3),
  stock('ORCL', 'Oracle Corporation', IT, 'NYSE', 170, 9, 2.8, 0.32, 1.0),
  stock('CRM', 'Salesforce, Inc.', IT, 'NYSE', 280, 6, 0.96, 0.33, 1.2),
  stock('ADBE', 'Adobe Inc.', IT, 'NASDAQ', 480, 3, 0.44, 0.33, 1.2),
  stock('AMD', 'Advanced Micro Devices, Inc.', IT, 'NASDAQ', 150, 45, 1.62, 0.5, 1.6),
  stock('INTC', 'Intel Corporation', IT, 'NASDAQ', 22, 60, 4.3, 0.45, 1.1),
  stock('CSCO', 'Cisco Systems, Inc.', IT, 'NASDAQ', 58, 18, 4.0, 0.22, 0.85),
  stock('QCOM', 'QUALCOMM Incorporated', IT, 'NASDAQ', 165, 8, 1.11, 0.35, 1.25),
  stock('IBM', 'International Business Machines Corporation', IT, 'NYSE', 220, 4, 0.92, 0.22, 0.75),
  stock('TXN', 'Texas Instruments Incorporated', IT, 'NASDAQ', 195, 6, 0.91, 0.27, 1.0),
  stock('GOOGL', 'Alphabet Inc. (Class A)', COMM, 'NASDAQ', 170, 28, 12.2, 0.3, 1.05),
  stock('META', 'Meta Platforms, Inc.', COMM, 'NASDAQ', 560, 15, 2.52, 0.38, 1.25),
  stock('NFLX', 'Netflix, Inc.', COMM, 'NASDAQ', 700, 3.5, 0.43, 0.38, 1.3),
  stock('DIS', 'The Walt Disney Company', COMM, 'NYSE', 95, 9, 1.81, 0.27, 1.2),
  stock('CMCSA', 'Comcast Corporation', COMM, 'NASDAQ', 40, 20, 3.85, 0.26, 1.0),
  stock('T', 'AT&T Inc.', COMM, 'NYSE', 22, 35, 7.2, 0.2, 0.6),
  stock('VZ', 'Verizon Communications Inc.', COMM, 'NYSE', 42, 18, 4.2, 0.19, 0.45),
  stock('AMZN', 'Amazon.com, Inc.', DISC, 'NASDAQ', 190, 45, 10.5, 0.32, 1.15),
  stock('TSLA', 'Tesla, Inc.', DISC, 'NASDAQ', 250, 95, 3.2, 0.6, 2.0),
  stock('HD', 'The Home Depot, Inc.', DISC, 'NYSE', 380, 3.5, 0.99, 0.22, 1.0),
  stock('MCD', "McDonald's Corporation", DISC, 'NYSE', 290, 3.3, 0.72, 0.17, 0.7),
  stock('NKE', 'NIKE, Inc.', DISC, 'NYSE', 80, 10, 1.5, 0.3, 1.05),
  stock('SBUX', 'Starbucks Corporation', DISC, 'NASDAQ', 95, 8, 1.13, 0.28, 0.95),
  stock('WMT', 'Walmart Inc.', STAPLES, 'NASDAQ', 80, 15, 8.04, 0.18, 0.55),
  stock('PG', 'The Procter & Gamble Company', STAPLES, 'NYSE', 165, 7, 2.36, 0.16, 0.4),
  stock('KO', 'The Coca-Cola Company', STAPLES, 'NYSE', 65, 13, 4.31, 0.15, 0.6),
  stock('PEP', 'PepsiCo, Inc.', STAPLES, 'NASDAQ', 160, 6, 1.37, 0.16, 0.55),
  stock('COST', 'Costco Wholesale Corporation', STAPLES, 'NASDAQ', 880, 2, 0.44, 0.22, 0.8),
  stock('JPM', 'JPMorgan Chase & Co.', FIN, 'NYSE', 220, 9, 2.82, 0.22, 1.1),
  stock('V', 'Visa Inc.', FIN, 'NYSE', 290, 6.5, 1.95, 0.2, 0.95),
  stock('MA', 'Mastercard Incorporated', FIN, 'NYSE', 510, 2.8, 0.92, 0.21, 1.05),
  stock('BAC', 'Bank of America Corporation', FIN, 'NYSE', 42, 35, 7.8, 0.27, 1.3),
  stock('WFC', 'Wells Fargo & Company', FIN, 'NYSE', 65, 17, 3.35, 0.28, 1.15),
  stock('GS', 'The Goldman Sachs Group, Inc.', FIN, 'NYSE', 520, 2.3, 0.31, 0.28, 1.35),
  stock('MS', 'Morgan Stanley', FIN, 'NYSE', 110, 7, 1.61, 0.27, 1.35),
  stock('BRK.B', 'Berkshire Hathaway Inc. (Class B)', FIN, 'NYSE', 460, 3.8, 2.16, 0.17, 0.85),
  stock('AXP', 'American Express Company', FIN, 'NYSE', 260, 3, 0.71, 0.27, 1.2),
  stock('UNH', 'UnitedHealth Group Incorporated', HEALTH, 'NYSE', 540, 3.5, 0.92, 0.26, 0.6),
  stock('JNJ', 'Johnson & Johnson', HEALTH, 'NYSE', 155, 7, 2.41, 0.16, 0.55),
  stock('LLY', 'Eli Lilly and Company', HEALTH, 'NYSE', 850, 3, 0.95, 0.32, 0.45),
  stock('PFE', 'Pfizer Inc.', HEALTH, 'NYSE', 28, 35, 5.67, 0.24, 0.6),
  stock('MRK', 'Merck & Co., Inc.', HEALTH, 'NYSE', 105, 8, 2.53, 0.22, 0.4),
  stock('ABBV', 'AbbVie Inc.', HEALTH, 'NYSE', 180, 6, 1.77, 0.23, 0.55),
  stock('TMO', 'Thermo Fisher Scientific Inc.', HEALTH, 'NYSE', 560, 1.6, 0.38, 0.24, 0.8),
  stock('XOM', 'Exxon Mobil Corporation', 'Energy', 'NYSE', 115, 15, 4.4, 0.24, 0.9),
  stock('CVX', 'Chevron Corporation', 'Energy', 'NYSE', 155, 8, 1.8, 0.25, 1.0),
  stock('BA', 'The Boeing Company', 'Industrials', 'NYSE', 160, 8, 0.75, 0.38, 1.4),
  stock('CAT', 'Caterpillar Inc.', 'Industrials', 'NYSE', 360, 2.7, 0.48, 0.28, 1.1),
  stock('GE', 'GE Aerospace', 'Industrials', 'NYSE', 180, 5, 1.08, 0.3, 1.2),
  stock('HON', 'Honeywell International Inc.', 'Industrials', 'NASDAQ', 210, 3.5, 0.65, 0.2, 0.95),
  stock('UPS', 'United Parcel Service, Inc.', 'Industrials', 'NYSE', 130, 4, 0.86, 0.27, 1.0),
  stock('LIN', 'Linde plc', 'Materials', 'NASDAQ', 460, 2, 0.48, 0.19, 0.85),
  stock('NEE', 'NextEra Energy, Inc.', 'Utilities', 'NYSE', 75, 10, 2.05, 0.24, 0.55),
  stock('PLD', 'Prologis, Inc.', 'Real Estate', 'NYSE', 115, 3.5, 0.93, 0.27, 1.05),
  etf('SPY', 'SPDR S&P 500 ETF Trust', 'S&P 500', 'NYSE Arca', 570, 50, 0.92, 0.16, 1.0),
  etf('QQQ', 'Invesco QQQ Trust', 'NASDAQ-100', 'NASDAQ', 490, 35, 0.58, 0.21, 1.2),
  etf(
    'DIA',
    'SPDR Dow Jones Industrial Average ETF Trust',
    'Dow Jones Industrial Average',
    'NYSE Arca',
    420,
    3.5,
    0.078,
    0.15,
    0.9,
  ),
  etf('IWM', 'iShares Russell 2000 ETF', 'Russell 2000', 'NYSE Arca', 220, 30, 0.33, 0.22, 1.15),
];

const BY_SYMBOL: ReadonlyMap<string, Instrument> = new Map(UNIVERSE.map((i) => [i.symbol, i]));

/** The instrument for a symbol (case-insensitive), or `undefined` for a symbol outside the universe. */
export function findInstrument(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol.trim().toUpperCase());
}
