import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  canSendMessage,
  conversationCsv,
  conversationExportFileName,
  conversationJson,
  conversationTitleFrom,
  isAllowedAttachment,
  orderCardTotal,
} from './messages';

describe('canSendMessage', () => {
  it('needs non-empty trimmed text or an attachment', () => {
    expect(canSendMessage('', 0)).toBe(false);
    expect(canSendMessage('   \n ', 0)).toBe(false);
    expect(canSendMessage(' hi ', 0)).toBe(true);
    expect(canSendMessage('', 1)).toBe(true);
  });
});

describe('isAllowedAttachment', () => {
  it('accepts images, pdf, doc, docx and txt, by type or extension', () => {
    expect(isAllowedAttachment('chart.png', 'image/png')).toBe(true);
    expect(isAllowedAttachment('report.pdf', 'application/pdf')).toBe(true);
    expect(isAllowedAttachment('notes.DOCX', '')).toBe(true);
    expect(isAllowedAttachment('old.doc', 'application/msword')).toBe(true);
    expect(isAllowedAttachment('plan.txt', 'text/plain')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isAllowedAttachment('run.exe', 'application/x-msdownload')).toBe(false);
    expect(isAllowedAttachment('page.html', 'text/html')).toBe(false);
    expect(isAllowedAttachment('noextension', '')).toBe(false);
  });

  it('offers the same kinds to the file picker', () => {
    expect(ATTACHMENT_ACCEPT).toBe('image/*,.pdf,.doc,.docx,.txt');
  });
});

describe('orderCardTotal', () => {
  it('is price times quantity, or the current price when there is no target price', () => {
    expect(orderCardTotal({ price: 150.5, currentPrice: 160, quantity: 10 })).toBe(1505);
    expect(orderCardTotal({ price: null, currentPrice: 161.23, quantity: 5 })).toBe(806.15);
    expect(orderCardTotal({ quantity: 5 })).toBeNull();
  });
});

describe('conversation export', () => {
  const messages = [
    { id: 'm1', type: 'user' as const, content: '/buy AAPL 5', timestamp: '2026-11-23T14:00:00.000Z' },
    {
      id: 'm2',
      type: 'assistant' as const,
      content: 'Order ready: "buy", 5 AAPL,\nplease confirm',
      timestamp: '2026-11-23T14:00:01.000Z',
    },
  ];

  it('writes JSON with messages, conversationId and exportedAt', () => {
    const parsed = JSON.parse(conversationJson('c1', messages, new Date('2026-11-23T15:00:00Z'))) as unknown;
    expect(parsed).toEqual({ messages, conversationId: 'c1', exportedAt: '2026-11-23T15:00:00.000Z' });
  });

  it('writes CSV with timestamp, type and content, quoting where needed', () => {
    expect(conversationCsv(messages)).toBe(
      [
        'timestamp,type,content',
        '2026-11-23T14:00:00.000Z,user,/buy AAPL 5',
        '2026-11-23T14:00:01.000Z,assistant,"Order ready: ""buy"", 5 AAPL,\nplease confirm"',
      ].join('\r\n'),
    );
  });

  it('writes a message starting like a formula as text (a quote mark before it), as the report exports do', () => {
    const formula = { ...messages[0]!, content: '=HYPERLINK("http://x")' };
    expect(conversationCsv([formula]).split('\r\n')[1]).toBe(
      `2026-11-23T14:00:00.000Z,user,"'=HYPERLINK(""http://x"")"`,
    );
  });

  it("names the files 'conversation-{id}.csv' and .json", () => {
    expect(conversationExportFileName('abc', 'csv')).toBe('conversation-abc.csv');
    expect(conversationExportFileName('abc', 'json')).toBe('conversation-abc.json');
  });
});

describe('conversationTitleFrom', () => {
  it('uses the first line, shortened', () => {
    expect(conversationTitleFrom('  How is AAPL?\nmore')).toBe('How is AAPL?');
    expect(conversationTitleFrom('x'.repeat(80))).toBe(`${'x'.repeat(57)}...`);
    expect(conversationTitleFrom('   ')).toBe('New conversation');
  });
});
