export function channelsEnded(report: { suites?: unknown[] }): { notes: number; tests: number }
