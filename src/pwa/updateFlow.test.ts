import { describe, expect, it, vi } from 'vitest';
import { createUpdateFlow } from './updateFlow';

function setup() {
  const skipWaiting = vi.fn();
  const reload = vi.fn();
  return { skipWaiting, reload, flow: createUpdateFlow({ skipWaiting, reload }) };
}

describe('update flow', () => {
  it('posts SKIP_WAITING once when accepted, and reloads once when the new worker takes control', () => {
    const { skipWaiting, reload, flow } = setup();
    flow.accept();
    flow.accept();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    flow.controllerChanged();
    flow.controllerChanged();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads on a controller change the user did not ask for (first install, another tab)', () => {
    const { skipWaiting, reload, flow } = setup();
    flow.controllerChanged();
    expect(reload).not.toHaveBeenCalled();
    expect(skipWaiting).not.toHaveBeenCalled();
    expect(flow.accepted).toBe(false);
  });
});
