import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Logger } from 'pino';
import { httpLink } from '../../../src/domain/news/httpLink';
import { assertPublicHost } from './feedAddress';
import type { NewsProvider, RawNewsItem } from './provider';

/**
 * News from RSS 2.0 and Atom feeds (NEWS_FEEDS), parsed with fast-xml-parser: actively maintained, pure
 * JavaScript (no native build), typed, and it validates a document before parsing, so a malformed feed is
 * refused with a line and a reason instead of being half-read. rss-parser was not chosen: it brings its own
 * HTTP client (our size and time limits could not apply) and xml2js, and is rarely updated.
 *
 * Rules:
 * - Feeds are fetched on demand and cached for `ttlMs` (one fetch per feed per period, whoever asks), each
 *   with a time limit (`timeoutMs`) and a size limit (`maxBytes`); a feed that fails, is too large or slow,
 *   or is not well-formed XML is skipped with a logged reason, and the other feeds still load.
 * - In production (`publicOnly`), a feed on a private address is skipped the same way (SSRF, feedAddress.ts).
 * - An item without a title or an http(s) link is skipped with a logged reason; the others of its feed load.
 * - publishedAt: RSS pubDate / dc:date, Atom published / updated; an item without a readable date is dated
 *   at the fetch. HTML in summaries is reduced to text.
 */
export interface RssOptions {
  feeds: readonly string[];
  log: Pick<Logger, 'warn'>;
  fetch?: typeof fetch;
  now?: () => number;
  ttlMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Refuse feeds on private addresses (production: server/services/news/feedAddress.ts). */
  publicOnly?: boolean;
}

export const RSS_TTL_MS = 5 * 60_000;
export const RSS_TIMEOUT_MS = 10_000;
export const RSS_MAX_BYTES = 2 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link' || name === 'category',
  processEntities: true,
  htmlEntities: true,
});

type Node = Record<string, unknown>;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as Node)['#text']);
  return '';
}

export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function atomLink(links: unknown): string {
  const list = (Array.isArray(links) ? links : [links]) as unknown[];
  const alternate = list.find(
    (l) =>
      typeof l === 'object' &&
      l !== null &&
      [undefined, 'alternate'].includes((l as Node)['@rel'] as string | undefined),
  );
  const chosen = alternate ?? list[0];
  return typeof chosen === 'object' && chosen !== null ? text((chosen as Node)['@href']) : text(chosen);
}

/** The items of one RSS 2.0 or Atom document; `skip` hears each refused item and why. Throws when it is neither. */
export function parseFeed(
  xml: string,
  feedUrl: string,
  fetchedAt: number,
  skip: (reason: string) => void,
): RawNewsItem[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = parser.parse(xml) as Node;
  const rss = doc.rss as Node | undefined;
  const channel = (rss?.channel ?? (doc['rdf:RDF'] as Node | undefined)) as Node | undefined;
  const atom = doc.feed as Node | undefined;
  if (!channel && !atom) throw new Error('neither an RSS 2.0 <rss><channel> nor an Atom <feed> document');
  const source = plainText(text(channel?.title ?? atom?.title)) || new URL(feedUrl).hostname;
  const entries = ((channel ? (channel.item ?? (doc['rdf:RDF'] as Node | undefined)?.item) : atom?.entry) ??
    []) as Node[];
  const items: RawNewsItem[] = [];
  entries.forEach((entry, index) => {
    const headline = plainText(text(entry.title));
    const url = (channel ? text(entry.link) : atomLink(entry.link)).trim();
    if (!headline) return skip(`item ${index + 1}: no title`);
    if (httpLink(url) === null) return skip(`item ${index + 1} ("${headline.slice(0, 60)}"): no http(s) link`);
    const summary = plainText(
      text(entry.description ?? entry.summary ?? entry.content ?? entry['content:encoded']),
    ).slice(0, 1000);
    const dated = Date.parse(text(entry.pubDate ?? entry['dc:date'] ?? entry.published ?? entry.updated));
    const guid = text(entry.guid ?? entry.id) || url;
    items.push({
      id: guid,
      headline: headline.slice(0, 300),
      summary,
      url,
      source,
      publishedAt: Number.isFinite(dated) ? dated : fetchedAt,
      symbols: [],
      category: 'GENERAL',
    });
  });
  return items;
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export class RssNews implements NewsProvider {
  readonly name = 'rss';
  private readonly cache = new Map<string, { at: number; items: Promise<RawNewsItem[]> }>();

  constructor(private readonly options: RssOptions) {}

  private async load(feed: string): Promise<RawNewsItem[]> {
    const {
      log,
      fetch: get = fetch,
      now = Date.now,
      timeoutMs = RSS_TIMEOUT_MS,
      maxBytes = RSS_MAX_BYTES,
    } = this.options;
    try {
      if (this.options.publicOnly) await assertPublicHost(feed);
      const response = await get(feed, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const xml = await readLimited(response, maxBytes);
      return parseFeed(xml, feed, now(), (reason) => log.warn({ feed, reason }, 'news feed item skipped'));
    } catch (error) {
      const reason =
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? `slower than ${timeoutMs} ms`
            : error.message
          : String(error);
      log.warn({ feed, reason }, 'news feed skipped');
      return [];
    }
  }

  async list(): Promise<RawNewsItem[]> {
    const { feeds, now = Date.now, ttlMs = RSS_TTL_MS } = this.options;
    const lists = await Promise.all(
      feeds.map((feed) => {
        const cached = this.cache.get(feed);
        if (cached && now() - cached.at < ttlMs) return cached.items;
        const items = this.load(feed);
        this.cache.set(feed, { at: now(), items });
        return items;
      }),
    );
    return lists.flat().sort((a, b) => b.publishedAt - a.publishedAt);
  }
}
