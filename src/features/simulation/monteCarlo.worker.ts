/**
 * The Simulation page's Web Worker: answers one SimulationRequest (./protocol.ts) with progress messages and a
 * result (./simulate.ts), off the main thread, from data the page already had (so it works offline). The page
 * terminates it to cancel.
 */
import type { SimulationMessage, SimulationRequest } from './protocol';
import { simulate } from './simulate';

const post = (message: SimulationMessage) => postMessage(message);

addEventListener('message', (event: MessageEvent<SimulationRequest>) => {
  try {
    simulate(event.data, post);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
