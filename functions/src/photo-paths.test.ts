// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { flatPrefix, ownPhotoPaths, photoOwner } from './photo-paths'

describe('photo paths', () => {
  it('reads the owner of a folder photo and of a flat one, and of nothing else', () => {
    expect(photoOwner('images/u1/a.jpg-ABCDEFGHIJabcdefghij')).toBe('u1')
    expect(photoOwner('images/u1-a photo.jpg')).toBe('u1')
    expect(photoOwner('images/u1/deeper/a.jpg')).toBeNull()
    expect(photoOwner('other/u1/a.jpg')).toBeNull()
    expect(photoOwner('images/')).toBeNull()
  })

  it("keeps only the owner's own photos of a record", () => {
    const own = 'images/u1/a.jpg-ABCDEFGHIJabcdefghij'
    expect(ownPhotoPaths([own, own, 'images/u2/b.jpg-ABCDEFGHIJabcdefghij', 'not a path'], 'u1')).toEqual([
      own,
    ])
    expect(ownPhotoPaths([own], '')).toEqual([])
  })

  it('has no flat prefix for a uid holding a dash', () => {
    expect(flatPrefix('u1')).toBe('images/u1-')
    expect(flatPrefix('u-1')).toBeNull()
  })
})
