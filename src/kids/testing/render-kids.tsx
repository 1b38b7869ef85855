// Renders the kids screens in a memory router against fake ports and a real outbox (fake-indexeddb).
// Test helper only: the app never imports it.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router'
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { provideBackend } from '../../shared/backend/backend'
import type { AuthPort, AuthUser, Backend, InquiriesPort } from '../../shared/backend/backend-ports'
import { FakeKidsPort, FakePhotoStorage } from '../../shared/backend/testing/fake-kids-ports'
import { newRandomId } from '../../shared/records/ids'
import { acceptedPhotoType } from '../../shared/records/kid-photos'
import { defaultKidFields, type KidFields, type StoredKid } from '../../shared/records/kid-record'
import { AddKidPage } from '../add-kid-page'
import { EditKidPage } from '../edit-kid-page'
import { KidDetailPage } from '../kid-detail-page'
import { createOutboxRuntime, type OutboxRuntime, provideOutboxRuntime } from '../outbox/outbox-runtime'
import type { PreparedPhoto } from '../outbox/outbox-store'
import { YourKids } from '../your-kids'

export const PARENT: AuthUser = { uid: 'parent1', email: 'ngozi@example.com', displayName: 'Ngozi' }

function signedInAuth(user: AuthUser): AuthPort {
  const refuse = () => Promise.reject(new Error('not part of the kids tests'))
  return {
    onAuthChange(listener) {
      queueMicrotask(() => listener(user))
      return () => undefined
    },
    signIn: refuse,
    signUp: refuse,
    signOut: refuse,
    sendPasswordReset: refuse,
    updateName: refuse,
  }
}

const noInquiries: InquiriesPort = { send: () => Promise.reject(new Error('not part of the kids tests')) }

/** The canvas work of the real preparePhotos, without a canvas: bytes as picked. */
export async function preparePhotosAsPicked(files: readonly File[]): Promise<PreparedPhoto[]> {
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      type: acceptedPhotoType(file) ?? 'image/jpeg',
      data: await file.arrayBuffer(),
    })),
  )
}

export function pngFile(name: string, size = 200, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type })
}

export function storedKid(id: string, overrides: Partial<StoredKid> = {}): StoredKid {
  return {
    ...defaultKidFields(),
    kidName: 'Amara Obi',
    kidAge: '4',
    parentName: 'Ngozi Obi',
    parentAge: '34',
    parentPhone: '+234 802 555 0101',
    address: '12 Palm Close\nUyo',
    plan: 'Weekly',
    imgUrls: [
      FakePhotoStorage.urlOf(`images/parent1-a.jpg-${id}1`),
      FakePhotoStorage.urlOf(`images/parent1-b.jpg-${id}2`),
    ],
    userRef: PARENT.uid,
    id,
    savedAt: 1,
    ...overrides,
  }
}

export function childFields(overrides: Partial<KidFields> = {}): KidFields {
  return { ...storedKid('x'), ...overrides }
}

export interface KidsWorld {
  readonly kids: FakeKidsPort
  readonly storage: FakePhotoStorage
  readonly runtime: OutboxRuntime
  readonly backend: Backend
}

/** A fresh fake backend and outbox (its own database) for one test. */
export function createKidsWorld(): KidsWorld {
  const kids = new FakeKidsPort()
  const storage = new FakePhotoStorage()
  const backend: Backend = { auth: signedInAuth(PARENT), inquiries: noInquiries, kids, photos: storage }
  provideBackend(() => Promise.resolve(backend))
  const runtime = createOutboxRuntime(backend, `kids-screens-${newRandomId(8)}`)
  provideOutboxRuntime(runtime)
  return { kids, storage, runtime, backend }
}

export function renderKids(path: string, options: { readonly confirm?: (message: string) => boolean } = {}) {
  const root = createRootRoute({
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  })
  const EditRoute = () => {
    const { kidId = '' } = useParams({ strict: false }) as { kidId?: string }
    return <EditKidPage key={kidId} kidId={kidId} userId={PARENT.uid} preparePhotos={preparePhotosAsPicked} />
  }
  const DetailRoute = () => {
    const { kidId = '' } = useParams({ strict: false }) as { kidId?: string }
    return <KidDetailPage key={kidId} kidId={kidId} userId={PARENT.uid} />
  }
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
    createRoute({
      getParentRoute: () => root,
      path: '/profile',
      component: () => (
        <>
          <h1>My Profile</h1>
          <YourKids userId={PARENT.uid} confirm={options.confirm} />
        </>
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/add-kid',
      component: () => <AddKidPage userId={PARENT.uid} preparePhotos={preparePhotosAsPicked} />,
    }),
    createRoute({ getParentRoute: () => root, path: '/edit-kid/$kidId', component: EditRoute }),
    createRoute({ getParentRoute: () => root, path: '/kid/$kidId', component: DetailRoute }),
  ])
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree: tree, history })
  const view = render(<RouterProvider router={router as never} />)
  return { ...view, router, history }
}

/**
 * A fresh world (fake ports, a real outbox on fake-indexeddb) for each test of the calling file, torn
 * down after it; object URLs are counted so photo previews have stable addresses.
 */
export function useKidsWorld(): () => KidsWorld {
  let world: KidsWorld | null = null
  let objectUrls = 0
  beforeEach(() => {
    world = createKidsWorld()
    URL.createObjectURL = vi.fn(() => `blob:test/${++objectUrls}`)
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(async () => {
    cleanup()
    if (!world) return
    world.runtime.sender.stop()
    await world.runtime.sender.idle().catch(() => undefined)
    world.runtime.outbox.close()
    provideOutboxRuntime(null)
    world = null
  })
  return () => {
    if (!world) throw new Error('useKidsWorld: the world exists only inside a test')
    return world
  }
}
