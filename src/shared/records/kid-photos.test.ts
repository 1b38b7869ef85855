import { describe, expect, it } from 'vitest'
import { newRandomId } from './ids'
import {
  checkPickedPhotos,
  checkUploadablePhoto,
  isOwnPhotoPath,
  PHOTO_NAME_PATTERN,
  photoFolder,
  photoStoragePath,
  safePhotoName,
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

  it("builds photo paths as images/{userId}/{fileName}-{random id}, in the parent's folder", () => {
    const id = 'R4nd0mId000000000001'
    expect(photoStoragePath('u1', 'My Photo/1.png', id)).toBe(`images/u1/My_Photo_1.png-${id}`)
    expect(photoStoragePath('u1', '../x.jpg', id)).toBe(`images/u1/x.jpg-${id}`)
    // A uid holding '-' is no trouble in a folder.
    expect(photoStoragePath('a-b', 'x.png', id)).toBe(`images/a-b/x.png-${id}`)
    expect(photoFolder('u1')).toBe('images/u1')
    expect(newRandomId()).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(newRandomId()).not.toBe(newRandomId())
  })

  it('makes every name storage.rules accepts: a letter or digit first, at most 80 characters, then the id', () => {
    const id = newRandomId()
    const names = [
      'My Photo é.jpg',
      '.hidden.png',
      '---x.jpg',
      '_a.png',
      '',
      '日本.jpg',
      `${'y'.repeat(200)}.jpg`,
    ]
    for (const name of names) {
      expect(safePhotoName(name)).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/)
      expect(photoStoragePath('u1', name, id).slice('images/u1/'.length)).toMatch(PHOTO_NAME_PATTERN)
    }
    expect(safePhotoName('My Photo é.jpg')).toBe('My_Photo_e_.jpg')
    expect(safePhotoName('日本.jpg')).toBe('jpg')
    expect(safePhotoName(`${'y'.repeat(200)}.jpg`)).toBe(`${'y'.repeat(76)}.jpg`)
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

  it("accepts only the owner's own paths in their folder, like firestore.rules", () => {
    const path = photoStoragePath('abc', 'My photo.jpg', 'R4nd0mId000000000001')
    expect(isOwnPhotoPath(path, 'abc')).toBe(true)
    expect(isOwnPhotoPath(path, 'ab')).toBe(false)
    expect(isOwnPhotoPath(path, 'abcd')).toBe(false)
    expect(isOwnPhotoPath(photoStoragePath('a-b', 'x.jpg', 'R4nd0mId000000000001'), 'a-b')).toBe(true)
    // In a folder, only names in the app's format, one segment.
    expect(isOwnPhotoPath('images/abc/x.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc/My photo.jpg-R4nd0mId000000000001', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc/sub/x.jpg-R4nd0mId000000000001', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc/', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc/x.jpg-R4nd0mId000000000001', '')).toBe(false)
  })

  it('keeps accepting flat paths saved before folders, spaces and accents included (legacy records)', () => {
    expect(isOwnPhotoPath('images/abc-x.jpg-R1', 'abc')).toBe(true)
    expect(isOwnPhotoPath('images/abc-My Photo é.jpg-abc', 'abc')).toBe(true)
    expect(isOwnPhotoPath('images/abc-Café (1) & 2: été.jpeg-9f3e', 'abc')).toBe(true)
    // Still only the owner's, never unsafe: another uid, a '/' or '\\', control characters.
    expect(isOwnPhotoPath('images/abc-My Photo é.jpg-abc', 'ab')).toBe(false)
    expect(isOwnPhotoPath('images/abc-My Photo\\..\\x.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-line\nbreak.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-bell\u0007.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-c1\u0085.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-gpj\u202E.jpg', 'abc')).toBe(false)
    // Nor what is left of a download address: a query, a fragment, an escaped character.
    expect(isOwnPhotoPath('images/abc-p1.jpg?alt=media&token=t1', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-p1.jpg#x', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-x%2Fp1.jpg', 'abc')).toBe(false)
    // A flat name cannot tell 'a' from 'a-b': a uid holding '-' owns no flat photo.
    expect(isOwnPhotoPath('images/a-b-x.jpg-R1', 'a-b')).toBe(false)
    expect(isOwnPhotoPath('images/abcd-x.jpg-R1', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-', 'abc')).toBe(false)
    expect(isOwnPhotoPath('images/abc-x/y.jpg', 'abc')).toBe(false)
    expect(isOwnPhotoPath('https://firebasestorage.googleapis.com/x?token=t', 'abc')).toBe(false)
    expect(isOwnPhotoPath('javascript:alert(1)', 'abc')).toBe(false)
    expect(isOwnPhotoPath(`images/abc-${'x'.repeat(300)}`, 'abc')).toBe(false)
  })

  it('reads a legacy download address into a flat path the owner may keep', () => {
    const path = storagePathOf(
      'https://firebasestorage.googleapis.com/v0/b/sunbeam.appspot.com/o/images%2Fabc-My%20Photo%20%C3%A9.jpg-abc?alt=media&token=t',
    )
    expect(path).toBe('images/abc-My Photo é.jpg-abc')
    expect(isOwnPhotoPath(path ?? '', 'abc')).toBe(true)
  })
})
