import { describe, expect, it } from 'vitest';
import { loadConfig } from '.';

describe('ALLOWED_HOSTS, PUBLIC_ORIGIN, TRUST_PROXY, GRAPHQL_INTROSPECTION', () => {
  it('allows localhost, 127.0.0.1 and ::1 by default, plus a specific HOST and the public origin’s host', () => {
    expect(loadConfig({}).allowedHosts).toEqual(['localhost', '127.0.0.1', '::1']);
    const config = loadConfig({
      HOST: '192.168.1.20',
      ALLOWED_HOSTS: 'Trading.Example.COM., [::1]',
      PUBLIC_ORIGIN: 'https://app.example.com/',
    });
    expect(config.allowedHosts).toEqual(['trading.example.com', '::1', 'app.example.com', '192.168.1.20']);
    expect(config.publicOrigin).toBe('https://app.example.com');
    expect(loadConfig({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'a.example' }).allowedHosts).toEqual(['a.example']);
  });

  it('refuses malformed host lists and origins with a path', () => {
    expect(() => loadConfig({ ALLOWED_HOSTS: 'good.example,bad host' })).toThrow(/Invalid ALLOWED_HOSTS/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://app.example.com/app' })).toThrow(/Invalid PUBLIC_ORIGIN/);
  });

  it('reads TRUST_PROXY as off, on, a number of proxies or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/Invalid TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/Invalid TRUST_PROXY/);
  });

  it('turns introspection off in production unless GRAPHQL_INTROSPECTION=true', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'false' }).introspection).toBe(false);
  });
});
