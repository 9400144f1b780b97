import { describe, expect, it } from 'vitest';
import { fieldErrorsFromMessage } from './fieldErrors';

describe("a refusal's text as the outbox keeps it, back to the fields it names", () => {
  it('keys each `field: message` part like serverFieldErrors (first message of a field wins)', () => {
    expect(
      fieldErrorsFromMessage(
        'input.parameters.fast: Must be below slow; symbols[1]: Unknown symbol; symbols[2]: Unknown symbol',
      ),
    ).toEqual({ 'parameters.fast': 'Must be below slow', symbols: 'Unknown symbol' });
  });

  it('parts naming no field go together under the empty key', () => {
    expect(fieldErrorsFromMessage('Strategy not found')).toEqual({ '': 'Strategy not found' });
    expect(fieldErrorsFromMessage('HTTP 413; name: Too long; Try again: later')).toEqual({
      '': 'HTTP 413; Try again: later',
      name: 'Too long',
    });
  });
});
