/**
 * The sources an AI analysis cites (spec §7 aiAnalysis), and the check that keeps its text honest.
 *
 * Rules:
 * - Each figure the text uses comes from one source: a technical indicator, a scanner hit, a news item or the news
 *   mean, the user's position, or the quote. Sources are numbered from 1 in the order they are first cited, and the
 *   text cites them as `[1]`, `[2]`, … right after the figure.
 * - Citing the same kind and label twice gives the same number (one reference per fact).
 * - A number is traced when it appears, as a whole number token (thousands separators ignored), in the label or the
 *   value of some source; `untracedNumbers` lists the ones that do not (the citation markers themselves excluded).
 */

export const SOURCE_KINDS = ['TECHNICAL', 'SCANNER', 'NEWS', 'POSITION', 'QUOTE'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** A fact before it is numbered. */
export interface SourceFact {
  kind: SourceKind;
  /** What the fact is, e.g. "RSI(14)" or a headline. */
  label: string;
  /** The fact as the text shows it, e.g. "28.4" or "sentiment +0.40". */
  value: string;
  /** ISO-8601: when the fact was true (the quote's time, the analysis' time, the story's publication). */
  asOf: string;
  /** A web page for the fact (news stories with a real page). */
  url?: string | null;
}

export interface AnalysisSource extends SourceFact {
  /** The citation number, from 1. */
  id: number;
}

/** Numbers sources as they are first cited; `cite` answers the `[n]` marker to put after the figure. */
export function createCitations() {
  const sources: AnalysisSource[] = [];
  const byKey = new Map<string, AnalysisSource>();
  return {
    cite(fact: SourceFact): string {
      const key = `${fact.kind}\u0000${fact.label}`;
      let source = byKey.get(key);
      if (!source) {
        source = { ...fact, id: sources.length + 1 };
        sources.push(source);
        byKey.set(key, source);
      }
      return `[${source.id}]`;
    },
    /** The sources cited so far, by number. */
    list: (): AnalysisSource[] => [...sources],
  };
}

const CITATION = /\[\d+\]/g;
const NUMBER = /\d+(?:[.,]\d+)*/g;

function numberTokens(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((token) => token.replace(/,(?=\d{3}\b)/g, ''));
}

/** The numbers of `text` (citation markers excluded) that no source's label or value holds. */
export function untracedNumbers(text: string, sources: readonly Pick<SourceFact, 'label' | 'value'>[]): string[] {
  const known = new Set(sources.flatMap((s) => numberTokens(`${s.label} ${s.value}`)));
  return numberTokens(text.replace(CITATION, ' ')).filter((token) => !known.has(token));
}

/** The citation numbers `text` uses, in order of first use. */
export function citedIds(text: string): number[] {
  return [...new Set((text.match(CITATION) ?? []).map((marker) => Number(marker.slice(1, -1))))];
}
