// The centre's guard asks for the screens' code while it finds out who is signed in: the router itself
// would load it only once the guard has answered (TanStack Router discussion #8884).
import { createMemoryHistory } from '@tanstack/react-router'
import { preinit } from 'react-dom'
import { describe, expect, it, vi } from 'vitest'
import { prepareDateFormats } from '#centre/registrations-view'
import { createAuthSession } from '#parent/account/auth-session'
import { getBackend, provideBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import { createFakeBackend } from '#testing/backend/fake-backend'
import {
  type CentreGuard,
  type CentreRouter,
  guardCentreArea,
  loadCentreAreaParts,
  preloadCentreScreens,
} from './centre-guard'
import { lazyGuard } from './lazy-guard'
import type { ParentGuard } from './parent-guard'
import { createAppRouter } from './router'

// Vitest gives a stylesheet's `?url` as ''; the build, its file's address.
vi.mock('#centre/centre.css?url', () => ({ default: '/assets/centre-test.css' }))
vi.mock('react-dom', async (original) => ({ ...(await original<object>()), preinit: vi.fn() }))
vi.mock('#centre/registrations-view', async (original) => ({
  ...(await original<object>()),
  prepareDateFormats: vi.fn(),
}))

const never = <T>() => new Promise<T>(() => {})

function appRouter() {
  return createAppRouter(
    { parentArea: lazyGuard(never<ParentGuard>), centreArea: lazyGuard(never<CentreGuard>) },
    createMemoryHistory({ initialEntries: ['/'] }),
  )
}

describe("the centre's screens, asked for ahead of the guard's answer", () => {
  it('are the layout and the page opened, and the stylesheet they hold the screen for, inserted', () => {
    const router = appRouter()
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined)
    vi.mocked(preinit).mockClear()
    preloadCentreScreens(router, { href: '/centre/inquiries' })
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/centre', '/centre/inquiries'])
    // Inserted as the layout's own link would be, so the layout's first render does not wait for it
    // behind a Suspense fallback (React's 300 ms throttle then held Today's list, decision 0092).
    expect(preinit).toHaveBeenCalledWith('/assets/centre-test.css', { as: 'style', precedence: 'default' })
    load.mockClear()
    preloadCentreScreens(router, { href: '/centre?plan=Weekly' })
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/centre', '/centre/'])
  })

  it('are asked for before the guard waits for Auth, which may take its time', () => {
    // Auth never answers here: the code is asked for all the same.
    const session = createAuthSession(never<Backend>)
    const preload = vi.fn()
    const guard = guardCentreArea(session, never<Backend>, () => {}, preload)
    void guard.require({ href: '/centre/inquiries' })
    expect(preload).toHaveBeenCalledWith({ href: '/centre/inquiries' })
  })
})

describe("the staff port's code", () => {
  it('is asked for before the guard waits for Auth, which may take its time', () => {
    const session = createAuthSession(never<Backend>)
    const backend = createFakeBackend()
    const loadCentre = vi.spyOn(backend, 'loadCentre')
    const guard = guardCentreArea(
      session,
      async () => backend,
      () => {},
    )
    void guard.require({ href: '/centre' })
    return vi.waitFor(() => expect(loadCentre).toHaveBeenCalledTimes(1))
  })

  it("is asked for, with the screens' code, as soon as the guard's own code has loaded", async () => {
    const backend = createFakeBackend()
    const loadCentre = vi.spyOn(backend, 'loadCentre')
    provideBackend(async () => backend)
    await getBackend()
    const router = { invalidate: vi.fn(), loadRouteChunk: vi.fn(), routesById: appRouter().routesById }
    await loadCentreAreaParts(router as unknown as CentreRouter, { href: '/centre/inquiries' })
    expect(router.loadRouteChunk.mock.calls.map(([route]) => route.id)).toEqual([
      '/centre',
      '/centre/inquiries',
    ])
    expect(loadCentre).toHaveBeenCalledTimes(1)
  })

  it('comes without the screens where the app did not open on them (the sign-in form)', async () => {
    provideBackend(async () => createFakeBackend())
    const router = { invalidate: vi.fn(), loadRouteChunk: vi.fn(), routesById: appRouter().routesById }
    vi.mocked(prepareDateFormats).mockClear()
    await loadCentreAreaParts(router as unknown as CentreRouter)
    expect(router.loadRouteChunk).not.toHaveBeenCalled()
    // The cards' date formats come meanwhile (below): waited for, so that none is made in a later test.
    await vi.waitFor(() => expect(prepareDateFormats).toHaveBeenCalledTimes(1))
  })
})

describe("the cards' date formats", () => {
  function guardOf(access: 'staff' | 'not-staff') {
    const backend = createFakeBackend()
    backend.auth.startSignedInAs({ uid: 'u1', email: 'sam@sunbeam.test', displayName: 'Sam' })
    backend.centre.access = access
    const getBackend = async () => backend
    return guardCentreArea(createAuthSession(getBackend), getBackend, () => {})
  }

  it("are made once staff's lists are asked for, while their first page is on its way", async () => {
    vi.useFakeTimers()
    try {
      vi.mocked(prepareDateFormats).mockClear()
      const context = await guardOf('staff').require({ href: '/centre' })
      expect(context.access).toBe('staff')
      expect(prepareDateFormats).not.toHaveBeenCalled()
      await vi.runOnlyPendingTimersAsync()
      expect(prepareDateFormats).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('are made in an idle moment where the browser offers them (not before Firestore starts)', async () => {
    const idle = vi.fn((work: () => void, _options?: { timeout: number }) => {
      work()
      return 1
    })
    vi.stubGlobal('requestIdleCallback', idle)
    try {
      vi.mocked(prepareDateFormats).mockClear()
      await guardOf('staff').require({ href: '/centre' })
      expect(idle).toHaveBeenCalledWith(prepareDateFormats, { timeout: 500 })
      expect(prepareDateFormats).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('are made while staff type, on the sign-in form /centre sent them to, not after they submit', async () => {
    provideBackend(async () => createFakeBackend())
    const router = { invalidate: vi.fn(), loadRouteChunk: vi.fn(), routesById: appRouter().routesById }
    vi.useFakeTimers()
    try {
      vi.mocked(prepareDateFormats).mockClear()
      // Loaded by the form (no centre screen open): nobody is signed in yet, and the formats come.
      await loadCentreAreaParts(router as unknown as CentreRouter)
      await vi.runOnlyPendingTimersAsync()
      expect(prepareDateFormats).toHaveBeenCalledTimes(1)
      // Opened on a centre screen, they wait for the guard to find staff (the test above).
      vi.mocked(prepareDateFormats).mockClear()
      await loadCentreAreaParts(router as unknown as CentreRouter, { href: '/centre' })
      await vi.runOnlyPendingTimersAsync()
      expect(prepareDateFormats).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('are not made for an account that is not staff', async () => {
    vi.useFakeTimers()
    try {
      vi.mocked(prepareDateFormats).mockClear()
      const context = await guardOf('not-staff').require({ href: '/centre' })
      expect(context.access).toBe('not-staff')
      await vi.runOnlyPendingTimersAsync()
      expect(prepareDateFormats).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})
