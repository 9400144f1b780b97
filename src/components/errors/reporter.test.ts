import { describe, expect, it, vi } from 'vitest';
import { ERROR_ID_PATTERN } from '../../domain/errorId';
import { createErrorReporter, errorSignature, firstStackFrame, toCapturedError, type ErrorReport } from './reporter';

const V8_STACK = `TypeError: x is undefined
    at render (http://localhost/assets/index.js:10:5)
    at commit (http://localhost/assets/index.js:20:7)`;
const FIREFOX_STACK = `render@http://localhost/assets/index.js:10:5
commit@http://localhost/assets/index.js:20:7`;

function setup(randoms: number[] = [], options: { max?: number } = {}) {
  const sent: ErrorReport[] = [];
  const send = vi.fn(async (report: ErrorReport) => void sent.push(report));
  let index = 0;
  const reporter = createErrorReporter({
    send,
    random: () => randoms[index++] ?? 0,
    now: () => Date.UTC(2026, 0, 15, 12),
    context: () => ({ url: 'http://localhost/dashboard', userAgent: 'test' }),
    ...(options.max === undefined ? {} : { maxPerSession: options.max }),
  });
  return { reporter, sent, send };
}

describe('error signatures', () => {
  it('is the message plus the first stack frame', () => {
    expect(firstStackFrame(V8_STACK)).toBe('at render (http://localhost/assets/index.js:10:5)');
    expect(firstStackFrame(FIREFOX_STACK)).toBe('render@http://localhost/assets/index.js:10:5');
    expect(errorSignature({ message: 'boom', stack: V8_STACK })).toBe(
      'boom at render (http://localhost/assets/index.js:10:5)',
    );
    expect(errorSignature({ message: 'boom' })).toBe('boom');
    expect(firstStackFrame('no frames here')).toBe('');
  });

  it('captures errors, strings and other values', () => {
    const error = new Error('bad');
    expect(toCapturedError(error)).toEqual({ message: 'bad', stack: error.stack });
    expect(toCapturedError('text')).toEqual({ message: 'text' });
    expect(toCapturedError({ code: 1 })).toEqual({ message: '{"code":1}' });
    expect(toCapturedError(undefined)).toEqual({ message: 'undefined' });
  });
});

describe('error reporter', () => {
  it('sends a sampled error with its id, signature, time and context', () => {
    const { reporter, sent } = setup([0.05]);
    const report = reporter.report({ message: 'boom', stack: V8_STACK }, 'ERR_1_abcdefghi');
    expect(report).not.toBeNull();
    expect(sent).toEqual([
      {
        id: 'ERR_1_abcdefghi',
        message: 'boom',
        stack: V8_STACK,
        signature: 'boom at render (http://localhost/assets/index.js:10:5)',
        timestamp: '2026-01-15T12:00:00.000Z',
        url: 'http://localhost/dashboard',
        userAgent: 'test',
      },
    ]);
  });

  it('generates an error id when none is given', () => {
    const { reporter } = setup([0]);
    expect(reporter.report({ message: 'x' })?.id).toMatch(ERROR_ID_PATTERN);
  });

  it('samples one in ten: random below 0.1 is sent, 0.1 and above is not', () => {
    const { reporter, sent } = setup([0.0999, 0.1, 0.5]);
    reporter.report({ message: 'a' });
    reporter.report({ message: 'b' });
    reporter.report({ message: 'c' });
    expect(sent.map((report) => report.message)).toEqual(['a']);
  });

  it('considers each unique signature once, sampled or not', () => {
    const { reporter, sent } = setup([0.5, 0, 0, 0]);
    reporter.report({ message: 'a', stack: V8_STACK });
    reporter.report({ message: 'a', stack: V8_STACK });
    reporter.report({ message: 'b', stack: V8_STACK });
    reporter.report({ message: 'b', stack: V8_STACK });
    reporter.report({ message: 'b', stack: FIREFOX_STACK });
    expect(sent.map((report) => report.signature)).toEqual([
      'b at render (http://localhost/assets/index.js:10:5)',
      'b render@http://localhost/assets/index.js:10:5',
    ]);
  });

  it('sends at most 50 per session', () => {
    const { reporter, sent } = setup([]);
    for (let i = 0; i < 80; i += 1) reporter.report({ message: `error ${i}` });
    expect(sent).toHaveLength(50);
    expect(sent.at(-1)?.message).toBe('error 49');
  });

  it('honours a custom cap', () => {
    const { reporter, sent } = setup([], { max: 2 });
    for (let i = 0; i < 5; i += 1) reporter.report({ message: `error ${i}` });
    expect(sent).toHaveLength(2);
  });

  it('truncates fields to what the server accepts and ignores send failures', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const reporter = createErrorReporter({ send, random: () => 0 });
    const report = reporter.report({ message: 'm'.repeat(5000) });
    expect(report?.message).toHaveLength(2000);
    expect(report?.signature).toHaveLength(512);
    await Promise.resolve();
    expect(send).toHaveBeenCalledOnce();
  });
});
