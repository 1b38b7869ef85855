import { describe, expect, it } from 'vitest'
import { IDLE, submitProgress } from './kid-form-progress'

describe('the form’s submission state', () => {
  it('starts idle, goes busy with its phase, counts whole percent, and is usable again on failure', () => {
    expect(IDLE).toEqual({ busy: false, phase: '', progress: null })
    const started = submitProgress(IDLE, { type: 'started', phase: 'Saving your child…' })
    expect(started).toEqual({ busy: true, phase: 'Saving your child…', progress: null })
    const halfway = submitProgress(started, { type: 'progressed', fraction: 0.504 })
    expect(halfway).toEqual({ busy: true, phase: 'Saving your child…', progress: 50 })
    expect(submitProgress(halfway, { type: 'failed' }).busy).toBe(false)
    // A new start hides the last attempt's progress until the next report.
    expect(
      submitProgress(submitProgress(halfway, { type: 'failed' }), { type: 'started', phase: 'P' }),
    ).toEqual({ busy: true, phase: 'P', progress: null })
  })
})
