/** The parts of a Lighthouse result (an LHR) the audit reads. */
export interface LighthouseRun {
  runtimeError?: { code: string; message: string }
  categories: { performance: { score: number | null; auditRefs: { id: string }[] } }
  audits: Record<string, { id: string; errorMessage?: string } | undefined>
}

export function whyUnscored(lhr: LighthouseRun): string
export function medianRun<Run extends LighthouseRun>(
  runs: Run[],
): { median: Run | null; scores: (number | 'err')[]; errors: string[] }
