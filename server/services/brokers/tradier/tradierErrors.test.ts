import { describe, expect, it } from 'vitest';
import { errorMessages, TradierError, toAppError } from './tradierErrors';

describe('Tradier’s refusals as the app’s errors', () => {
  const refusal = (status: number, body: string, method = 'POST') =>
    toAppError(new TradierError(status, errorMessages(body), method, '/v1/accounts/VA1/orders'));

  it('reads one message, several, a fault or plain text', () => {
    expect(errorMessages('{"errors":{"error":"Invalid Parameter: side"}}')).toEqual(['Invalid Parameter: side']);
    expect(errorMessages('{"errors":{"error":["a","B"]}}')).toEqual(['a', 'B']);
    expect(errorMessages('{"fault":{"faultstring":"Rate limit quota violation"}}')).toEqual([
      'Rate limit quota violation',
    ]);
    expect(errorMessages('Invalid Access Token')).toEqual(['Invalid Access Token']);
  });

  it.each([
    [
      '{"errors":{"error":["Backoffice rejected override of the order.","InitialMargin"]}}',
      'insufficient_buying_power',
    ],
    ['{"errors":{"error":"You do not have enough buying power for this trade"}}', 'insufficient_buying_power'],
    [
      '{"errors":{"error":["Backoffice rejected override of the order.","UnexpectedSellOrder"]}}',
      'insufficient_position',
    ],
    ['{"errors":{"error":["Backoffice rejected override of the order.","StopPriceUndefined"]}}', 'BAD_USER_INPUT'],
  ])('400 %s is %s', (body, code) => {
    expect(refusal(400, body).code).toBe(code);
  });

  it('names the field; a DELETE refusal is order_not_cancellable; other statuses', () => {
    expect(refusal(400, '{"errors":{"error":["x","StopPriceUndefined"]}}').message).toMatch(/^stopPrice: /);
    expect(refusal(400, '{"errors":{"error":"Order is filled"}}', 'DELETE').code).toBe('order_not_cancellable');
    expect(refusal(500, 'upstream failed')).toMatchObject({
      code: 'broker_error',
      message: 'Tradier answered 500: upstream failed.',
    });
  });
});
