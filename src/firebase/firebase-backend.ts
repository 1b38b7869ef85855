// The Backend on Firebase. src/app/main.tsx imports this module lazily (provideBackend), so the Firebase
// SDK is downloaded only when a screen asks getBackend(): never by the marketing pages.
import { onAuthStateChanged } from 'firebase/auth'
import type { Backend } from '#shared/backend/backend-ports'
import { clearDoorSnapshot, readDoorSnapshot } from '#shared/device/door-snapshot'
import { clearDoorTaps } from '#shared/device/door-taps'
import { forgetParentPictures } from '#shared/device/parent-picture'
import { readRememberedParent, readRememberedStaff } from '#shared/device/remembered-account'
import { centreDay } from '#shared/records/attendance-record'
import { createFirebaseAccountData } from './firebase-account'
import { type FirebaseStart, getFirebase } from './firebase-app'
import type { PrimedDoor } from './firebase-attendance'
import { createFirebaseAuth } from './firebase-auth'
import { createFirebaseChildDay } from './firebase-child-day'
import { createFirebaseInquiries } from './firebase-inquiries'
import { createFirebaseKids } from './firebase-kids'
import { createFirebaseNotices } from './firebase-notices'
import { createFirebasePhotos } from './firebase-photos'
import { createFirebasePush } from './firebase-push'
import { createFirebaseRegistrations } from './firebase-registrations'

/**
 * Where the app starts decides Firebase's start-up (FirebaseStart): the centre's screens do not ask
 * for the remembered parent's children first. Read here, in the lazily loaded adapter, so that the
 * start-up code every page carries (src/app/main.tsx) gains no byte for it.
 */
function startOf(pathname: string): FirebaseStart & { readonly door?: boolean } {
  return { primeParent: !pathname.startsWith('/centre'), door: pathname.startsWith('/centre/today') }
}

export async function createFirebaseBackend(
  start: FirebaseStart & { readonly door?: boolean } = startOf(window.location.pathname),
): Promise<Backend> {
  // Opened on the centre's screens: the staff port's chunk is fetched beside Firebase's start-up, not
  // once the guard asks for it (one more round trip, in series, before the lists' first query).
  const centre = start.primeParent ? null : import('./firebase-centre')
  // (Not fetched, say offline before it was ever kept: loadCentre asks again.)
  centre?.catch(() => undefined)
  // Opened on Today at the door, the door's chunk likewise: not once the screen has rendered.
  const door = start.door ? import('./firebase-attendance') : null
  door?.catch(() => undefined)
  // A member of staff this device knows, opening the door: its lists are listened to from the device's
  // cache before Auth exists, and the screen follows those listeners (docs/decisions/0083).
  const remembered = door ? readRememberedParent() : null
  let primed: PrimedDoor | null = null
  const services = await getFirebase(
    door && remembered && readRememberedStaff(remembered.uid)
      ? {
          ...start,
          // Owned by this backend's services: stopped with their Firestore (sign-out, a refused
          // session), and each list by the screen that follows it.
          // With the door's snapshot of the day, or an earlier day's on the day's first open (decisions
          // 0084, 0093), its children's ids are known: every list is asked of the cache at once, and
          // Auth is not held for their answers (the screen draws the snapshot meanwhile); without it,
          // Auth waits for them, at most STAFF_PRIMING_MS.
          beforeAuth: async (listen) => {
            const { primeDoor } = await door
            const day = centreDay(Date.now())
            const known = remembered ? readDoorSnapshot(remembered.uid, day) : null
            const early = primeDoor(
              { listen },
              day,
              known?.children.map((child) => child.kidId),
            )
            primed = early
            return known ? { whole: Promise.resolve(), stop: () => early.stop() } : early
          },
        }
      : start,
  )
  let signedIn = false
  onAuthStateChanged(services.auth, (user) => {
    // Signed out (here or in another tab): this tab's Firestore, with the former parent's cache in
    // memory, goes; the tab that signed out deletes the data on the device (device.clear()).
    if (signedIn && !user) void services.clearFirestore().catch(() => undefined)
    signedIn = user !== null
  })
  return {
    auth: createFirebaseAuth(services),
    inquiries: createFirebaseInquiries(services),
    kids: createFirebaseKids(services),
    photos: createFirebasePhotos(services),
    account: createFirebaseAccountData(services),
    device: {
      // The door's snapshot goes with the rest of this device's data (the centre's own, decision 0084),
      // and so do the parents' pictures: a member of staff whose session the server refused at the door
      // left the picture of the profile they first signed up on.
      clear: () => {
        clearDoorSnapshot()
        clearDoorTaps()
        forgetParentPictures()
        return services.clearFirestore()
      },
    },
    registrations: createFirebaseRegistrations(services),
    notices: createFirebaseNotices(services),
    push: createFirebasePush(services),
    childDay: createFirebaseChildDay(services),
    // Its own chunk: only the staff screens load it (docs/decisions/0023).
    loadCentre: () =>
      (centre?.catch(() => import('./firebase-centre')) ?? import('./firebase-centre')).then((m) =>
        m.createFirebaseCentre(services),
      ),
    // The door's (docs/decisions/0075): its own chunk too, loaded by /centre/today only.
    loadAttendance: () =>
      (door?.catch(() => import('./firebase-attendance')) ?? import('./firebase-attendance')).then((m) =>
        m.createFirebaseAttendance(services, primed),
      ),
  }
}
