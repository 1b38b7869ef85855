// The children's covers read from the device before My Profile renders (decision 0098): in the first
// render, never downloaded here, released with the parent's scope, and never waited for past the bound.
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParentScope } from '#parent/account/parent-scope'
import { ParentScopeProvider } from '#parent/account/parent-scope-context'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { memoryPhotoCopies, type PhotoCopies } from '#parent/outbox/photo-copies'
import { newRandomId } from '#shared/records/ids'
import { createFakeBackend, type FakeBackend } from '#testing/backend/fake-backend'
import { PARENT } from '#testing/kids/kids-world'
import { prepareCoverPhotos, readyPhotoSrc } from './cover-photos'
import { KidPhoto } from './kid-photo'
import type { PhotoRef } from './kids-view'

const runtimes: OutboxRuntime[] = []

async function scopeWith(copies: PhotoCopies, backend: FakeBackend = createFakeBackend()) {
  const runtime = await createOutboxRuntime(backend, { dbName: `covers-${newRandomId(8)}`, copies })
  runtimes.push(runtime)
  return new ParentScope(PARENT, runtime)
}

const kept = {
  kind: 'stored',
  owner: PARENT.uid,
  path: 'photos/parent1/amara.jpg',
} as const satisfies PhotoRef

/** The device's copies, holding Amara's cover (`kept`). */
async function copiesHoldingAmara(): Promise<PhotoCopies> {
  const copies = memoryPhotoCopies()
  await copies.put(PARENT.uid, kept.path, new Blob(['jpeg'], { type: 'image/jpeg' }))
  return copies
}

const notHere: PhotoRef = { kind: 'stored', owner: PARENT.uid, path: 'photos/parent1/bola.jpg' }

afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.close()
})

describe("the children's covers, read before My Profile renders", () => {
  it('are in the first render, read once from the copies this device keeps', async () => {
    const copies = await copiesHoldingAmara()
    const get = vi.spyOn(copies, 'get')
    const scope = await scopeWith(copies)

    await prepareCoverPhotos(scope, [kept])
    await prepareCoverPhotos(scope, [kept])
    expect(get).toHaveBeenCalledTimes(1)
    const src = readyPhotoSrc(scope, kept)
    expect(src).toMatch(/^blob:test\//)

    render(
      <ParentScopeProvider scope={scope}>
        <KidPhoto photo={kept} alt="Amara" width={72} height={72} />
      </ParentScopeProvider>,
    )
    // No placeholder first: the photo itself, in the first render (getBy, not findBy).
    expect(screen.getByRole('img', { name: 'Amara' })).toHaveAttribute('src', src)
  })

  it('never download a photo this device does not hold: the screen asks for it, as before', async () => {
    const backend = createFakeBackend()
    const scope = await scopeWith(memoryPhotoCopies(), backend)
    await prepareCoverPhotos(scope, [notHere, { kind: 'device', photoId: 'gone' }])
    expect(readyPhotoSrc(scope, notHere)).toBeUndefined()
    expect(readyPhotoSrc(scope, { kind: 'device', photoId: 'gone' })).toBeUndefined()
    expect(backend.photos.downloads).toEqual([])
  })

  it('are released when the scope ends, and a scope that has ended keeps none', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL')
    const scope = await scopeWith(await copiesHoldingAmara())
    await prepareCoverPhotos(scope, [kept])
    const src = readyPhotoSrc(scope, kept)
    scope.dispose()
    expect(revoke).toHaveBeenCalledWith(src)
    expect(readyPhotoSrc(scope, kept)).toBeUndefined()
    await prepareCoverPhotos(scope, [kept])
    expect(readyPhotoSrc(scope, kept)).toBeUndefined()
    revoke.mockRestore()
  })

  it('are not waited for past the bound: a copy that never comes leaves the page to show', async () => {
    const copies = memoryPhotoCopies()
    copies.get = () => new Promise<Blob | null>(() => undefined)
    const scope = await scopeWith(copies)
    // Without the bound this would never resolve (the test's own timeout would end it).
    await prepareCoverPhotos(scope, [kept], 50)
    expect(readyPhotoSrc(scope, kept)).toBeUndefined()
  })
})
