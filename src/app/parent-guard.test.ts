// The parent area's guard asks for the screen's code while it finds out who is signed in: the router
// itself would load it only once the guard has answered (decision 0085; the centre's: centre-guard.ts).
import { createMemoryHistory } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadKidsData, loadNoticesBar, loadNoticesData, loadNoticesSection } from '#parent'
import type { CentreGuard } from './centre-guard'
import { lazyGuard } from './lazy-guard'
import { type ParentGuard, preloadParentScreen } from './parent-guard'
import { createAppRouter } from './router'

vi.mock('#parent', async (original) => ({
  ...(await original<object>()),
  loadKidsData: vi.fn(() => Promise.resolve()),
  loadNoticesBar: vi.fn(() => Promise.resolve()),
  loadNoticesData: vi.fn(() => Promise.resolve()),
  loadNoticesSection: vi.fn(() => Promise.resolve()),
}))

const never = <T>() => new Promise<T>(() => {})

function appRouter() {
  return createAppRouter(
    { parentArea: lazyGuard(never<ParentGuard>), centreArea: lazyGuard(never<CentreGuard>) },
    createMemoryHistory({ initialEntries: ['/'] }),
  )
}

const parts = { loadKidsData, loadNoticesBar, loadNoticesData, loadNoticesSection }
const partsAskedFor = () =>
  Object.entries(parts)
    .filter(([, load]) => vi.mocked(load).mock.calls.length > 0)
    .map(([name]) => name)

describe("a parent screen's code, asked for ahead of the guard's answer", () => {
  beforeEach(() => {
    for (const load of Object.values(parts)) vi.mocked(load).mockClear()
  })

  it("is My Profile's layout and page, with the parts its loaders read with", () => {
    const router = appRouter()
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined)
    preloadParentScreen(router, '/profile')
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/_parent', '/_parent/profile'])
    expect(partsAskedFor()).toEqual([
      'loadKidsData',
      'loadNoticesBar',
      'loadNoticesData',
      'loadNoticesSection',
    ])
  })

  it("is the add form's and a child's page, each with only what it reads", () => {
    const router = appRouter()
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined)
    preloadParentScreen(router, '/add-kid')
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/_parent', '/_parent/add-kid'])
    expect(partsAskedFor()).toEqual(['loadKidsData', 'loadNoticesBar', 'loadNoticesData'])
    load.mockClear()
    for (const loadPart of Object.values(parts)) vi.mocked(loadPart).mockClear()
    preloadParentScreen(router, '/kid/abc/enrolment')
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['/_parent', '/_parent/kid_/$kidId/enrolment'])
    expect(partsAskedFor()).toEqual(['loadNoticesBar', 'loadNoticesData'])
  })

  it('is nothing outside the parent area (a marketing page, the sign-in form, the centre)', () => {
    const router = appRouter()
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined)
    for (const pathname of ['/', '/about', '/login', '/centre', '/no-such-page'])
      preloadParentScreen(router, pathname)
    expect(load).not.toHaveBeenCalled()
    expect(partsAskedFor()).toEqual([])
  })
})
