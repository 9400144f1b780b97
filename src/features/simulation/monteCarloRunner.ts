import type { SimulationMessage, SimulationRequest } from './protocol';

function spawn(): Worker {
  return new Worker(new URL('./monteCarlo.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * The Simulation page's Web Worker (./monteCarlo.worker.ts, its own chunk), one run at a time. `warm` starts the
 * worker with the page (so its script is loaded while the page can still reach the server, and a later run works
 * offline); it then serves run after run. `cancel` (or a run started while one is going) terminates the running
 * one, whose messages stop; `dispose` terminates the worker.
 */
export class MonteCarloRunner {
  private worker: Worker | null = null;
  private busy = false;

  /** Starts the worker ahead of the first run. */
  warm(): void {
    this.worker ??= spawn();
  }

  run(request: SimulationRequest, onMessage: (message: SimulationMessage) => void): void {
    this.cancel();
    const worker = this.worker ?? spawn();
    this.worker = worker;
    this.busy = true;
    worker.onmessage = (event: MessageEvent<SimulationMessage>) => {
      if (event.data.type !== 'progress') this.busy = false;
      onMessage(event.data);
    };
    worker.onerror = (event) => {
      this.dispose();
      onMessage({ type: 'error', message: event.message || 'The simulation stopped unexpectedly.' });
    };
    worker.postMessage(request);
  }

  /** Stops the running simulation, if any (a new worker serves the next run). */
  cancel(): void {
    if (this.busy) this.dispose();
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.busy = false;
  }
}
