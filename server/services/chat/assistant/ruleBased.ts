import type { AssistantReply } from '../send';
import { analysisReply, commandReply, portfolioReply, quoteLine, unknownSymbolReply } from './commandReplies';
import { signedPercent } from './format';
import { ASSISTANT_HEADLINES, newsLines } from './newsLines';
import type { AssistantPorts } from './ports';

/** Said when a request needs a language model and none is configured. */
export const NO_LLM_TEXT =
  "A language model is not configured on this server, so I can only answer about your portfolio, a stock's price or technical analysis, the market overview, and slash commands. Type /help to see them.";

export type Intent = 'portfolio' | 'analysis' | 'quote' | 'market' | 'help' | 'unknown';

const PORTFOLIO_WORDS = /\b(portfolio|holdings?|positions?|balance|cash|buying power|my account|p&l|profit|loss)\b/i;
const ANALYSIS_WORDS =
  /\b(analy[sz]e|analysis|technical|rsi|macd|trend|indicator|support|resistance|should i (buy|sell)|outlook)\b/i;
const QUOTE_WORDS = /\b(price|quote|trading at|worth|cost|how is|how's|doing)\b/i;
const MARKET_WORDS = /\b(market|markets|overview|breadth|gainers|losers|movers|today)\b/i;
const HELP_WORDS = /\b(help|what can you do|commands?|how do i)\b|^\s*(hi|hello|hey)\b/i;

/** The intent of a free-text message, and the symbol it mentions. */
export function classify(text: string, symbol: string | undefined): Intent {
  if (symbol && ANALYSIS_WORDS.test(text)) return 'analysis';
  if (symbol) return 'quote';
  if (PORTFOLIO_WORDS.test(text)) return 'portfolio';
  if (MARKET_WORDS.test(text)) return 'market';
  if (QUOTE_WORDS.test(text) || ANALYSIS_WORDS.test(text)) return 'unknown';
  if (HELP_WORDS.test(text)) return 'help';
  return 'unknown';
}

/**
 * The built-in assistant used when no language model is configured: answers the common intents (portfolio,
 * a symbol's price or analysis with its latest headlines and their sentiment, the market overview, help) from real
 * data, and says plainly what it cannot do.
 */
export async function ruleBasedReply(ports: AssistantPorts, userId: string, text: string): Promise<AssistantReply> {
  const symbol = await ports.findSymbol(text);
  switch (classify(text, symbol)) {
    case 'portfolio':
      return portfolioReply(await ports.portfolio(userId));
    case 'analysis': {
      if (!symbol) break;
      const [analysis, quote, news] = await Promise.all([
        ports.analysis(symbol),
        ports.quote(symbol),
        ports.news(symbol, ASSISTANT_HEADLINES),
      ]);
      if (!analysis) return unknownSymbolReply(symbol);
      const reply = analysisReply(analysis, quote);
      return { ...reply, content: [reply.content, ...newsLines(symbol, news)].join('\n') };
    }
    case 'quote': {
      if (!symbol) break;
      const [quote, news] = await Promise.all([ports.quote(symbol), ports.news(symbol, ASSISTANT_HEADLINES)]);
      if (!quote) return unknownSymbolReply(symbol);
      return {
        content: [
          `${quoteLine(quote)}. Day range ${quote.low.toFixed(2)} to ${quote.high.toFixed(2)}. Ask for an analysis or type \`/analyze ${symbol}\` for the chart.`,
          ...newsLines(symbol, news),
        ].join('\n'),
        metadata: null,
      };
    }
    case 'market': {
      const market = await ports.market();
      const movers = (list: typeof market.gainers) =>
        list.map((quote) => `${quote.symbol} ${signedPercent(quote.changePercent)}`).join(', ') || 'none';
      return {
        content: [
          '**Market overview**',
          '',
          `- Breadth: ${market.advancing} advancing, ${market.declining} declining, ${market.unchanged} unchanged`,
          `- Top gainers: ${movers(market.gainers)}`,
          `- Top losers: ${movers(market.losers)}`,
        ].join('\n'),
        metadata: null,
      };
    }
    case 'help':
      return commandReply(ports, userId, { kind: 'help' });
    case 'unknown':
      break;
  }
  return { content: NO_LLM_TEXT, metadata: { alertType: 'info', description: 'Language model not configured' } };
}
