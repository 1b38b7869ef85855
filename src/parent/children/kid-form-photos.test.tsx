// The form's photos as a press reads them: a pick that has just finished scaling down is handed over
// whether or not React has rendered it yet (a busy phone renders late).
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { ParentScope } from '#parent/account/parent-scope'
import { ParentScopeProvider } from '#parent/account/parent-scope-context'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { newRandomId } from '#shared/records/ids'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { useFormPhotos } from './kid-form-photos'
import { preparePhotos } from './photo-prep'

vi.mock('./photo-prep', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./photo-prep')>()),
  preparePhotos: vi.fn(),
}))

const runtimes: OutboxRuntime[] = []

afterEach(() => {
  vi.useRealTimers()
  for (const runtime of runtimes.splice(0)) runtime.close()
})

/** The hook in the parent area, as the form uses it (its saved photos are read through the scope). */
async function renderPhotos(onPickError: (message: string | undefined) => void = () => {}) {
  const runtime = await createOutboxRuntime(createFakeBackend(), { dbName: `photos-${newRandomId(8)}` })
  runtimes.push(runtime)
  const scope = new ParentScope({ uid: 'ngozi', email: null, displayName: null }, runtime)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ParentScopeProvider scope={scope}>{children}</ParentScopeProvider>
  )
  return renderHook(() => useFormPhotos([], undefined, onPickError), { wrapper })
}

const picked = () => new File([new Uint8Array(8)], 'a.png', { type: 'image/png' })
const prepared: PreparedPhoto = { name: 'a.png', type: 'image/png', data: new ArrayBuffer(8) }

/** preparePhotos held until the test lets it finish. */
function holdPreparation(): (photos: PreparedPhoto[]) => void {
  let finish: (photos: PreparedPhoto[]) => void = () => {}
  vi.mocked(preparePhotos).mockReturnValue(
    new Promise((resolve) => {
      finish = resolve
    }),
  )
  return (photos) => finish(photos)
}

it('a press as a pick finishes hands the photo over before React has rendered it', async () => {
  const finish = holdPreparation()
  const { result } = await renderPhotos()
  act(() => result.current.pick([picked()]))
  // React renders through a macrotask of its own, and none runs below: only microtasks, and the
  // timers due (a wait of a tick for React's render would be one of them).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const handedOver = result.current.settled()
  finish([prepared])
  let photos: readonly unknown[] | null = null
  void handedOver.then((value) => {
    photos = value
  })
  for (let turn = 0; turn < 50 && photos === null; turn += 1) {
    await Promise.resolve()
    vi.advanceTimersByTime(1)
  }
  expect(result.current.photos).toEqual([]) // not rendered yet
  expect(photos).toEqual([expect.objectContaining({ kind: 'new', photo: prepared })])
})

it('a photo removed after its pick finished stays removed, and a failed pick adds nothing', async () => {
  const finish = holdPreparation()
  const { result } = await renderPhotos()
  act(() => result.current.pick([picked()]))
  finish([prepared])
  await waitFor(() => expect(result.current.photos).toHaveLength(1))
  act(() => result.current.setPhotos([]))
  expect(await result.current.settled()).toEqual([])

  vi.mocked(preparePhotos).mockRejectedValue(new Error('cannot decode'))
  const errors: (string | undefined)[] = []
  const failing = await renderPhotos((message) => errors.push(message))
  act(() => failing.result.current.pick([picked()]))
  expect(await failing.result.current.settled()).toEqual([])
  expect(errors.at(-1)).toBe('Only .jpg, .jpeg and .png images can be added')
})
