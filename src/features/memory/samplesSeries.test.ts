import { describe, expect, it } from 'vitest';
import { samplesSeries } from './samplesSeries';

describe('samplesSeries', () => {
  it('puts each value at its sample’s whole second, keeping the first of a second and dropping values without a time', () => {
    const [rss] = samplesSeries(
      [100.2, 105.9, 105.95, 110],
      [{ name: 'RSS', color: 'sma20', values: [1, 2, 3, 4, 5] }],
    );
    expect(rss).toEqual({
      name: 'RSS',
      color: 'sma20',
      points: [
        { time: 100, value: 1 },
        { time: 105, value: 2 },
        { time: 110, value: 4 },
      ],
    });
  });
});
