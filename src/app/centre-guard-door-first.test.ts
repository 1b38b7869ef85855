// @vitest-environment jsdom
// Today at the door, opened by the member of staff this device remembers with the snapshot of the day:
// let in before Firebase has loaded, on the centre's port still on its way (docs/decisions/0092); Auth's
// answer is heard as for any account let in from the device (0083).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession, AuthState } from '#parent/account/auth-session'
import type { AuthUser, Backend } from '#shared/backend/backend-ports'
import type { StaffAccess } from '#shared/backend/centre-ports'
import { centreDay } from '#shared/records/attendance-record'
import { addDays } from '#shared/records/registration-record'
import { notify } from '#shared/ui/notify'
import { staffBackendStub } from '#testing/backend/staff-backend-stub'
import { keepDoorSnapshot, rememberAccount } from '#testing/device/door-device'
import { guardCentreArea, staffSessionEnded } from './centre-guard'
import { doorListDrawn } from './door-first'

vi.mock('#shared/ui/notify', () => ({ notify: vi.fn(async () => {}) }))
vi.mock('#centre/registrations-view', async (original) => ({
  ...(await original<object>()),
  prepareDateFormats: vi.fn(),
}))

afterEach(() => localStorage.clear())

const sam: AuthUser = { uid: 'sam', email: 'sam@sunbeam.test', displayName: 'Sam' }
const today = centreDay(Date.now())

function sessionAt(first: AuthState) {
  let state = first
  const listeners = new Set<() => void>()
  const waiting = new Set<() => void>()
  const session: AuthSession = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    waitForAuth: () =>
      new Promise((resolve) => {
        const answer = () => resolve(state.status === 'signedIn' ? state.user : null)
        if (state.status !== 'pending') answer()
        else waiting.add(answer)
      }),
  }
  const move = (next: AuthState) => {
    state = next
    for (const listener of listeners) listener()
    if (next.status !== 'pending') for (const answer of waiting) answer()
    waiting.clear()
  }
  return { session, move }
}

/** Firebase still loading until the test lets it come; its centre answers staffAccess() with `access`. */
function loadingBackend(access: StaffAccess) {
  const { backend, staffAccess, clear } = staffBackendStub(access)
  let arrive: () => void = () => {}
  const loaded = new Promise<Backend>((resolve) => {
    arrive = () => resolve(backend)
  })
  return { getBackend: () => loaded, arrive, staffAccess, clear }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Sam's door let in from the device (remembered, today's snapshot), Firebase still on its way. */
async function doorLetIn(access: StaffAccess, first: AuthState = { status: 'pending' }) {
  rememberAccount(sam, true)
  keepDoorSnapshot('sam', today)
  const { session, move } = sessionAt(first)
  const firebase = loadingBackend(access)
  const changed = vi.fn()
  const guard = guardCentreArea(session, firebase.getBackend, changed)
  const door = await guard.require({ href: '/centre/today' })
  return { door, firebase, move, changed }
}

/** The guard's answer, or 'waiting' when it has none after a few tasks. */
async function answerOf(guarded: ReturnType<ReturnType<typeof guardCentreArea>['require']>) {
  const answer = await Promise.race([
    Promise.resolve(guarded),
    settle()
      .then(settle)
      .then(() => 'waiting' as const),
  ])
  return answer === 'waiting' ? answer : answer.access === 'staff' ? answer.user.uid : answer.access
}

describe('the door opened by staff this device knows, with the snapshot of the day', () => {
  it('is let in before Firebase has loaded', async () => {
    rememberAccount(sam, true)
    keepDoorSnapshot('sam', today)
    const { session } = sessionAt({ status: 'pending' })
    const firebase = loadingBackend('staff')
    const guard = guardCentreArea(session, firebase.getBackend, vi.fn())
    expect(await answerOf(guard.require({ href: '/centre/today' }))).toBe('sam')
  })

  it('is let in on the day’s first open, with the snapshot kept yesterday (decision 0093)', async () => {
    rememberAccount(sam, true)
    keepDoorSnapshot('sam', addDays(today, -1))
    const { session } = sessionAt({ status: 'pending' })
    const firebase = loadingBackend('staff')
    const guard = guardCentreArea(session, firebase.getBackend, vi.fn())
    expect(await answerOf(guard.require({ href: '/centre/today' }))).toBe('sam')
  })

  it('is given the word that lets Firebase go once the list is drawn; a door let in by Firebase is not', async () => {
    rememberAccount(sam, true)
    keepDoorSnapshot('sam', today)
    const { session } = sessionAt({ status: 'pending' })
    const guard = guardCentreArea(session, loadingBackend('staff').getBackend, vi.fn())
    const door = await guard.require({ href: '/centre/today' })
    expect(door.access === 'staff' && door.listDrawn).toBe(doorListDrawn)

    localStorage.clear()
    rememberAccount(sam, true)
    const other = sessionAt({ status: 'signedIn', user: sam, confirmed: true })
    const firebase = loadingBackend('staff')
    firebase.arrive()
    const checked = await guardCentreArea(other.session, firebase.getBackend, vi.fn()).require({
      href: '/centre/today',
    })
    expect(checked.access === 'staff' && checked.listDrawn).toBeUndefined()
  })

  it("waits for Firebase without a snapshot its day can draw, with another's, or for a parent", async () => {
    const cases: [string, () => void][] = [
      ['no snapshot', () => rememberAccount(sam, true)],
      [
        // Yesterday's draws today's first open (decision 0093); one past its roster does not.
        'past its roster',
        () => {
          rememberAccount(sam, true)
          keepDoorSnapshot('sam', addDays(today, -15))
        },
      ],
      [
        'another account',
        () => {
          rememberAccount(sam, true)
          keepDoorSnapshot('ada', today)
        },
      ],
      [
        'a parent',
        () => {
          rememberAccount(sam, false)
          keepDoorSnapshot('sam', today)
        },
      ],
    ]
    for (const [name, arrange] of cases) {
      localStorage.clear()
      arrange()
      const { session } = sessionAt({ status: 'pending' })
      const guard = guardCentreArea(session, loadingBackend('staff').getBackend, vi.fn())
      expect(await answerOf(guard.require({ href: '/centre/today' })), name).toBe('waiting')
    }
  })

  it('is only the door: the registrations wait for Firebase', async () => {
    rememberAccount(sam, true)
    keepDoorSnapshot('sam', today)
    const { session } = sessionAt({ status: 'pending' })
    const guard = guardCentreArea(session, loadingBackend('staff').getBackend, vi.fn())
    expect(await answerOf(guard.require({ href: '/centre' }))).toBe('waiting')
  })

  it('is closed once Auth confirms the account and the claim was revoked meanwhile', async () => {
    const { firebase, move, changed } = await doorLetIn('not-staff')
    firebase.arrive()
    move({ status: 'signedIn', user: sam, confirmed: false })
    await settle()
    expect(changed).not.toHaveBeenCalled()
    move({ status: 'signedIn', user: sam, confirmed: true })
    await settle()
    expect(firebase.staffAccess).toHaveBeenCalledTimes(1)
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('is asked again when Auth had confirmed the account before the door was let in', async () => {
    const { door, firebase, changed } = await doorLetIn('not-staff', {
      status: 'signedIn',
      user: sam,
      confirmed: true,
    })
    expect(door.access === 'staff' && door.user.uid).toBe('sam')
    firebase.arrive()
    await settle()
    await settle()
    expect(firebase.staffAccess).toHaveBeenCalledTimes(1)
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('clears the device and tells staff when the server refuses the session', async () => {
    const { firebase, move, changed } = await doorLetIn('staff')
    firebase.arrive()
    move({ status: 'signedOut', ended: sam })
    await settle()
    expect(firebase.clear).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledWith('error', staffSessionEnded.title, expect.anything())
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('goes through the guard again when Auth holds another account', async () => {
    const { firebase, move, changed } = await doorLetIn('staff')
    firebase.arrive()
    move({
      status: 'signedIn',
      user: { uid: 'ada', email: 'ada@example.com', displayName: 'Ada' },
      confirmed: true,
    })
    await settle()
    expect(changed).toHaveBeenCalled()
  })
})
