import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from '../../server/config';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    // toMatchObject: each area's settings are asserted by its own tests below.
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      databaseUrl: undefined,
      authMode: 'single',
      nodeEnv: 'development',
      logLevel: 'info',
      singleUserEmail: 'trader@localhost',
      errorReport: null,
      staticDir: './dist',
      marketSeed: 'ai-trading',
      marketHours: 'regular',
    });
    const documented = Object.fromEntries(ENV_VARIABLES.map((variable) => [variable.name, variable.default]));
    expect(documented).toMatchObject({ PORT: '3000', HOST: 'localhost', DATA_DIR: './data', AUTH_MODE: 'single' });
  });

  it('reads the simulated market settings and rejects unknown market hours', () => {
    expect(loadConfig({ MARKET_SEED: '42', MARKET_HOURS: 'always' })).toMatchObject({
      marketSeed: '42',
      marketHours: 'always',
    });
    expect(() => loadConfig({ MARKET_HOURS: 'sometimes' })).toThrow(
      'Invalid MARKET_HOURS: expected "regular" or "always", got "sometimes"',
    );
  });

  it('reads an OpenAI-compatible language model and needs its base URL and model together', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: undefined,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      'Invalid LLM_MODEL: required when LLM_BASE_URL is set',
    );
    expect(() => loadConfig({ LLM_MODEL: 'm', LLM_BASE_URL: 'ftp://x' })).toThrow('Invalid LLM_BASE_URL');
  });

  it('treats empty variables as unset and reads the rest', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: 'postgres://app:secret@db:5432/app',
      AUTH_MODE: 'otp',
      ERROR_REPORT_URL: 'https://errors.example/api',
      ERROR_REPORT_KEY: 'k',
    });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://app:secret@db:5432/app',
      authMode: 'otp',
      errorReport: { url: 'https://errors.example/api', key: 'k' },
    });
  });

  it('names the variable and the reason in one line', () => {
    expect(configError({ PORT: 'abc' })).toBe('Invalid PORT: expected an integer 0-65535, got "abc"');
    expect(configError({ PORT: '70000' })).toBe('Invalid PORT: expected an integer 0-65535, got "70000"');
    expect(configError({ AUTH_MODE: 'sso' })).toBe('Invalid AUTH_MODE: expected "single" or "otp", got "sso"');
    expect(configError({ LOG_LEVEL: 'loud' })).toMatch(/^Invalid LOG_LEVEL: expected one of fatal, /);
    expect(configError({ ERROR_REPORT_URL: 'https://errors.example' })).toBe(
      'Invalid ERROR_REPORT_KEY: required when ERROR_REPORT_URL is set',
    );
    const badValues: Record<string, string>[] = [
      { PORT: 'abc' },
      { NODE_ENV: 'staging' },
      { SINGLE_USER_EMAIL: 'nobody' },
    ];
    for (const env of badValues) {
      expect(configError(env)).not.toContain('\n');
    }
  });

  it('never repeats a credential in the message', () => {
    const message = configError({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    expect(message).toBe('Invalid DATABASE_URL: expected a postgres:// or postgresql:// URL');
    expect(configError({ REDIS_URL: 'http://:hunter2@cache:6379' })).toBe(
      'Invalid REDIS_URL: expected a redis:// or rediss:// URL',
    );
  });

  it('reads REDIS_URL (unset: events stay in one process)', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache:6379/0' }).redisUrl).toBe('redis://:pw@cache:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380');
    expect(configError({ REDIS_URL: 'redis://[cache' })).toBe('Invalid REDIS_URL: expected a valid URL');
  });
});
