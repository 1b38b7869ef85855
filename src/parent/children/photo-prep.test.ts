// The pure parts of the on-device scaling (the canvas work itself runs in the browser suite, which
// checks that uploads arrive as JPEG).
import { describe, expect, it } from 'vitest'
import { jpegName, MAX_PHOTO_EDGE, PhotoPrepError, preparePhoto, scaledSize } from './photo-prep'

describe('photo scaling', () => {
  it('keeps the longest edge at 1600 px, keeps the aspect ratio and never enlarges', () => {
    expect(MAX_PHOTO_EDGE).toBe(1600)
    expect(scaledSize(4032, 3024)).toEqual({ width: 1600, height: 1200 })
    expect(scaledSize(3024, 4032)).toEqual({ width: 1200, height: 1600 })
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 })
    expect(scaledSize(10000, 10)).toEqual({ width: 1600, height: 2 })
  })

  it('names the scaled photo as a JPEG', () => {
    expect(jpegName('IMG_0042.PNG')).toBe('IMG_0042.jpg')
    expect(jpegName('holiday.photo.jpeg')).toBe('holiday.photo.jpg')
    expect(jpegName('.png')).toBe('photo.jpg')
  })

  it('refuses a file of another type before decoding it', async () => {
    const gif = new File([new Uint8Array(4)], 'a.gif', { type: 'image/gif' })
    await expect(preparePhoto(gif)).rejects.toBeInstanceOf(PhotoPrepError)
  })
})
