import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { MAX_LOG_STRING, REDACTED, sanitizeUrl } from './logSanitize';

/** A pino logger with the app's options, writing into an array of parsed lines. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = loggerOptions({ logLevel: 'debug', nodeEnv: 'production' }, stream);
  if (typeof options !== 'object') throw new Error('expected logger options');
  const { stream: destination, ...rest } = options as pino.LoggerOptions & { stream: Writable };
  return { log: pino(rest, destination), lines };
}

describe('log sanitising', () => {
  it('redacts tokens, authorization headers, API keys, passwords and one-time codes', () => {
    const { log, lines } = capture();
    log.info(
      {
        token: 'tok-1',
        headers: { authorization: 'Bearer tok-2', cookie: 'sid=tok-3' },
        config: { apiKey: 'key-4', secretKey: 'key-5', password: 'pw-6' },
        variables: { input: { code: '123456', email: 'a@example.test' } },
        connectionParams: { authorization: 'Bearer tok-7' },
      },
      'sent with Authorization: Bearer tok-8',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['tok-1', 'tok-2', 'tok-3', 'key-4', 'key-5', 'pw-6', '123456', 'tok-7', 'tok-8']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(REDACTED);
    expect(text).toContain('a@example.test');
  });

  it('redacts broker credentials wherever a connection’s input, headers or OAuth exchange is logged', () => {
    const { log, lines } = capture();
    log.warn(
      {
        input: { provider: 'alpaca', apiKey: 'PKBROKER1', apiSecret: 'broker-secret-2' },
        request: { headers: { 'apca-api-key-id': 'PKBROKER3', 'apca-api-secret-key': 'broker-secret-4' } },
        exchange: { client_secret: 'client-secret-5', code_verifier: 'verifier-6', accessToken: 'access-7' },
        credentials: { keyId: 'PKBROKER8', secretKey: 'broker-secret-9' },
      },
      'broker call failed',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['PKBROKER1', 'broker-secret-2', 'PKBROKER3', 'broker-secret-4', 'client-secret-5']) {
      expect(text).not.toContain(secret);
    }
    for (const secret of ['verifier-6', 'access-7', 'PKBROKER8', 'broker-secret-9']) expect(text).not.toContain(secret);
    expect(text).toContain('alpaca');
  });

  it('keeps an error code but cuts long values, messages and error messages', () => {
    const { log, lines } = capture();
    const huge = 'x'.repeat(1_000_000);
    const error = Object.assign(new Error(`bad ${huge}`), { code: 'BAD_USER_INPUT' });
    log.warn({ name: huge, nested: { list: [huge] }, err: error }, huge);
    const [line] = lines;
    expect(JSON.stringify(line).length).toBeLessThan(6 * MAX_LOG_STRING);
    expect(line?.msg).toMatch(/more characters\)$/);
    expect((line?.err as { code: string }).code).toBe('BAD_USER_INPUT');
  });

  it('hides secret-looking query parameters of logged URLs', () => {
    expect(sanitizeUrl('/graphql?query=%7Bme%7D&variables=%7B%22code%22%3A1%7D&symbol=AAPL')).toBe(
      `/graphql?query=${encodeURIComponent(REDACTED)}&variables=${encodeURIComponent(REDACTED)}&symbol=AAPL`,
    );
    expect(sanitizeUrl('/api/health')).toBe('/api/health');
  });
});
