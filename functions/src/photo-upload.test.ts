// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { PHOTO_CACHE_CONTROL, PHOTO_MARGIN, photoBound } from './photo-limits'
import { checkUploadedPhoto } from './photo-upload'
import { fakeBucket } from './testing/fake-bucket'
import { fakeRecords } from './testing/fake-records'

const uid = 'parentUid1'
const photo = (n: number) => `images/${uid}/p${n}.jpg-ABCDEFGHIJabcdefghij`

function world({ kids, photos }: { kids: number; photos: number }) {
  const bucket = fakeBucket()
  const records = fakeRecords()
  for (let i = 0; i < kids; i += 1) records.addKid({ id: `kid${i}`, userRef: uid, imgUrls: [] })
  for (let i = 0; i < photos; i += 1) bucket.put(photo(i))
  return { bucket, records, ports: { bucket, records } }
}

const uploaded = (path: string) => ({ path, hasDownloadToken: true, cacheControl: null })

describe('a photo upload', () => {
  it('is 6 photos per child plus 12 in flight', () => {
    expect(PHOTO_MARGIN).toBe(12)
    expect(photoBound(0)).toBe(12)
    expect(photoBound(2)).toBe(24)
  })

  it('loses its download token and gets private, no-store', async () => {
    const { bucket, ports } = world({ kids: 1, photos: 3 })
    expect(await checkUploadedPhoto(uploaded(photo(2)), ports)).toBe('made private')
    expect(bucket.objects.get(photo(2))).toMatchObject({
      hasDownloadToken: false,
      cacheControl: PHOTO_CACHE_CONTROL,
    })
  })

  it('is left alone when already private (the second run of the same event)', async () => {
    const { bucket, ports } = world({ kids: 1, photos: 1 })
    const object = { path: photo(0), hasDownloadToken: false, cacheControl: PHOTO_CACHE_CONTROL }
    expect(await checkUploadedPhoto(object, ports)).toBe('already private')
    expect(bucket.calls.some((call) => call.startsWith('makePrivate'))).toBe(false)
  })

  it('at the bound is kept; one over it is deleted', async () => {
    // One child: 6 + 12 = 18 photos allowed.
    const atBound = world({ kids: 1, photos: 18 })
    expect(await checkUploadedPhoto(uploaded(photo(17)), atBound.ports)).toBe('made private')
    const over = world({ kids: 1, photos: 19 })
    expect(await checkUploadedPhoto(uploaded(photo(18)), over.ports)).toBe('over the bound: deleted')
    expect(over.bucket.objects.has(photo(18))).toBe(false)
    expect(over.bucket.objects.size).toBe(18)
  })

  it("counts the parent's flat photos too, and a new parent may upload a first child's photos", async () => {
    const { bucket, ports } = world({ kids: 0, photos: 6 })
    expect(await checkUploadedPhoto(uploaded(photo(5)), ports)).toBe('made private')
    for (let i = 0; i < 7; i += 1) bucket.put(`images/${uid}-flat${i}.jpg`)
    expect(await checkUploadedPhoto(uploaded(`images/${uid}-flat6.jpg`), ports)).toBe(
      'over the bound: deleted',
    )
  })

  it('ignores what is not a photo in a folder', async () => {
    const { bucket, ports } = world({ kids: 0, photos: 0 })
    expect(await checkUploadedPhoto(uploaded('exports/report.csv'), ports)).toBe('not a photo')
    expect(bucket.calls).toEqual([])
  })
})
