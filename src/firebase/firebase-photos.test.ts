import { describe, expect, it } from 'vitest'
import { storagePathFromUrl, toStorageBackendError } from './firebase-photos'

describe('photo storage helpers', () => {
  it('finds the object path in production and emulator download addresses', () => {
    expect(
      storagePathFromUrl(
        'https://firebasestorage.googleapis.com/v0/b/sunbeam.appspot.com/o/images%2Fu1-a.png-XYZ?alt=media&token=t',
      ),
    ).toBe('images/u1-a.png-XYZ')
    expect(
      storagePathFromUrl(
        'http://127.0.0.1:9199/v0/b/demo-sunbeam.appspot.com/o/images%2Fu1-b.jpg-1?alt=media',
      ),
    ).toBe('images/u1-b.jpg-1')
    expect(storagePathFromUrl('https://example.test/cat.png')).toBeNull()
    expect(storagePathFromUrl('not a url')).toBeNull()
  })

  it('sorts rule refusals as permanent and network trouble as transient', () => {
    expect(toStorageBackendError({ code: 'storage/unauthorized', message: 'no' }).permanent).toBe(true)
    expect(toStorageBackendError({ code: 'storage/retry-limit-exceeded' }).permanent).toBe(false)
    expect(toStorageBackendError(new Error('boom')).permanent).toBe(false)
  })
})
