import { describe, expect, it } from 'vitest'
import { syncStatusText } from './kid-status'

const base = { photos: 1, uploaded: 0, online: true, retryInMs: 0 }

describe('syncStatusText: how far a waiting child is', () => {
  it('counts the photo on its way among the photos of the submission being sent', () => {
    const activity = { uploaded: 0, total: 1, fraction: 0.42 }
    expect(syncStatusText({ ...base, activity })).toBe('Uploading photo 1 of 1… 42% · 0 of 1 photos uploaded')
    expect(
      syncStatusText({ ...base, photos: 3, uploaded: 1, activity: { uploaded: 1, total: 3, fraction: 0 } }),
    ).toBe('Uploading photo 2 of 3… 0% · 1 of 3 photos uploaded')
  })

  it("past the last photo, says the record is on its way: never 'photo 2 of 1'", () => {
    const text = syncStatusText({ ...base, uploaded: 1, activity: { uploaded: 1, total: 1, fraction: 0 } })
    expect(text).toBe('Saving… · 1 of 1 photos uploaded')
    expect(text).not.toMatch(/photo 2 of 1/)
  })

  it('never counts more photos up than the submission has', () => {
    expect(syncStatusText({ ...base, photos: 2, uploaded: 3, activity: undefined })).toBe(
      'Waiting to upload · 2 of 2 photos uploaded',
    )
  })

  it('says what a child waits for when nothing is on its way', () => {
    expect(syncStatusText({ ...base, online: false, activity: undefined })).toBe(
      'Waiting for a connection · 0 of 1 photos uploaded',
    )
    expect(syncStatusText({ ...base, retryInMs: 4_200, activity: undefined })).toBe(
      'Retrying in 5 s · 0 of 1 photos uploaded',
    )
    expect(syncStatusText({ ...base, photos: 0, activity: undefined })).toBe('Waiting to upload')
  })
})
