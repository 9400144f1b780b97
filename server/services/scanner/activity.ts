import type { ScanType } from '../../../src/domain/scanner/scanTypes';

/** One scan as the Scanning activity page lists it. */
export interface ScanActivityEntry {
  /** Increasing per process. */
  id: number;
  scanType: ScanType;
  /** When the scan ran (epoch ms). */
  at: number;
  durationMs: number;
  hits: number;
  /** The strongest hits' symbols, at most {@link TOP_SYMBOLS}. */
  topSymbols: string[];
  /** The user who asked, or null for the leader's background scan. */
  userId: string | null;
}

/** Symbols an entry keeps of its hits. */
export const TOP_SYMBOLS = 5;

export interface ActivityFilter {
  limit: number;
  scanType?: ScanType | null;
  withHitsOnly?: boolean | null;
}

/** The newest `capacity` scans of this process, in a ring buffer (oldest overwritten first). */
export function createActivityLog(capacity: number) {
  const ring: (ScanActivityEntry | undefined)[] = new Array<ScanActivityEntry | undefined>(capacity);
  let next = 0;
  let nextId = 1;
  return {
    record(entry: Omit<ScanActivityEntry, 'id'>): ScanActivityEntry {
      const stored = { ...entry, id: nextId++ };
      ring[next] = stored;
      next = (next + 1) % capacity;
      return stored;
    },
    /** Newest first, filtered, at most `limit`. */
    list({ limit, scanType, withHitsOnly }: ActivityFilter): ScanActivityEntry[] {
      const out: ScanActivityEntry[] = [];
      for (let i = 1; i <= capacity && out.length < limit; i++) {
        const entry = ring[(next - i + capacity) % capacity];
        if (!entry) break;
        if (scanType && entry.scanType !== scanType) continue;
        if (withHitsOnly && entry.hits === 0) continue;
        out.push(entry);
      }
      return out;
    },
  };
}
