// A kids test world: fake ports, a real outbox (fake-indexeddb) of its own, and a signed-in parent, for
// one test at a time; screens are rendered through the app's real router (renderRoute). Test helper only.
import { afterEach, beforeEach, vi } from 'vitest'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { memoryPhotoCopies } from '#parent/outbox/photo-copies'
import type { AuthUser } from '#shared/backend/backend-ports'
import { newRandomId } from '#shared/records/ids'
import { birthMonthFor } from '#shared/records/kid-age'
import { defaultKidFields, type KidFields, type StoredKid } from '#shared/records/kid-record'
import { createFakeBackend, type FakeBackend } from '#testing/backend/fake-backend'
import type { FakeKidsPort, FakePhotoStorage } from '#testing/backend/fake-kids-ports'
import { renderRoute } from '#testing/screens/render-route'

export const PARENT: AuthUser = { uid: 'parent1', email: 'ngozi@example.com', displayName: 'Ngozi' }

export function pngFile(name: string, size = 200, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type })
}

export function storedKid(id: string, overrides: Partial<StoredKid> = {}): StoredKid {
  return {
    ...defaultKidFields(),
    kidName: 'Amara Obi',
    kidBirthMonth: birthMonthFor(4, 0, new Date()), // 4 years old
    parentName: 'Ngozi Obi',
    parentAge: '34',
    parentPhone: '+234 802 555 0101',
    address: '12 Palm Close\nUyo',
    plan: 'Weekly',
    imgUrls: [`images/parent1-a.jpg-${id}1`, `images/parent1-b.jpg-${id}2`],
    userRef: PARENT.uid,
    id,
    savedAt: 1,
    ...overrides,
  }
}

/** A record the server already has, with its photos in storage. */
export function seedKid(world: KidsWorld, kid: StoredKid): void {
  for (const path of kid.imgUrls)
    world.storage.objects.set(path, { data: new ArrayBuffer(8), type: 'image/jpeg' })
  world.kids.seed(kid)
}

export function childFields(overrides: Partial<KidFields> = {}): KidFields {
  return { ...storedKid('x'), ...overrides }
}

export interface KidsWorld {
  readonly kids: FakeKidsPort
  readonly storage: FakePhotoStorage
  readonly runtime: OutboxRuntime
  readonly backend: FakeBackend
}

/** A fresh fake backend, signed in as PARENT, and an outbox in a database of its own. */
export async function createKidsWorld(): Promise<KidsWorld> {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs(PARENT)
  backend.kids.signedIn = PARENT.uid
  const runtime = await createOutboxRuntime(backend, {
    dbName: `kids-${newRandomId(8)}`,
    copies: memoryPhotoCopies(),
  })
  return { kids: backend.kids, storage: backend.photos, runtime, backend }
}

/**
 * A fresh world for each test of the calling file; object URLs are counted so photo previews have
 * stable addresses. (renderRoute stops the world's outbox after each test.)
 */
export function useKidsWorld(): {
  (): KidsWorld
  render(
    path: string,
    options?: { readonly confirm?: (message: string) => boolean },
  ): ReturnType<typeof renderRoute>
} {
  let world: KidsWorld | null = null
  let objectUrls = 0
  beforeEach(async () => {
    world = await createKidsWorld()
    URL.createObjectURL = vi.fn(() => `blob:test/${++objectUrls}`)
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    world = null
  })
  const current = () => {
    if (!world) throw new Error('useKidsWorld: the world exists only inside a test')
    return world
  }
  return Object.assign(current, {
    render(path: string, options: { readonly confirm?: (message: string) => boolean } = {}) {
      const { confirm } = options
      if (confirm) vi.spyOn(window, 'confirm').mockImplementation((message) => confirm(message ?? ''))
      const { backend, runtime } = current()
      return renderRoute(path, { backend, outbox: runtime })
    },
  })
}
