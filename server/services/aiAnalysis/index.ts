import { writeRuleBasedAnalysis, type AnalysisInputs } from '../../../src/domain/aiAnalysis/ruleBasedWriter';
import type { AnalysisSource } from '../../../src/domain/aiAnalysis/sources';
import type { Instrument } from '../../../src/domain/market/universe';
import { SCAN_LABELS, type ScanHit, type ScanType } from '../../../src/domain/scanner/scanTypes';
import type { Portfolio } from '../../../src/domain/trading/account';
import { TtlCache } from '../cache';
import type { LlmClient } from '../chat/llm/chatCompletions';
import { badField } from '../errors';
import type { MarketData, TechnicalAnalysisResult } from '../market/model';
import type { NewsItem } from '../news';
import { writeWithLlm } from './llmWriter';
import { windowLimiter } from '../../windowLimiter';

/** An analysis is reused for this long per user and symbol. */
export const ANALYSIS_CACHE_MS = 60_000;
/** Language-model analyses per user per LLM_WINDOW_MS (this process); beyond it the rule-based writer answers. */
export const LLM_ANALYSES_PER_WINDOW = 5;
export const LLM_WINDOW_MS = 60_000;
/** Recent stories read for the news sentiment. */
export const ANALYSIS_NEWS = 10;

/** Scans whose hit leans bullish (true) or bearish (false); activity scans lean neither. */
const SCAN_LEAN: Readonly<Record<ScanType, boolean | null>> = {
  TOP_GAINERS: true,
  TOP_LOSERS: false,
  MOST_ACTIVE: null,
  UNUSUAL_VOLUME: null,
  NEW_HIGHS: true,
  NEW_LOWS: false,
  RSI_OVERSOLD: true,
  RSI_OVERBOUGHT: false,
  MACD_BULLISH_CROSS: true,
  MACD_BEARISH_CROSS: false,
  GOLDEN_CROSS: true,
  DEATH_CROSS: false,
  BREAKOUT: true,
  GAP_UP: true,
  GAP_DOWN: false,
};

export interface AiAnalysisResult {
  symbol: string;
  text: string;
  sources: AnalysisSource[];
  generatedBy: 'RULES' | 'LLM';
  model: string | null;
  generatedAt: string;
}

export interface AiAnalysisDependencies {
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  quote: (symbol: string) => Promise<MarketData | null>;
  analysis: (symbol: string) => Promise<TechnicalAnalysisResult | null>;
  symbolHits: (symbol: string) => Promise<{ scanType: ScanType; hit: ScanHit }[]>;
  news: (symbol: string, limit: number) => Promise<NewsItem[]>;
  portfolio: (userId: string) => Promise<Portfolio>;
  llm: LlmClient | null;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
  llmPerWindow?: number;
}

/**
 * aiAnalysis(symbol) (issue 16 point 6): the facts gathered from the market, technical analysis, scanner, news and
 * the user's own portfolio, written by the language model when one is configured (within its per-user limit, and
 * only when its answer cites nothing but tool results) and by the rule-based writer otherwise.
 */
export function createAiAnalysisService(deps: AiAnalysisDependencies) {
  const { now, log, llm } = deps;
  const cache = new TtlCache<string, AiAnalysisResult>({
    ttlMs: ANALYSIS_CACHE_MS,
    maxEntries: 1_000,
    now: () => now().getTime(),
    name: 'aiAnalysis',
  });
  const admitLlm = windowLimiter(deps.llmPerWindow ?? LLM_ANALYSES_PER_WINDOW, LLM_WINDOW_MS, () => now().getTime());

  async function gather(userId: string, symbol: string, name: string): Promise<AnalysisInputs> {
    const [quote, analysis, hits, news, portfolio] = await Promise.all([
      deps.quote(symbol),
      deps.analysis(symbol),
      deps.symbolHits(symbol),
      deps.news(symbol, ANALYSIS_NEWS),
      deps.portfolio(userId),
    ]);
    if (!quote) throw badField('symbol', `symbol: no quote for "${symbol}" yet`);
    const at = now().toISOString();
    const held = portfolio.positions.find((p) => p.symbol === symbol && p.quantity !== 0);
    return {
      symbol,
      name,
      quote: { price: quote.price, changePercent: quote.changePercent, asOf: quote.timestamp },
      technical: analysis && {
        asOf: analysis.timestamp,
        trend: analysis.trend,
        recommendation: analysis.recommendation,
        rsi: analysis.indicators.rsi,
        macdHistogram: analysis.indicators.macd.histogram,
        sma20: analysis.indicators.sma20,
        sma50: analysis.indicators.sma50,
        support: analysis.support,
        resistance: analysis.resistance,
      },
      scans: hits.map(({ scanType, hit }) => ({
        label: SCAN_LABELS[scanType],
        criterion: hit.criterion,
        bullish: SCAN_LEAN[scanType],
        asOf: at,
      })),
      news: news.map((item) => ({
        id: item.id,
        headline: item.headline,
        sentiment: item.sentiment,
        url: /^https?:\/\//.test(item.url) ? item.url : null,
        publishedAt: item.publishedAt,
      })),
      position: held
        ? {
            quantity: held.quantity,
            averageCost: held.averageCost,
            unrealizedPnL: held.unrealizedPnL,
            unrealizedPnLPercent: held.unrealizedPnLPercent,
            weightPercent: portfolio.totalValue > 0 ? (100 * held.marketValue) / portfolio.totalValue : 0,
            asOf: portfolio.lastUpdated,
          }
        : null,
    };
  }

  async function generate(userId: string, symbol: string, name: string): Promise<AiAnalysisResult> {
    const inputs = await gather(userId, symbol, name);
    const result = { symbol, generatedAt: now().toISOString() };
    if (llm && admitLlm(userId) === 0) {
      try {
        return { ...result, ...(await writeWithLlm(llm, inputs)), generatedBy: 'LLM', model: llm.model };
      } catch (error) {
        log.warn(
          { symbol, reason: error instanceof Error ? error.message : String(error) },
          'AI analysis: the language model’s answer was not used; the rule-based writer answers',
        );
      }
    }
    return { ...result, ...writeRuleBasedAnalysis(inputs), generatedBy: 'RULES', model: null };
  }

  return {
    /** The analysis of `symbol` for `userId` (cached ANALYSIS_CACHE_MS per user and symbol). */
    async analysis(userId: string, symbolArgument: string): Promise<AiAnalysisResult> {
      const symbol = symbolArgument.trim().toUpperCase();
      const instrument = (await deps.instruments()).get(symbol);
      if (!instrument) throw badField('symbol', `symbol: unknown symbol "${symbol.slice(0, 20)}"`);
      return cache.load(`${userId}\u0000${symbol}`, () => generate(userId, symbol, instrument.name));
    },
  };
}

export type AiAnalysisService = ReturnType<typeof createAiAnalysisService>;
