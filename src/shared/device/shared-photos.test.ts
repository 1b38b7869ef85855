// @vitest-environment node
// Node has File, Response and crypto.randomUUID but no Cache Storage (nor has jsdom): a small fake
// with the same semantics for what the module uses (open, has, delete, keys, match, put).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_PICKED_FILE_BYTES } from '#shared/records/kid-photos'
import {
  boundedFormData,
  clearSharedPhotos,
  isShareId,
  keepableSharedPhotos,
  MAX_SHARE_BYTES,
  readSharedPhotos,
  SHARED_PHOTOS_CACHE,
  SHARED_PHOTOS_MAX_AGE_MS,
  sharedPhotosLeftOut,
  sharedPhotosNoteText,
  sharedPhotosTarget,
  shareFromThisSite,
  storeSharedPhotos,
} from './shared-photos'

const origin = 'https://sunbeam.example'

class FakeCache {
  readonly entries = new Map<string, Response>()
  private url(request: RequestInfo | URL) {
    return new URL(request instanceof Request ? request.url : String(request), origin).href
  }
  async put(request: RequestInfo | URL, response: Response) {
    // Cache Storage keeps the whole body: read it now, as put() does.
    const body = await response.arrayBuffer()
    this.entries.set(
      this.url(request),
      new Response(body, { status: response.status, headers: response.headers }),
    )
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.url(request))?.clone()
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.url(request))
  }
}

class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>()
  async open(name: string) {
    let cache = this.caches.get(name)
    if (!cache) {
      cache = new FakeCache()
      this.caches.set(name, cache)
    }
    return cache
  }
  async has(name: string) {
    return this.caches.has(name)
  }
  async delete(name: string) {
    return this.caches.delete(name)
  }
}

let storage: FakeCacheStorage
beforeEach(() => {
  storage = new FakeCacheStorage()
  vi.stubGlobal('caches', storage)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const png = (name: string, bytes = [137, 80, 78, 71]) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const jpeg = (name: string) =>
  new File(['jpeg bytes'], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 })

describe('storeSharedPhotos and readSharedPhotos', () => {
  it('keep the shared images with their names, types, bytes and order under a new share id', async () => {
    const shareId = await storeSharedPhotos([png('first day.png', [1, 2, 3]), jpeg('Ada smiling.jpg')])
    expect(isShareId(shareId)).toBe(true)
    expect(sharedPhotosTarget(shareId)).toBe(`/add-kid?share=${shareId}`)

    const files = await readSharedPhotos(shareId as string)
    expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
      ['first day.png', 'image/png', 3],
      ['Ada smiling.jpg', 'image/jpeg', 10],
    ])
    expect([...new Uint8Array(await (files[0] as File).arrayBuffer())]).toEqual([1, 2, 3])
    expect(files[1]?.lastModified).toBe(1_700_000_000_000)
    expect(files.every((file) => file instanceof File)).toBe(true)
  })

  it('keep only JPEG and PNG images, at most six, and nothing at all when there is none', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })
    const untyped = new File(['jpeg bytes'], 'from-gallery.JPG', { type: '' })
    const shareId = await storeSharedPhotos([text, png('a.png'), gif, untyped, 'not a file'])
    const files = await readSharedPhotos(shareId as string)
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['a.png', 'image/png'],
      ['from-gallery.JPG', 'image/jpeg'],
    ])

    const eight = Array.from({ length: 8 }, (_, i) => png(`p${i}.png`))
    expect(keepableSharedPhotos(eight).map((file) => file.name)).toEqual([
      'p0.png',
      'p1.png',
      'p2.png',
      'p3.png',
      'p4.png',
      'p5.png',
    ])
    expect(await readSharedPhotos((await storeSharedPhotos(eight)) as string)).toHaveLength(6)

    expect(await storeSharedPhotos([text, gif])).toBeNull()
    expect(sharedPhotosTarget(null)).toBe('/add-kid')
  })

  it('keep two shares apart, and drop a share nobody collected once a newer one arrives a day later', async () => {
    const start = 1_800_000_000_000
    const first = (await storeSharedPhotos([png('one.png')], start)) as string
    const second = (await storeSharedPhotos([png('two.png')], start + 1000)) as string
    expect((await readSharedPhotos(first)).map((file) => file.name)).toEqual(['one.png'])
    expect((await readSharedPhotos(second)).map((file) => file.name)).toEqual(['two.png'])

    const third = (await storeSharedPhotos(
      [png('three.png')],
      start + 1000 + SHARED_PHOTOS_MAX_AGE_MS,
    )) as string
    expect(await readSharedPhotos(first)).toEqual([])
    expect((await readSharedPhotos(second)).map((file) => file.name)).toEqual(['two.png'])
    expect((await readSharedPhotos(third)).map((file) => file.name)).toEqual(['three.png'])
  })

  it('read nothing for an unknown or malformed share id, and never outside the share', async () => {
    await storeSharedPhotos([png('a.png')])
    expect(await readSharedPhotos('0123456789abcdef')).toEqual([])
    expect(await readSharedPhotos('../../assets')).toEqual([])
    expect(await readSharedPhotos('')).toEqual([])
    expect(isShareId('a/b')).toBe(false)
  })
})

describe('clearSharedPhotos', () => {
  it("removes one share's photos after use, and every shared photo at sign-out", async () => {
    const kept = (await storeSharedPhotos([png('kept.png')])) as string
    const used = (await storeSharedPhotos([png('used.png')])) as string
    await clearSharedPhotos(used)
    expect(await readSharedPhotos(used)).toEqual([])
    expect(await readSharedPhotos(kept)).toHaveLength(1)

    await clearSharedPhotos()
    expect(await readSharedPhotos(kept)).toEqual([])
    expect(await storage.has(SHARED_PHOTOS_CACHE)).toBe(false)
  })
})

describe('without Cache Storage', () => {
  it('stores nothing, reads nothing and clears nothing, without an error', async () => {
    vi.stubGlobal('caches', undefined)
    expect(await storeSharedPhotos([png('a.png')])).toBeNull()
    expect(await readSharedPhotos('0123456789abcdef')).toEqual([])
    await expect(clearSharedPhotos()).resolves.toBeUndefined()
  })
})

describe('the bounds of a share', () => {
  /** A file that says it is `size` bytes without holding them (only its size is read here). */
  const large = (name: string, size: number) => {
    const file = png(name)
    Object.defineProperty(file, 'size', { value: size })
    return file
  }

  it('keeps at most six images of at most 25 MB each, and says when some were left out', () => {
    const six = Array.from({ length: 6 }, (_, i) => png(`p${i}.png`))
    expect(sharedPhotosLeftOut(six)).toBe(false)
    expect(sharedPhotosLeftOut([...six, png('p6.png')])).toBe(true)
    const tooBig = large('huge.png', MAX_PICKED_FILE_BYTES + 1)
    const justFits = large('fits.png', MAX_PICKED_FILE_BYTES)
    expect(keepableSharedPhotos([tooBig, justFits]).map((file) => file.name)).toEqual(['fits.png'])
    expect(sharedPhotosLeftOut([tooBig, justFits])).toBe(true)
    // A file that is not an image is not a photo left out: it was never one.
    expect(sharedPhotosLeftOut([new File(['x'], 'notes.txt', { type: 'text/plain' }), justFits])).toBe(false)
  })

  it('sends the parent to the add form saying why, in words', () => {
    expect(sharedPhotosTarget('abcdefgh12', 'some-left-out')).toBe(
      '/add-kid?share=abcdefgh12&shared=some-left-out',
    )
    expect(sharedPhotosTarget(null, 'none-kept')).toBe('/add-kid?shared=none-kept')
    expect(sharedPhotosNoteText('some-left-out')).toBe(
      'Some of the shared photos were left out: the form takes max 6 images, each 25 MB or smaller.',
    )
    expect(sharedPhotosNoteText('none-kept')).toBe(
      'The shared photos were not kept: together they were larger than 150 MB. Please share at most 6 photos at a time.',
    )
  })

  it('reads a post no further than the bound', async () => {
    const form = new FormData()
    form.append('photos', png('a.png'))
    const post = (body: FormData) =>
      new Request('https://sunbeam.example/share-target', { method: 'POST', body })
    expect((await boundedFormData(post(form)))?.getAll('photos')).toHaveLength(1)
    // The control above; a bound smaller than the post: nothing of it is read back.
    expect(await boundedFormData(post(form), 16)).toBeNull()
    expect(MAX_SHARE_BYTES).toBeGreaterThan(6 * MAX_PICKED_FILE_BYTES)
  })

  it("takes a post from the share sheet or the site's own pages, never from another site's form", () => {
    const site = 'https://sunbeam.example'
    const post = (headers: Record<string, string>, referrer?: string) =>
      new Request(`${site}/share-target`, { method: 'POST', headers, ...(referrer ? { referrer } : {}) })
    // The share sheet: no origin, or an opaque one, and no referrer. The site's own page.
    expect(shareFromThisSite(post({}), site)).toBe(true)
    expect(shareFromThisSite(post({ Origin: 'null' }), site)).toBe(true)
    expect(shareFromThisSite(post({ Origin: site }), site)).toBe(true)
    // Another site's form.
    expect(shareFromThisSite(post({ Origin: 'https://evil.example' }), site)).toBe(false)
    expect(shareFromThisSite(post({ Origin: 'http://sunbeam.example' }), site)).toBe(false)
    expect(shareFromThisSite(post({ 'Sec-Fetch-Site': 'cross-site' }), site)).toBe(false)
    expect(shareFromThisSite(post({ 'Sec-Fetch-Site': 'same-site' }), site)).toBe(false)
    expect(shareFromThisSite(post({ 'Sec-Fetch-Site': 'same-origin', Origin: site }), site)).toBe(true)
  })
})
