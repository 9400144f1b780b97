/** Link schemes a chat message may keep (spec §2 AI chat); anything else is dropped. */
export const SAFE_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

const PROTOCOL = new RegExp(`^(${SAFE_LINK_PROTOCOLS.join('|')})$`, 'i');

/**
 * The URL when it is relative or uses a safe scheme, else '' (no link). A colon only counts as a scheme
 * separator before any `/`, `?` or `#` (as in CommonMark), so `a/b:c` is relative and `javascript:` is not.
 * Control characters and white space inside the scheme (`java\tscript:`) make it unsafe too.
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  const questionMark = url.indexOf('?');
  const numberSign = url.indexOf('#');
  const slash = url.indexOf('/');
  if (
    colon < 0 ||
    (slash > -1 && colon > slash) ||
    (questionMark > -1 && colon > questionMark) ||
    (numberSign > -1 && colon > numberSign)
  ) {
    return url;
  }
  return PROTOCOL.test(url.slice(0, colon)) ? url : '';
}
