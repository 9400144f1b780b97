import { describe, expect, it } from 'vitest';
import type { PerformanceReportInput } from '../../graphql/generated/graphql';
import { reportPreviewQuery } from './queries';

describe('report queries', () => {
  it("keep a preview per trading mode (the server reads that mode's account), under the same input", () => {
    const input: PerformanceReportInput = { preset: 'THREE_MONTHS', grouping: 'WEEK', sections: ['summary'] };
    expect(reportPreviewQuery(input, 'paper').queryKey).toEqual(['reports', 'preview', input, 'paper']);
    expect(reportPreviewQuery(input, 'live').queryKey).toEqual(['reports', 'preview', input, 'live']);
  });
});
