/**
 * A news story's link when its url is an absolute web page (http or https), else null: feed items without one are
 * skipped (server/services/news/rss.ts), and the UI links only these (never `javascript:`, never the simulator's
 * `simulator:news/…`). Unlike the chat's safeUrl (src/domain/chat/safeUrl.ts), relative urls and other schemes
 * such as mailto are refused: a story's source is a web page.
 */
export function httpLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
