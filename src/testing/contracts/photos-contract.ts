// PhotoStoragePort's contract. Run on the fake only (fakes.test.ts): the Storage emulator cannot run on
// this project's machines (firebase-tools' Storage rules runtime is not there; scripts/test-emulators.mjs
// says so on a NOT RUN line), so Firebase Storage's side is proved by tests/rules/storage.test.ts where
// it runs and by the browser suite's upload (e2e/, which answers Storage as Firebase does).
import { describe, expect, it } from 'vitest'
import { ABORTED, BackendError, type PhotoStoragePort } from '#shared/backend/kids-ports'
import { newRandomId } from '#shared/records/ids'
import { photoStoragePath } from '#shared/records/kid-photos'
import { rejection } from './contract-world'

/** The port with a parent signed in as `userId`. */
export type MakePhotos = () => Promise<{ readonly photos: PhotoStoragePort; readonly userId: string }>

const png = () => {
  const bytes = new Uint8Array(64)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes.buffer
}

export function photosContract(make: MakePhotos): void {
  describe('PhotoStoragePort', () => {
    it('uploads, reads back the same bytes, lists the folder, deletes (twice is no failure)', async () => {
      const { photos, userId } = await make()
      const path = photoStoragePath(userId, 'amara.png', newRandomId())
      const progress: number[] = []
      await photos.upload(
        path,
        { data: png(), type: 'image/png' },
        { asUser: userId, onProgress: (fraction) => progress.push(fraction) },
      )
      expect(progress.at(-1)).toBe(1)
      const blob = await photos.download(path)
      expect(blob.type).toBe('image/png')
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array(png()))
      expect(await photos.listPhotos(userId)).toEqual([path])
      await photos.delete(path)
      await photos.delete(path)
      expect(await photos.listPhotos(userId)).toEqual([])
      await rejection(photos.download(path))
    })

    it('gives an upload up when its signal fires', async () => {
      const { photos, userId } = await make()
      const controller = new AbortController()
      controller.abort()
      const error = await rejection(
        photos.upload(
          photoStoragePath(userId, 'amara.png', newRandomId()),
          { data: png(), type: 'image/png' },
          { asUser: userId, signal: controller.signal },
        ),
      )
      expect(error).toBeInstanceOf(BackendError)
      expect(error).toMatchObject({ code: ABORTED })
    })
  })
}
