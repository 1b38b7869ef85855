// Which of a route's Lighthouse runs `npm run audit` reports. One run varies by several points from the
// next, so the audit judges the run with the median Performance score. A run Lighthouse could not score
// (its score is null, say the page never painted in time) measured nothing: it is reported with its
// reason and left out, since sorting it as 0 would pull the median down as if the page were slow.

/** Why Lighthouse gave a run no Performance score: its runtime error, or the metric it could not measure. */
export function whyUnscored(lhr) {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
  const metric = lhr.categories.performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .find((audit) => audit?.errorMessage)
  return metric ? `${metric.id}: ${metric.errorMessage}` : 'no reason given'
}

/**
 * The run with the median Performance score among the runs that have one (the lower middle one of an
 * even number), every run's score in order ('err' for one without), and why each unscored run has none.
 */
export function medianRun(runs) {
  const isScored = (run) => typeof run.categories.performance.score === 'number'
  const scored = runs
    .filter(isScored)
    .sort((a, b) => a.categories.performance.score - b.categories.performance.score)
  return {
    median: scored.length ? scored[Math.floor((scored.length - 1) / 2)] : null,
    scores: runs.map((run) => (isScored(run) ? Math.round(run.categories.performance.score * 100) : 'err')),
    errors: runs.filter((run) => !isScored(run)).map(whyUnscored),
  }
}
