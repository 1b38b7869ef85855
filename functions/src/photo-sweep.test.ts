// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ABANDONED_AFTER_MS } from './photo-limits'
import { sweepAbandonedPhotos } from './photo-sweep'
import { fakeBucket } from './testing/fake-bucket'
import { fakeRecords } from './testing/fake-records'

const HOUR = 60 * 60 * 1000
const now = Date.parse('2026-11-27T03:30:00+01:00')
const photo = (name: string) => `images/u1/${name}.jpg-ABCDEFGHIJabcdefghij`

describe('the daily sweep', () => {
  it('is a day', () => {
    expect(ABANDONED_AFTER_MS).toBe(24 * HOUR)
  })

  it('deletes only photos no record names that are older than a day', async () => {
    const bucket = fakeBucket()
    const records = fakeRecords()
    bucket.put(photo('abandoned'), { createdAt: now - 25 * HOUR })
    bucket.put(photo('just-over'), { createdAt: now - 24 * HOUR - 1 })
    bucket.put(photo('exactly-a-day'), { createdAt: now - 24 * HOUR })
    bucket.put(photo('in-flight'), { createdAt: now - 2 * HOUR })
    bucket.put(photo('named'), { createdAt: now - 400 * HOUR })
    bucket.put('images/u2-legacy.jpg', { createdAt: now - 400 * HOUR })
    const legacyAddress = `https://firebasestorage.googleapis.com/v0/b/b/o/${encodeURIComponent('images/u2-legacy.jpg')}?alt=media`
    records.addKid({ id: 'k1', userRef: 'u1', imgUrls: [photo('named')] })
    records.addKid({ id: 'k2', userRef: 'u2', imgUrls: [legacyAddress] })
    // An enrolment file's document is in use too (decision 0032).
    bucket.put(photo('immunisation'), { createdAt: now - 400 * HOUR })
    records.addEnrolment('k1', [photo('immunisation')])

    const deleted = await sweepAbandonedPhotos({ bucket, records }, now)

    expect(deleted.sort()).toEqual([photo('abandoned'), photo('just-over')].sort())
    expect([...bucket.objects.keys()].sort()).toEqual(
      [
        'images/u2-legacy.jpg',
        photo('exactly-a-day'),
        photo('immunisation'),
        photo('in-flight'),
        photo('named'),
      ].sort(),
    )
  })

  it('run twice deletes nothing more', async () => {
    const bucket = fakeBucket()
    const records = fakeRecords()
    bucket.put(photo('abandoned'), { createdAt: now - 48 * HOUR })
    expect(await sweepAbandonedPhotos({ bucket, records }, now)).toEqual([photo('abandoned')])
    expect(await sweepAbandonedPhotos({ bucket, records }, now)).toEqual([])
  })
})
