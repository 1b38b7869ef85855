import { describe, expect, it } from 'vitest'
import { newRandomId } from './ids'
import {
  checkPickedPhotos,
  checkUploadablePhoto,
  isOwnPhotoPath,
  photoStoragePath,
  storagePathOf,
} from './kid-photos'

describe("a child's photos", () => {
  it('checks picked photos: count first (Max 6 images), then type, then size', () => {
    const file = (name: string, type = 'image/png', size = 10) => ({ name, type, size })
    expect(checkPickedPhotos([], true)).toBe('Please choose at least one image')
    expect(checkPickedPhotos([], false)).toBeNull()
    expect(
      checkPickedPhotos(
        Array.from({ length: 7 }, () => file('a.gif', 'image/gif')),
        true,
      ),
    ).toBe('Max 6 images')
    expect(
      checkPickedPhotos(
        Array.from({ length: 6 }, () => file('a.png')),
        true,
      ),
    ).toBeNull()
    expect(checkPickedPhotos([file('a.gif', 'image/gif')], true)).toBe(
      'Only .jpg, .jpeg and .png images can be added',
    )
    expect(checkPickedPhotos([file('a.JPEG', '')], true)).toBeNull() // no type from the picker: the extension
    expect(checkPickedPhotos([file('a.jpg', 'image/jpeg', 26 * 1024 * 1024)], true)).toBe(
      'Each image must be 25 MB or smaller',
    )
    expect(checkUploadablePhoto(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).not.toBeNull()
    expect(checkUploadablePhoto(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull()
  })

  it('builds photo paths as images/{userId}-{fileName}-{random id}, one safe path segment', () => {
    expect(photoStoragePath('u1', 'My Photo/1.png', 'R1')).toBe('images/u1-My_Photo_1.png-R1')
    expect(photoStoragePath('u1', '../x.jpg', 'R2')).toBe('images/u1-x.jpg-R2')
    expect(newRandomId()).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(newRandomId()).not.toBe(newRandomId())
  })
})

describe('photo paths in a record', () => {
  it('reads the path out of a download address (records saved before photos were private), or keeps a path', () => {
    expect(
      storagePathOf(
        'https://firebasestorage.googleapis.com/v0/b/sunbeam.appspot.com/o/images%2Fu1-a.png-XYZ?alt=media&token=t',
      ),
    ).toBe('images/u1-a.png-XYZ')
    expect(
      storagePathOf('http://127.0.0.1:9199/v0/b/demo-sunbeam.appspot.com/o/images%2Fu1-b.jpg-1?alt=media'),
    ).toBe('images/u1-b.jpg-1')
    expect(storagePathOf('images/u1-c.jpg-2')).toBe('images/u1-c.jpg-2')
    expect(storagePathOf('https://example.test/cat.png')).toBeNull()
    expect(storagePathOf('not a url')).toBeNull()
  })

  it("accepts only the owner's own paths, like firestore.rules", () => {
    const path = photoStoragePath('abc', 'My photo.jpg', 'R1')
    expect(isOwnPhotoPath(path, 'abc')).toBe(true)
    expect(isOwnPhotoPath(path, 'ab')).toBe(false)
    expect(isOwnPhotoPath('images/abcd-x.jpg-R1', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-x/y.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('https://firebasestorage.googleapis.com/x?token=t', 'abc')).toBe(false)
    expect(isOwnPhotoPath('javascript:alert(1)', 'abc')).toBe(false)
    expect(isOwnPhotoPath(`images/abc-${'x'.repeat(300)}`, 'abc')).toBe(false)
  })
})
