import { useCallback, useEffect, useRef, useState } from 'react';
import type { MonteCarloResult } from '../../domain/simulation/monteCarlo';
import type { Prepared } from './prepareRequest';
import { MonteCarloRunner } from './monteCarloRunner';
import type { SampleSummary } from './protocol';

export type SimulationRun =
  | { status: 'idle' }
  /** Stopped by the user before it finished. */
  | { status: 'cancelled' }
  /** Gathering the bars before the worker starts. */
  | { status: 'preparing' }
  | { status: 'running'; progress: number }
  | {
      status: 'done';
      result: MonteCarloResult;
      sample: SampleSummary;
      subject: string;
      missing: string[];
      /** When it finished (epoch ms): the fan starts at that day's session. */
      at: number;
    }
  /** Nothing to simulate, or a failure: the sentence to show. */
  | { status: 'empty'; reason: string }
  | { status: 'error'; message: string };

/**
 * Runs simulations on a MonteCarloRunner (./monteCarloRunner.ts) that lives as long as the page: a new run
 * cancels the one going, leaving the page terminates the worker. `prepare` is called first (gathering bars,
 * ./prepareRequest.ts); its answer is the request, or a sentence saying why there is nothing to run.
 */
export function useMonteCarloWorker() {
  const [run, setRun] = useState<SimulationRun>({ status: 'idle' });
  const [runner] = useState(() => new MonteCarloRunner());
  const generation = useRef(0);

  useEffect(() => {
    runner.warm();
    return () => runner.dispose();
  }, [runner]);

  const start = useCallback(
    async (prepare: () => Promise<Prepared | string>) => {
      const id = ++generation.current;
      runner.cancel();
      setRun({ status: 'preparing' });
      let prepared: Prepared | string;
      try {
        prepared = await prepare();
      } catch (error) {
        if (id === generation.current) setRun({ status: 'error', message: String(error) });
        return;
      }
      if (id !== generation.current) return;
      if (typeof prepared === 'string') {
        setRun({ status: 'empty', reason: prepared });
        return;
      }
      const { request, subject, missing } = prepared;
      setRun({ status: 'running', progress: 0 });
      runner.run(request, (message) => {
        if (message.type === 'progress') setRun({ status: 'running', progress: message.done });
        else if (message.type === 'result')
          setRun({ status: 'done', result: message.result, sample: message.sample, subject, missing, at: Date.now() });
        else if (message.type === 'empty') setRun({ status: 'empty', reason: message.reason });
        else setRun({ status: 'error', message: message.message });
      });
    },
    [runner],
  );

  const cancel = useCallback(() => {
    generation.current++;
    runner.cancel();
    setRun({ status: 'cancelled' });
  }, [runner]);

  return { run, start, cancel };
}
