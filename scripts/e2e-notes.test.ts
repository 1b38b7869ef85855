// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { channelsEnded } from './e2e-notes.mjs'

const note = { type: 'firestore-channel', description: 'Failed to load resource: … (…/Listen/channel?…)' }

describe('channelsEnded', () => {
  it("counts the page guards' notes of ended channels in nested suites, and the tests they are in", () => {
    const report = {
      suites: [
        {
          specs: [{ tests: [{ results: [{ annotations: [note, note] }] }] }],
          suites: [
            {
              specs: [
                { tests: [{ results: [{ annotations: [{ type: 'issue', description: '51' }] }] }] },
                { tests: [{ results: [{ annotations: [] }, { annotations: [note] }] }] },
              ],
            },
          ],
        },
      ],
    }
    expect(channelsEnded(report)).toEqual({ notes: 3, tests: 2 })
  })

  it('reads an empty report, or one of tests that never ran, as none', () => {
    expect(channelsEnded({})).toEqual({ notes: 0, tests: 0 })
    expect(channelsEnded({ suites: [{ specs: [{ tests: [{ results: [] }] }] }] })).toEqual({
      notes: 0,
      tests: 0,
    })
  })
})
