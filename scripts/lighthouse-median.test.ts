// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { type LighthouseRun, medianRun } from './lighthouse-median.mjs'

const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']

function run(score: number | null, failure?: { runtimeError?: string; metricError?: string }): LighthouseRun {
  return {
    ...(failure?.runtimeError
      ? { runtimeError: { code: failure.runtimeError, message: 'it went wrong' } }
      : {}),
    categories: { performance: { score, auditRefs: metrics.map((id) => ({ id })) } },
    audits: Object.fromEntries(
      metrics.map((id) => [
        id,
        { id, ...(failure?.metricError === id ? { errorMessage: 'could not be measured' } : {}) },
      ]),
    ),
  }
}

describe('the Lighthouse run the audit reports', () => {
  it('is the one with the median Performance score of five', () => {
    const runs = [run(0.97), run(1), run(0.94), run(0.99), run(0.98)]
    const { median, scores, errors } = medianRun(runs)
    expect(median).toBe(runs[4])
    expect(scores).toEqual([97, 100, 94, 99, 98])
    expect(errors).toEqual([])
  })

  it('is the lower middle one of an even number', () => {
    const runs = [run(0.99), run(0.96), run(1), run(0.98)]
    expect(medianRun(runs).median).toBe(runs[3])
  })

  it('leaves out a run Lighthouse could not score, and says why, instead of counting it as 0', () => {
    const runs = [
      run(0.99),
      run(null, { runtimeError: 'NO_FCP' }),
      run(0.98),
      run(null, { metricError: 'largest-contentful-paint' }),
    ]
    const { median, scores, errors } = medianRun(runs)
    // Counted as 0, the two unscored runs would have made the median 0.
    expect(median).toBe(runs[2])
    expect(scores).toEqual([99, 'err', 98, 'err'])
    expect(errors).toEqual(['NO_FCP: it went wrong', 'largest-contentful-paint: could not be measured'])
  })

  it('is none when no run has a score', () => {
    const { median, scores } = medianRun([run(null, { runtimeError: 'PAGE_HUNG' })])
    expect(median).toBeNull()
    expect(scores).toEqual(['err'])
  })
})
