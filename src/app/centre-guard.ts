// The centre's guard: the `/centre` layout route's beforeLoad, for /centre and /centre/inquiries, handed
// to the routes in the router's context like the parent area's (lazy-guard.ts). It loads the first time
// /centre opens, never on a marketing page or in the parent area (docs/decisions/0023), with the
// signed-in state on the backend (Firebase), which starts downloading at once beside it
// (loadCentreAreaParts). guardCentreArea: a signed-out visitor goes to /login and comes back after
// signing in; a signed-in account is asked whether it holds the staff claim (a fresh token is asked for
// once when the held one says no: a claim granted since the last sign-in arrives only that way). Staff get
// the centre's lists in the route context; anyone else only 'not-staff', and no list is ever opened. The
// answer is kept per account, so moving between the centre's screens answers at once.
import { type AnyRouter, redirect } from '@tanstack/react-router'
import { preinit } from 'react-dom'
import centreCssUrl from '#centre/centre.css?url'
import { type CentreList, type CentreStore, createCentreStore } from '#centre/centre-store'
import { prepareDateFormats } from '#centre/registrations-view'
import { type AuthSession, loadAuthSession } from '#parent'
import { getBackend } from '#shared/backend/backend'
import type { AuthUser, Backend } from '#shared/backend/backend-ports'
import type { CentrePort } from '#shared/backend/centre-ports'
import { deferCentrePort } from '#shared/backend/deferred-centre-port'
import { notify } from '#shared/ui/notify'
import { doorAccountOnDevice, doorListDrawn } from './door-first'

// What main.tsx's backend waits for, through this chunk (loaded with the centre's screens anyway).
export { firebaseHeldForTheDoor } from './door-first'

import type { Guard, GuardedLocation, LazyGuard } from './lazy-guard'

/** What /centre renders with: the staff's lists, or only the fact that this account is not staff. */
export type CentreContext =
  | {
      readonly access: 'staff'
      readonly user: AuthUser
      readonly store: CentreStore
      /** A child's photo, read with the staff member's credentials (storage.rules lets staff read). */
      readonly downloadPhoto: (path: string) => Promise<Blob>
      readonly signOut: () => Promise<void>
      /**
       * Let in from the device at the door: Today says when its list is on screen, and Firebase, held
       * back until then, starts (door-first.ts). Absent otherwise.
       */
      readonly listDrawn?: () => void
    }
  | { readonly access: 'not-staff'; readonly user: AuthUser }

export type CentreGuard = Guard<CentreContext>

/** The router context's handle on it (main.tsx makes it). */
export type CentreArea = LazyGuard<CentreContext, CentreGuard>

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

/** Soon, in an idle moment (at most IDLE_WAIT_MS away); where there are none to ask for, a task away. */
const IDLE_WAIT_MS = 500
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_WAIT_MS })
  else setTimeout(work, 0)
}

/** The centre's list a screen shows, to follow first; none for Today at the door. */
function firstList(href: string): CentreList | null {
  if (href.startsWith('/centre/inquiries')) return 'inquiries'
  return href.startsWith('/centre/today') ? null : 'children'
}

/** What staff whose remembered session the server refused are told (as parents are, decision 0047). */
export const staffSessionEnded = {
  title: 'You have been signed out',
  description:
    'Your account could not be confirmed: it may have been deleted or disabled, or its password changed. Please sign in again.',
} as const

export function guardCentreArea(
  session: AuthSession,
  getBackend: () => Promise<Backend>,
  onAccountChanged: () => void,
  preloadScreens?: (location: GuardedLocation) => void,
): CentreGuard {
  let known: {
    readonly uid: string
    readonly context: CentreContext
    /** Let in from what the device knows, before Auth checked the session with the server (0083). */
    unconfirmed: { readonly centre: CentrePort; readonly clearDevice: () => Promise<void> } | null
  } | null = null
  /** Resolves once the lists' counts already asked of the server have their answer (see stop()). */
  const forget = (): Promise<void> => {
    const stopped = known?.context.access === 'staff' ? known.context.store.stop() : Promise.resolve()
    known = null
    return stopped
  }
  // Signed out, or another account: the old account's lists stop before anything else is shown.
  session.subscribe(() => {
    const auth = session.getState()
    if (!known) return
    if (auth.status === 'signedIn' && auth.user.uid === known.uid) {
      if (auth.confirmed && known.unconfirmed) void confirm(known.uid, known.unconfirmed.centre)
      return
    }
    const { unconfirmed } = known
    void forget()
    // A remembered session the server refused: the device is cleared as at sign-out, and staff are told.
    if (unconfirmed && auth.status === 'signedOut' && auth.ended)
      void unconfirmed.clearDevice().then(
        () =>
          notify('error', staffSessionEnded.title, {
            description: staffSessionEnded.description,
            duration: 15_000,
          }),
        (error: unknown) => console.warn('The device could not be cleared', error),
      )
    onAccountChanged()
  })

  /** Auth has confirmed the account let in from the device: its staff claim, asked again now. */
  async function confirm(uid: string, centre: CentrePort) {
    if (known?.uid !== uid) return
    known.unconfirmed = null
    const access = await centre.staffAccess().catch(() => 'staff' as const)
    if (access === 'staff' || known?.uid !== uid) return
    void forget()
    onAccountChanged()
  }

  /**
   * The door opened by the member of staff this device knows, with their snapshot of the day (decision
   * 0092): let in at once, on the centre's port still loading (deferred-centre-port.ts), so that Today is
   * drawn from the device; Firebase, held back until then (door-first.ts), loads once the list is on
   * screen (`listDrawn`). The trust is 0083's (the device's word until
   * Auth answers); Auth's answer is followed as there: a refused session clears the device, another
   * account or none sends the screen through this guard again.
   */
  function fromDevice(location: GuardedLocation, user: AuthUser): CentreContext {
    const loadingCentre = getBackend().then(async (backend) => ({
      backend,
      centre: await backend.loadCentre(),
    }))
    loadingCentre.catch(() => undefined)
    const centre = deferCentrePort(loadingCentre.then((loaded) => loaded.centre))
    const context: CentreContext = {
      access: 'staff',
      user,
      store: createCentreStore(centre, firstList(location.href)),
      downloadPhoto: (path) => loadingCentre.then(({ backend }) => backend.photos.download(path)),
      listDrawn: doorListDrawn,
      async signOut() {
        await forget()
        const { backend } = await loadingCentre
        await backend.auth.signOut()
        await backend.device.clear()
      },
    }
    known = {
      uid: user.uid,
      context,
      unconfirmed: { centre, clearDevice: () => loadingCentre.then(({ backend }) => backend.device.clear()) },
    }
    // Auth's account, once the backend has loaded: the same one goes on (Auth's check with the server is
    // heard through the session, above); another, or none, is this guard's to judge again.
    session.waitForAuth().then(
      (signedIn) => {
        if (known?.context !== context) return
        if (signedIn?.uid !== user.uid) {
          void forget()
          onAccountChanged()
          return
        }
        // Confirmed already (its change came before this screen was let in): the claim is asked again now.
        const now = session.getState()
        if (now.status === 'signedIn' && now.confirmed && known.unconfirmed) void confirm(user.uid, centre)
      },
      () => undefined,
    )
    whenIdle(prepareDateFormats)
    return context
  }

  async function check(location: GuardedLocation): Promise<CentreContext> {
    preloadScreens?.(location)
    const device = known ? null : doorAccountOnDevice(location.href)
    if (device) return fromDevice(location, device)
    // The staff port's code is asked for beside the signed-in state, not after it (a chunk of its own,
    // fetched once Firebase's has come); a signed-out visitor has only downloaded it.
    const loadingCentre = getBackend().then(async (backend) => ({
      backend,
      centre: await backend.loadCentre(),
    }))
    loadingCentre.catch(() => undefined)
    const user = await session.waitForAuth()
    if (!user) toLogin(location)
    const before = session.getState()
    const confirmed = before.status === 'signedIn' && before.confirmed
    const { backend, centre } = await loadingCentre
    const access = await centre.staffAccess()
    if (access === 'signed-out') toLogin(location)
    if (known?.uid === user.uid) return known.context
    void forget()
    const context: CentreContext =
      access === 'staff'
        ? {
            access,
            user,
            // The page's own list first (its first answer is what the staff wait for); Today at the
            // door shows neither list, and its own queries go out alone.
            store: createCentreStore(centre, firstList(location.href)),
            downloadPhoto: (path) => backend.photos.download(path),
            async signOut() {
              // The counts already on their way go with the account that asked for them.
              await forget()
              await backend.auth.signOut()
              // Every child's record is in this device's cache: it goes with the session.
              await backend.device.clear()
            },
          }
        : { access, user }
    // Let in before Auth's answer: asked again once it confirms (the session may since have been checked).
    const stillUnconfirmed = (): boolean => {
      const now = session.getState()
      return !confirmed && !(now.status === 'signedIn' && now.confirmed)
    }
    known = {
      uid: user.uid,
      context,
      unconfirmed: stillUnconfirmed() ? { centre, clearDevice: () => backend.device.clear() } : null,
    }
    if (!confirmed && !known.unconfirmed) void confirm(user.uid, centre)
    // The cards' date formats cost 0.06 to 0.12 s of a 4x-slowed CPU: made while the first page is on its
    // way, not once it has come and the staff wait for it to be drawn; in an idle moment, so that they do
    // not hold up Firestore's own start (opening its cache, sending the query) just before.
    if (access === 'staff') whenIdle(prepareDateFormats)
    return context
  }

  return {
    require(location) {
      const auth = session.getState()
      if (auth.status === 'signedIn' && known?.uid === auth.user.uid) return known.context
      if (auth.status === 'signedOut') toLogin(location)
      return check(location)
    },
  }
}

/** The router, as far as the centre's guard uses it (any router: the app's type would be a way back
 * here through the router's context). */
export type CentreRouter = Pick<AnyRouter, 'invalidate' | 'loadRouteChunk' | 'routesById'>

/**
 * The screens' code and stylesheet, asked for while the guard finds out who this is: the router loads a
 * route's code only once every beforeLoad has resolved (TanStack Router discussion #8884), which on a
 * staff member's first open at 4x CPU was half a second later; and the stylesheet was asked for only
 * when the layout first rendered, which React then held until it had loaded. For anyone else it is
 * code and a stylesheet only: no list is opened for them.
 */
export function preloadCentreScreens(router: CentreRouter, location: GuardedLocation): void {
  // Inserted now (as the layout's own <link precedence="default"> would be), not only fetched: React
  // holds back a render whose stylesheet has not loaded, shows the nearest Suspense fallback instead,
  // and then reveals the content no sooner than 300 ms after that fallback (its fallback throttle): at
  // the door that held the list for 70 to 190 ms with nothing left to do (decision 0092). Vitest's
  // stand-in for a `?url` import is '' (React warns at loading it).
  if (centreCssUrl) preinit(centreCssUrl, { as: 'style', precedence: 'default' })
  const page = location.href.startsWith('/centre/inquiries')
    ? '/centre/inquiries'
    : location.href.startsWith('/centre/today')
      ? '/centre/today'
      : '/centre/'
  for (const route of [router.routesById['/centre'], router.routesById[page]])
    router.loadRouteChunk(route)?.catch(() => undefined)
}

/** The centre's screen the app opened on (main.tsx then loads the guard at once), or undefined. */
function openedOnCentre(): GuardedLocation | undefined {
  const here = globalThis.location
  return here?.pathname.startsWith('/centre') ? { href: here.pathname + here.search } : undefined
}

export async function loadCentreAreaParts(
  router: CentreRouter,
  openedOn: GuardedLocation | undefined = openedOnCentre(),
): Promise<CentreGuard> {
  // A failure here is the guard's to report (getBackend() tries again). The staff port's code (a chunk
  // of its own, fetched once Firebase's has come) is asked for at once too, not when the guard runs.
  getBackend()
    .then((backend) => backend.loadCentre())
    .catch(() => undefined)
  // Loaded as the app opens on a screen of the centre: the screens' code is asked for now, beside the
  // signed-in state's, not once that has loaded and the guard runs.
  if (openedOn) preloadCentreScreens(router, openedOn)
  // Loaded elsewhere, mostly by the sign-in form /centre sent staff to: the cards' date formats are made
  // while they type, not after the submit, where they held Firestore's first query back (0.16 s at 4x
  // CPU, decision 0102).
  else whenIdle(prepareDateFormats)
  const { createAuthSession } = await loadAuthSession()
  return guardCentreArea(
    createAuthSession(getBackend),
    getBackend,
    () => void router.invalidate(),
    (location) => preloadCentreScreens(router, location),
  )
}
