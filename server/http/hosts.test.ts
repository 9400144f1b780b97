import { describe, expect, it } from 'vitest';
import { createHostPolicy } from './hosts';

describe('host policy', () => {
  const policy = createHostPolicy({
    allowedHosts: ['localhost', '127.0.0.1', '::1', 'trading.example.com'],
    publicOrigin: 'https://trading.example.com',
  });

  it('allows the listed names and addresses with any port, IPv6 in brackets, any case', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:80',
      '127.0.0.1:5173',
      '[::1]:3000',
      'trading.example.com.',
    ]) {
      expect(policy.allowsHost(host), host).toBe(true);
    }
  });

  it('refuses other names, malformed values and a missing Host', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'localhost.evil.example',
      'user@localhost',
      'localhost/x',
      '::1',
      '[::2]',
    ]) {
      expect(policy.allowsHost(host), String(host)).toBe(false);
    }
  });

  it("allows the public origin and a page's own origin on an allowed host, nothing else", () => {
    expect(policy.allowsOrigin(undefined, 'localhost:3000')).toBe(true);
    expect(policy.allowsOrigin('https://trading.example.com', 'localhost:3000')).toBe(true);
    expect(policy.allowsOrigin('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(policy.allowsOrigin('http://localhost:8080', 'localhost:3000')).toBe(false);
    expect(policy.allowsOrigin('http://evil.example:3000', 'evil.example:3000')).toBe(false);
    expect(policy.allowsOrigin('http://trading.example.com', 'localhost:3000')).toBe(false);
    expect(policy.allowsOrigin('null', 'localhost:3000')).toBe(false);
    expect(policy.allowsOrigin('file://localhost', 'localhost')).toBe(false);
  });
});
