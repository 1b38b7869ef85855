// The centre's guard asks for the screens' code while it finds out who is signed in: the router itself
// would load it only once the guard has answered (TanStack Router discussion #8884).
import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { createAuthSession } from '#account/auth-session'
import type { Backend } from '#shared/backend/backend-ports'
import { createCentreArea } from './centre-area'
import { guardCentreArea, preloadCentreScreens } from './centre-guard'
import { createParentArea } from './parent-area'
import { createAppRouter } from './router'

const never = <T>() => new Promise<T>(() => {})

function appRouter() {
  return createAppRouter(
    { parentArea: createParentArea(never), centreArea: createCentreArea(never) },
    createMemoryHistory({ initialEntries: ['/'] }),
  )
}

describe("the centre's screens, asked for ahead of the guard's answer", () => {
  it('are the layout and the page opened', () => {
    const router = appRouter()
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined)
    preloadCentreScreens(router, { href: '/centre/inquiries' })
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/centre', '/centre/inquiries'])
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
