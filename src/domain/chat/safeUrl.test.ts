import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it('keeps http, https, irc, ircs, mailto and xmpp links and relative URLs', () => {
    for (const url of [
      'https://example.com/a?b=c',
      'http://localhost:3000',
      'HTTPS://EXAMPLE.COM',
      'irc://irc.libera.chat/trading',
      'ircs://irc.libera.chat',
      'mailto:desk@example.com',
      'xmpp:trader@example.com',
      '/stocks/AAPL',
      'stocks/AAPL',
      '#top',
      '?tab=pnl',
      'a/b:c',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('drops every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
    ]) {
      expect(safeUrl(url)).toBe('');
    }
  });
});
