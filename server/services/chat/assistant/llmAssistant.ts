import type { ChatMessageMetadataRecord } from '../../../../src/domain/chat/messages';
import { DEFAULT_CHART_INTERVAL } from '../../../../src/domain/chat/messages';
import { parsePositiveNumber, parseSymbol } from '../../../../src/domain/chat/slashCommands';
import type { LlmClient, LlmMessage } from '../llm/chatCompletions';
import { runToolLoop, type LlmToolHandler } from '../llm/toolLoop';
import type { AssistantReply, AssistantRequest } from '../send';
import { ANALYSIS_CHART_INDICATORS, orderProposal } from './commandReplies';
import type { AssistantPorts } from './ports';

export const SYSTEM_PROMPT = [
  'You are the AI trading assistant of a trading app for retail traders (paper trading by default).',
  'Answer concisely in markdown. Use the tools for every price, indicator, portfolio figure or alert: never invent numbers.',
  'You cannot place orders. To suggest a trade, call propose_order: the user sees an order card and decides to confirm it.',
  'Do not give personalised financial advice; describe what the data shows and its risks.',
  'Slash commands the user can type: /buy, /sell, /analyze, /portfolio, /performance, /strategy, /alert, /help.',
].join(' ');

/** Stories the model's news tool returns. */
const LLM_HEADLINES = 5;

const symbolParameter = { type: 'string', description: 'Ticker symbol, e.g. AAPL' };

function requireSymbol(args: Record<string, unknown>): string {
  const symbol = parseSymbol(typeof args.symbol === 'string' ? args.symbol : undefined);
  if (!symbol) throw new Error('symbol: expected a ticker symbol');
  return symbol;
}

function requirePositive(args: Record<string, unknown>, field: string): number {
  const value = args[field];
  const parsed =
    typeof value === 'number'
      ? value > 0 && Number.isFinite(value)
        ? value
        : undefined
      : parsePositiveNumber(String(value));
  if (parsed === undefined) throw new Error(`${field}: expected a positive number`);
  return parsed;
}

/** The tools offered to the model; `cards` collects the cards the reply will carry. */
function assistantTools(ports: AssistantPorts, userId: string, cards: ChatMessageMetadataRecord): LlmToolHandler[] {
  return [
    {
      tool: {
        name: 'get_quote',
        description: 'Latest quote of a stock: price, change, bid/ask, day range, volume',
        parameters: { type: 'object', properties: { symbol: symbolParameter }, required: ['symbol'] },
      },
      run: async (args) => (await ports.quote(requireSymbol(args))) ?? { error: 'unknown symbol' },
    },
    {
      tool: {
        name: 'get_technical_analysis',
        description: 'Daily technical analysis of a stock: RSI, MACD, moving averages, Bollinger bands, trend, signals',
        parameters: { type: 'object', properties: { symbol: symbolParameter }, required: ['symbol'] },
      },
      run: async (args) => {
        const symbol = requireSymbol(args);
        const analysis = await ports.analysis(symbol);
        if (!analysis) return { error: 'unknown symbol' };
        cards.chartData = { symbol, interval: DEFAULT_CHART_INTERVAL, indicators: ANALYSIS_CHART_INDICATORS };
        return analysis;
      },
    },
    {
      tool: {
        name: 'get_news',
        description:
          'Newest news stories about a stock: headline, source, time and sentiment (-1 negative to 1 positive)',
        parameters: { type: 'object', properties: { symbol: symbolParameter }, required: ['symbol'] },
      },
      run: async (args) => ({ news: await ports.news(requireSymbol(args), LLM_HEADLINES) }),
    },
    {
      tool: {
        name: 'get_portfolio',
        description: "The user's portfolio: total value, cash, buying power, profit and loss, positions",
        parameters: { type: 'object', properties: {} },
      },
      run: () => ports.portfolio(userId),
    },
    {
      tool: {
        name: 'get_market_overview',
        description: 'Market breadth and the biggest movers today',
        parameters: { type: 'object', properties: {} },
      },
      run: () => ports.market(),
    },
    {
      tool: {
        name: 'propose_order',
        description: 'Show the user an order card to confirm (does NOT place the order)',
        parameters: {
          type: 'object',
          properties: {
            action: { type: 'string', enum: ['buy', 'sell'] },
            symbol: symbolParameter,
            quantity: { type: 'number', description: 'Number of shares' },
            limitPrice: { type: 'number', description: 'Optional limit price; omit for a market order' },
          },
          required: ['action', 'symbol', 'quantity'],
        },
      },
      run: async (args) => {
        if (args.action !== 'buy' && args.action !== 'sell') throw new Error('action: expected buy or sell');
        const symbol = requireSymbol(args);
        const shares = requirePositive(args, 'quantity');
        const limit =
          args.limitPrice === undefined || args.limitPrice === null ? undefined : requirePositive(args, 'limitPrice');
        const quote = await ports.quote(symbol);
        if (!quote) return { error: 'unknown symbol' };
        const proposal = orderProposal(args.action, quote, shares, limit);
        cards.tradingData = proposal.metadata?.tradingData ?? null;
        return { proposed: true, card: cards.tradingData, note: 'The user must press Confirm to place it.' };
      },
    },
    {
      tool: {
        name: 'create_price_alert',
        description: 'Create a price alert that notifies the user when the price goes above or below a value',
        parameters: {
          type: 'object',
          properties: {
            symbol: symbolParameter,
            condition: { type: 'string', enum: ['above', 'below'] },
            triggerPrice: { type: 'number' },
          },
          required: ['symbol', 'condition', 'triggerPrice'],
        },
      },
      run: async (args) => {
        if (args.condition !== 'above' && args.condition !== 'below')
          throw new Error('condition: expected above or below');
        const alert = await ports.createAlert(userId, {
          symbol: requireSymbol(args),
          condition: args.condition,
          triggerPrice: requirePositive(args, 'triggerPrice'),
        });
        cards.alertType = 'success';
        cards.description = alert.message;
        cards.action = 'alert';
        return alert;
      },
    },
  ];
}

function toLlmMessages(request: AssistantRequest): LlmMessage[] {
  const history: LlmMessage[] = request.history
    .filter((message) => message.type !== 'system')
    .map((message) =>
      message.type === 'user'
        ? { role: 'user', content: message.content }
        : { role: 'assistant', content: message.content },
    );
  const attached = request.attachments.map((file) => file.name).join(', ');
  const text = attached ? `${request.text}\n\n[attached: ${attached}]` : request.text;
  return [{ role: 'system', content: SYSTEM_PROMPT }, ...history, { role: 'user', content: text }];
}

/** Free text answered by the configured language model, with tools backed by the app's services. */
export async function llmReply(
  client: LlmClient,
  ports: AssistantPorts,
  request: AssistantRequest,
): Promise<AssistantReply> {
  const cards: ChatMessageMetadataRecord = {};
  const result = await runToolLoop({
    client,
    messages: toLlmMessages(request),
    handlers: assistantTools(ports, request.userId, cards),
    onText: request.onText,
  });
  const content = result.content.trim() || (cards.tradingData ? 'Here is the order for you to review.' : 'Done.');
  return { content, metadata: Object.keys(cards).length > 0 ? cards : null };
}
