import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, ENV_VARIABLES, loadConfig, SECRET_VARIABLES } from '.';

describe('the configuration derived from VARIABLES', () => {
  it('keeps credentials in the secrets list', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual([
      'ALPACA_OAUTH_CLIENT_SECRET',
      'ALPACA_SECRET_KEY',
      'CREDENTIALS_KEY',
      'DATABASE_URL',
      'ERROR_REPORT_KEY',
      'LLM_API_KEY',
      'REDIS_URL',
      'SMTP_URL',
      'TRADIER_OAUTH_CLIENT_SECRET',
      'TWILIO_AUTH_TOKEN',
      'VAPID_PRIVATE_KEY',
    ]);
  });

  it('never repeats a secret value in the message of a bad variable', () => {
    let refused = 0;
    for (const name of SECRET_VARIABLES) {
      for (const value of ['mysql://root:hunter2@db/app', 'hunter2'.repeat(40)]) {
        try {
          loadConfig({ [name]: value });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          refused += 1;
          expect((error as ConfigError).message).not.toContain('hunter2');
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('applies the defaults of the server variables only', () => {
    const server = ENV_VARIABLES.filter((variable) => variable.readBy === 'server' && variable.default !== undefined);
    expect(DEFAULTS).toEqual(Object.fromEntries(server.map((variable) => [variable.name, variable.default])));
    expect(DEFAULTS).not.toHaveProperty('CHROME_PATH');
  });

  it('ignores the build-time and tests-only variables', () => {
    const tools = ENV_VARIABLES.filter((variable) => variable.readBy !== 'server').map((variable) => variable.name);
    expect(tools).toEqual(['APP_VERSION', 'TEST_DATABASE_URL', 'CHROME_PATH']);
    expect(loadConfig(Object.fromEntries(tools.map((name) => [name, 'not a valid value: |'])))).toEqual(loadConfig({}));
  });
});
