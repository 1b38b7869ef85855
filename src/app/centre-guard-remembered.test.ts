// A member of staff this device knows is let into the centre's screens before Auth has checked the
// session with the server (docs/decisions/0083); the guard asks again once Auth has answered, and a
// session the server refuses ends as a parent's does: the device cleared, staff told.
import { describe, expect, it, vi } from 'vitest'
import type { AuthSession, AuthState } from '#parent/account/auth-session'
import type { AuthUser } from '#shared/backend/backend-ports'
import { notify } from '#shared/ui/notify'
import { staffBackendStub } from '#testing/backend/staff-backend-stub'
import { guardCentreArea, staffSessionEnded } from './centre-guard'

vi.mock('#shared/ui/notify', () => ({ notify: vi.fn(async () => {}) }))
vi.mock('#centre/registrations-view', async (original) => ({
  ...(await original<object>()),
  prepareDateFormats: vi.fn(),
}))

const sam: AuthUser = { uid: 'sam', email: 'sam@sunbeam.test', displayName: 'Sam' }

/** The signed-in state as the app's session gives it, moved by the test. */
function sessionAt(first: AuthState) {
  let state = first
  const listeners = new Set<() => void>()
  const session: AuthSession = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    waitForAuth: async () => (state.status === 'signedIn' ? state.user : null),
  }
  const move = (next: AuthState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return { session, move }
}

const backendAnswering = staffBackendStub

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('staff this device knows, on a connection that answers nothing', () => {
  it("are let into Today at once, before Auth's check with the server", async () => {
    const { session } = sessionAt({ status: 'signedIn', user: sam, confirmed: false })
    const { backend } = backendAnswering('staff')
    const guard = guardCentreArea(session, async () => backend, vi.fn())
    const context = await guard.require({ href: '/centre/today' })
    expect(context.access).toBe('staff')
  })

  it('are asked again once Auth confirms the account: a claim revoked meanwhile closes the screens', async () => {
    const { session, move } = sessionAt({ status: 'signedIn', user: sam, confirmed: false })
    const { backend, staffAccess } = backendAnswering('staff', 'not-staff')
    const changed = vi.fn()
    const guard = guardCentreArea(session, async () => backend, changed)
    expect((await guard.require({ href: '/centre/today' })).access).toBe('staff')
    expect(changed).not.toHaveBeenCalled()
    move({ status: 'signedIn', user: sam, confirmed: true })
    await settle()
    expect(staffAccess).toHaveBeenCalledTimes(2)
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('stay in once Auth confirms that they are still staff', async () => {
    const { session, move } = sessionAt({ status: 'signedIn', user: sam, confirmed: false })
    const { backend, staffAccess } = backendAnswering('staff')
    const changed = vi.fn()
    const guard = guardCentreArea(session, async () => backend, changed)
    const context = await guard.require({ href: '/centre/today' })
    move({ status: 'signedIn', user: sam, confirmed: true })
    await settle()
    expect(staffAccess).toHaveBeenCalledTimes(2)
    expect(changed).not.toHaveBeenCalled()
    expect(guard.require({ href: '/centre/today' })).toBe(context)
  })

  it('whose session the server refuses are signed out, the device cleared, and told', async () => {
    const { session, move } = sessionAt({ status: 'signedIn', user: sam, confirmed: false })
    const { backend, clear } = backendAnswering('staff')
    const changed = vi.fn()
    const guard = guardCentreArea(session, async () => backend, changed)
    await guard.require({ href: '/centre/today' })
    move({ status: 'signedOut', ended: sam })
    await settle()
    expect(clear).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledWith('error', staffSessionEnded.title, expect.anything())
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it("(control) a parent's remembered session does not open the centre's screens", async () => {
    const { session } = sessionAt({ status: 'signedIn', user: sam, confirmed: false })
    const { backend } = backendAnswering('not-staff')
    const guard = guardCentreArea(session, async () => backend, vi.fn())
    expect((await guard.require({ href: '/centre/today' })).access).toBe('not-staff')
  })
})
