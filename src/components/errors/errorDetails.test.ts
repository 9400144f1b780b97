import { describe, expect, it } from 'vitest';
import { errorDetailsText } from './errorDetails';

describe('errorDetailsText', () => {
  it('holds the id, the message and the stack', () => {
    expect(errorDetailsText('ERR_1_abcdefghi', { message: 'boom', stack: 'Error: boom\n    at f (a.js:1:1)' })).toBe(
      'Error ID: ERR_1_abcdefghi\nMessage: boom\nStack:\nError: boom\n    at f (a.js:1:1)',
    );
  });

  it('leaves the stack out when there is none', () => {
    expect(errorDetailsText('ERR_1_abcdefghi', { message: 'boom' })).toBe('Error ID: ERR_1_abcdefghi\nMessage: boom');
  });
});
