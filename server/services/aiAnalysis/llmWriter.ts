import {
  analysisFacts,
  type AnalysisInputs,
  type WrittenAnalysis,
} from '../../../src/domain/aiAnalysis/ruleBasedWriter';
import { untracedNumbers, type AnalysisSource, type SourceFact } from '../../../src/domain/aiAnalysis/sources';
import type { LlmClient } from '../chat/llm/chatCompletions';
import { runToolLoop, type LlmToolHandler } from '../chat/llm/toolLoop';

export const ANALYSIS_PROMPT = [
  'You write a short analysis of one stock for a retail trader, in markdown without HTML:',
  'technical picture, market scanner hits, news sentiment, and the user’s own position.',
  'Call the tools for the facts. Use ONLY numbers that appear in tool results, written as they appear there,',
  'each followed by the id of its source in brackets, e.g. "RSI(14) 28.4 [2]". Never invent or compute numbers.',
  'Describe what the data shows and its risks; do not give personalised financial advice.',
].join(' ');

/** The model's answer could not be used (no text, a number no tool gave, a source id no tool gave). */
export class UntracedAnswerError extends Error {
  override name = 'UntracedAnswerError';
}

const noArguments = { type: 'object', properties: {} };

/**
 * The analysis written by the language model: the tools hand the model the facts of their section, numbered in the
 * order they are handed out, and the answer is kept only when each number and each [id] it uses came from a tool
 * the model called; its citations are then renumbered 1, 2, … in order of first use.
 */
export async function writeWithLlm(client: LlmClient, inputs: AnalysisInputs): Promise<WrittenAnalysis> {
  const facts = analysisFacts(inputs);
  const present = (list: readonly (SourceFact | null)[]) => list.filter((f): f is SourceFact => f !== null);
  const sections = {
    get_quote: present([facts.quote]),
    get_technical_analysis: present(facts.technical),
    get_scanner_hits: present(facts.scans),
    get_news: present([facts.newsMean, ...facts.headlines]),
    get_position: present([facts.position]),
  };
  const descriptions: Record<keyof typeof sections, string> = {
    get_quote: `Latest price and change today of ${inputs.symbol}`,
    get_technical_analysis: `Daily technical analysis of ${inputs.symbol}: trend, recommendation, RSI, MACD, moving averages, support and resistance`,
    get_scanner_hits: `Market scans that match ${inputs.symbol} now`,
    get_news: `Recent news about ${inputs.symbol}: mean sentiment (−1 to 1) with the count of stories, and the newest headlines`,
    get_position: `The user's ${inputs.symbol} position: shares, average cost, P&L, weight of equity (nothing when none)`,
  };
  // numbered as the tools hand them out (a tool called twice gives the same numbers)
  const given = new Map<number, AnalysisSource>();
  const handedOut = new Map<string, AnalysisSource[]>();
  const handlers: LlmToolHandler[] = (Object.keys(sections) as (keyof typeof sections)[]).map((name) => ({
    tool: { name, description: descriptions[name], parameters: noArguments },
    run: async () => {
      let numbered = handedOut.get(name);
      if (!numbered) {
        numbered = [];
        for (const fact of sections[name]) {
          const source = { ...fact, id: given.size + 1 };
          given.set(source.id, source);
          numbered.push(source);
        }
        handedOut.set(name, numbered);
      }
      return { sources: numbered.map(({ id, label, value, asOf }) => ({ id, label, value, asOf })) };
    },
  }));
  const { content } = await runToolLoop({
    client,
    messages: [
      { role: 'system', content: ANALYSIS_PROMPT },
      { role: 'user', content: `Analyse ${inputs.symbol} (${inputs.name}).` },
    ],
    handlers,
  });
  const text = content.trim();
  if (text === '') throw new UntracedAnswerError('the model gave no text');
  const renumber = new Map<number, number>();
  let unknownId: number | null = null;
  const renumbered = text.replace(/\[(\d+)\]/g, (marker, id: string) => {
    const source = given.get(Number(id));
    if (!source) {
      unknownId = Number(id);
      return marker;
    }
    if (!renumber.has(source.id)) renumber.set(source.id, renumber.size + 1);
    return `[${renumber.get(source.id)}]`;
  });
  if (unknownId !== null) throw new UntracedAnswerError(`the model cited [${unknownId}], which no tool gave`);
  const untraced = untracedNumbers(text, [...given.values()]);
  if (untraced.length > 0) throw new UntracedAnswerError(`numbers no tool gave: ${untraced.slice(0, 5).join(', ')}`);
  const sources = [...renumber].map(([id, newId]) => ({ ...given.get(id)!, id: newId }));
  return { text: renumbered, sources };
}
