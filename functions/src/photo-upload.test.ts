// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { PHOTO_CACHE_CONTROL, PHOTO_MARGIN, photoBound } from './photo-limits'
import { checkUploadedPhoto, keepPrivate } from './photo-upload'
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

const uploaded = (path: string, contentType = 'image/jpeg') => ({
  path,
  hasDownloadToken: true,
  cacheControl: null,
  contentType,
})

describe('a photo upload', () => {
  it('is 6 photos and 2 documents per child, children up to 10, plus 12 in flight', () => {
    expect(PHOTO_MARGIN).toBe(12)
    expect(photoBound(0)).toBe(12)
    expect(photoBound(2)).toBe(28)
    expect(photoBound(10)).toBe(92)
    // Issue 50: forty children give no more room than ten.
    expect(photoBound(40)).toBe(92)
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
    const object = {
      path: photo(0),
      hasDownloadToken: false,
      cacheControl: PHOTO_CACHE_CONTROL,
      contentType: 'image/jpeg',
    }
    expect(await checkUploadedPhoto(object, ports)).toBe('already private')
    expect(bucket.calls.some((call) => call.startsWith('makePrivate'))).toBe(false)
  })

  it('at the bound is kept; one over it is deleted', async () => {
    // One child: 6 + 2 + 12 = 20 files allowed.
    const atBound = world({ kids: 1, photos: 20 })
    expect(await checkUploadedPhoto(uploaded(photo(19)), atBound.ports)).toBe('made private')
    const over = world({ kids: 1, photos: 21 })
    expect(await checkUploadedPhoto(uploaded(photo(20)), over.ports)).toBe('over the bound: deleted')
    expect(over.bucket.objects.has(photo(20))).toBe(false)
    expect(over.bucket.objects.size).toBe(20)
  })

  it('gives no more room for children past ten (issue 50)', async () => {
    const forty = world({ kids: 40, photos: 93 })
    expect(await checkUploadedPhoto(uploaded(photo(92)), forty.ports)).toBe('over the bound: deleted')
    const ten = world({ kids: 10, photos: 92 })
    expect(await checkUploadedPhoto(uploaded(photo(91)), ten.ports)).toBe('made private')
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

  it('keeps a file whose bytes are its type: JPEG, PNG and, in the folder, PDF (controls)', async () => {
    const { bucket, ports } = world({ kids: 1, photos: 0 })
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    bucket.put(photo(1), { bytes: png })
    bucket.put(photo(2), { bytes: new TextEncoder().encode('%PDF-1.7\n%...') })
    expect(await checkUploadedPhoto(uploaded(photo(1), 'image/png'), ports)).toBe('made private')
    expect(await checkUploadedPhoto(uploaded(photo(2), 'application/pdf'), ports)).toBe('made private')
  })

  it('deletes any other bytes, named .pdf or not, and a type that is not what it says (issue 50)', async () => {
    const { bucket, ports } = world({ kids: 1, photos: 0 })
    bucket.put(photo(1), { bytes: new TextEncoder().encode('<!doctype html><script>alert(1)</script>') })
    bucket.put(photo(2), { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00]) })
    bucket.put(photo(3))
    expect(await checkUploadedPhoto(uploaded(photo(1), 'application/pdf'), ports)).toBe(
      'not its type: deleted',
    )
    expect(await checkUploadedPhoto(uploaded(photo(2), 'application/pdf'), ports)).toBe(
      'not its type: deleted',
    )
    // JPEG bytes declared a PDF: staff would open a picture as a PDF; refused too.
    expect(await checkUploadedPhoto(uploaded(photo(3), 'application/pdf'), ports)).toBe(
      'not its type: deleted',
    )
    expect(bucket.objects.size).toBe(0)
    // A flat name (before the folders) holds photos only.
    bucket.put(`images/${uid}-old.pdf`, { bytes: new TextEncoder().encode('%PDF-1.4') })
    expect(await checkUploadedPhoto(uploaded(`images/${uid}-old.pdf`, 'application/pdf'), ports)).toBe(
      'not its type: deleted',
    )
  })

  it('finds a file deleted meanwhile gone (the event again)', async () => {
    const { ports } = world({ kids: 1, photos: 0 })
    expect(await checkUploadedPhoto(uploaded(photo(1)), ports)).toBe('gone')
  })
})

describe("a photo's metadata changed (issue 50)", () => {
  it('a download token set again is removed again; a private photo is left alone', async () => {
    const { bucket } = world({ kids: 1, photos: 1 })
    bucket.put(photo(0), { hasDownloadToken: true, cacheControl: PHOTO_CACHE_CONTROL })
    expect(
      await keepPrivate(
        { path: photo(0), hasDownloadToken: true, cacheControl: PHOTO_CACHE_CONTROL },
        bucket,
      ),
    ).toBe('made private')
    expect(bucket.objects.get(photo(0))?.hasDownloadToken).toBe(false)
    // Its own change fires the event again: nothing more.
    expect(
      await keepPrivate(
        { path: photo(0), hasDownloadToken: false, cacheControl: PHOTO_CACHE_CONTROL },
        bucket,
      ),
    ).toBe('already private')
    expect(bucket.calls.filter((call) => call.startsWith('makePrivate'))).toHaveLength(1)
    expect(
      await keepPrivate(
        { path: photo(0), hasDownloadToken: false, cacheControl: 'public, max-age=60' },
        bucket,
      ),
    ).toBe('made private')
  })
})
