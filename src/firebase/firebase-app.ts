// One Firebase app, its Auth and Storage, created once on first use, and its Firestore, which signing
// out replaces: the old instance is terminated and its data on the device deleted, and whoever signs
// in next gets a fresh one.
//
// A parent this device remembers (remembered-parent.ts) gets Firestore before Auth: Firestore that finds
// no Auth when it starts works without a user and answers from its cache at once, while Firestore that
// finds Auth waits for Auth's first answer, which waits for the server (30 s on a connection that answers
// nothing). Its network stays off until Auth has confirmed the account, so nothing reaches the server
// before then (docs/decisions/0016-open-from-what-the-device-knows.md).
import { type FirebaseApp, initializeApp } from 'firebase/app'
import {
  type Auth,
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
} from 'firebase/auth'
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  type Firestore,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  terminate,
} from 'firebase/firestore'
import { connectStorageEmulator, type FirebaseStorage, getStorage } from 'firebase/storage'
import type { AuthUser } from '#shared/backend/backend-ports'
import { readRememberedParent } from '#shared/device/remembered-account'
import { appCheckSettings } from './app-check-config'
import { emulatorHost, emulatorPorts, firebaseOptions, useEmulators } from './firebase-config'
import { kidsOfQuery, noticesOfQuery } from './firebase-parent-queries'
import { type PrimedQuery, primeQuery } from './firebase-primed-query'

/** How long the start-up waits for Firestore to start, then for its cache, before it creates Auth anyway. */
const PRIMING_MS = 1_500

export interface FirebaseServices {
  readonly app: FirebaseApp
  readonly auth: Auth
  readonly storage: FirebaseStorage
  /**
   * Firestore as it is now (signing out replaces it), for a write: ask for it at each use, never keep it.
   * It waits for Auth's first answer, and while the old instance's data is being deleted: a new instance
   * would open that data and block the deletion.
   */
  db(): Promise<Firestore>
  /**
   * Starts a listener with Firestore once it is ready (at once, unless a clearing is under way); the
   * returned function stops it, or cancels it before it started. Never once Auth has answered that
   * nobody is signed in.
   */
  listen(start: (db: Firestore) => () => void): () => void
  /** False where IndexedDB is unavailable (private browsing): records then live in memory only. */
  readonly persistentCache: boolean
  /** Terminates Firestore and deletes its cache and queue on this device; the next db() is a fresh one. */
  clearFirestore(): Promise<void>
  /** The parent this device remembered when the app started (null: none), before Auth confirmed it. */
  readonly remembered: AuthUser | null
  /** The remembered parent's records, listened to before Auth existed (null: nobody remembered). */
  readonly primedKids: PrimedQuery | null
  /** The remembered parent's notices, likewise (not waited for: the start needs only the children). */
  readonly primedNotices: PrimedQuery | null
  /** Whether Auth has given its first answer (until then Firestore works from its cache only). */
  authSettled(): boolean
}

let services: Promise<FirebaseServices> | null = null

/** Where the app starts, as far as Firebase's start-up is concerned (the composition root says). */
export interface FirebaseStart {
  /**
   * Whether the remembered parent's children and notices are asked of the cache before Auth exists
   * (the parent area's start, docs/decisions/0016). Not on the centre's screens: there the priming
   * only held Auth back, by 0.25 s and more at 4x CPU (npm run bench, the centre's lists).
   */
  readonly primeParent: boolean
  /**
   * For a member of staff this device knows, opening the door (docs/decisions/0083): the listeners that
   * must answer from the cache before Auth exists, started with Firestore's first instance; Auth is
   * created once they have answered, or after STAFF_PRIMING_MS.
   */
  readonly beforeAuth?: (listen: FirebaseServices['listen']) => Promise<EarlyListeners>
}

/** Listeners started before Auth (FirebaseStart.beforeAuth): Firebase's services stop them with Firestore. */
export interface EarlyListeners {
  /** Resolves once each has answered from the cache (or failed, or stopped). */
  readonly whole: Promise<void>
  /** Stops them all: at sign-out and at a refused session, before Firestore's data goes. */
  stop(): void
}

/** How long the door's first answers from the cache may hold Auth's creation back. */
const STAFF_PRIMING_MS = 3_000

/** How long a write waits for App Check to start (reCAPTCHA's script) before it goes without a token. */
const APP_CHECK_WAIT_MS = 5_000

/**
 * App Check, when a site key is configured (docs/decisions/0021-app-check.md): its module loads only then.
 * Resolves once it has started, or after APP_CHECK_WAIT_MS (offline, reCAPTCHA waits for the connection;
 * Firestore and Storage take App Check up whenever it starts).
 */
function startAppCheckIfConfigured(app: FirebaseApp): Promise<void> {
  const settings = appCheckSettings(useEmulators)
  if (!settings) return Promise.resolve()
  const started = import('./firebase-app-check')
    .then(({ startAppCheck }) => startAppCheck(app, settings))
    .then(
      () => undefined,
      (error: unknown) => console.warn('App Check could not start', error),
    )
  return Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, APP_CHECK_WAIT_MS))])
}

function indexedDbAvailable(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null
  } catch {
    return false
  }
}

/**
 * Firestore's tabs tell each other about queued writes and open queries through localStorage keys, one
 * per write named with the account's uid; deleting its database leaves them behind (the SDK removes a
 * write's key only when the server answers). They go with the rest of the parent's data.
 */
function forgetSharedTabState(): void {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('firestore_mutations_') || key.startsWith('firestore_targets_'))
        localStorage.removeItem(key)
  } catch {
    // No localStorage (some private modes): nothing was kept there either.
  }
}

/** Firebase's services, made on the first call (whose `start` counts). */
export function getFirebase(start: FirebaseStart = { primeParent: true }): Promise<FirebaseServices> {
  services ??= createServices(start)
  return services
}

/** Firestore decides whether Auth exists one task after its first operation (its own setTimeout 0). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function createServices(start: FirebaseStart): Promise<FirebaseServices> {
  const app = initializeApp(firebaseOptions)
  // Before Firestore and Storage make any request: they then carry App Check's token.
  const appCheckStarted = startAppCheckIfConfigured(app)
  // Child records are read offline from Firestore's persistent cache, shared by every open tab.
  const persistentCache = indexedDbAvailable()
  const storage = getStorage(app)
  if (useEmulators) connectStorageEmulator(storage, emulatorHost, emulatorPorts.storage)
  let db: Firestore | null = null
  let clearing: Promise<void> | null = null
  const createDb = () => {
    const created = initializeFirestore(app, {
      localCache: persistentCache
        ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
        : memoryLocalCache(),
    })
    if (useEmulators) connectFirestoreEmulator(created, emulatorHost, emulatorPorts.firestore)
    return created
  }

  const remembered = readRememberedParent()
  let primedKids: PrimedQuery | null = null
  let primedNotices: PrimedQuery | null = null
  let held: Firestore | null = null
  // The door's listeners started before Auth (owned here: they end with this Firestore, never later).
  let early: EarlyListeners | null = null
  let earlyEnded = false
  const endEarly = () => {
    earlyEnded = true
    early?.stop()
    early = null
  }
  if (remembered && start.primeParent) {
    db = createDb()
    held = db
    // Its first operation starts Firestore; one task later it has found no Auth and works without a user.
    const offline = disableNetwork(db).catch(() => undefined)
    await nextTask()
    // Bounded: opening its IndexedDB can wait on another tab (a deletion under way there).
    await Promise.race([offline, new Promise((resolve) => setTimeout(resolve, PRIMING_MS))])
    primedKids = primeQuery(kidsOfQuery(db, remembered.uid), remembered.uid)
    primedNotices = primeQuery(noticesOfQuery(db, remembered.uid), remembered.uid)
    await primedKids.ready(PRIMING_MS)
  } else if (remembered && start.beforeAuth) {
    // The door, for staff this device knows: as the parent's start, Firestore without Auth first, its
    // lists listened to from the cache before Auth exists (Firestore holds any operation started after
    // Auth's creation until Auth's first answer: 30 s on a connection that answers nothing).
    const first = createDb()
    db = first
    held = first
    void disableNetwork(first).catch(() => undefined)
    // One task: Firestore has then decided it works without Auth. Its cache opening (IndexedDB, half a
    // second of round trips at 4x CPU) is not waited for here: the early lists queue behind it in
    // Firestore's own order, and the screen draws the door's snapshot meanwhile (decision 0087).
    await nextTask()
    // Only on this first instance, and never once it is being replaced (sign-out, a refused session).
    const listenEarly = (begin: (on: Firestore) => () => void) =>
      earlyEnded || db !== first ? () => {} : begin(first)
    const primed = start
      .beforeAuth(listenEarly)
      .then((listeners) => {
        if (earlyEnded) listeners.stop()
        else early = listeners
        return listeners.whole
      })
      .catch((error: unknown) => {
        console.warn('The door could not be read before Auth', error)
      })
    await Promise.race([primed, new Promise((resolve) => setTimeout(resolve, STAFF_PRIMING_MS))])
  } else if (remembered) {
    // Firestore opens its cache (IndexedDB) while Auth restores the session and checks it with the
    // server, rather than after: the staff lists' first query goes out as soon as Auth has answered.
    // Offline until then, like the primed start; nothing is listened to before Auth's account.
    db = createDb()
    held = db
    void disableNetwork(db).catch(() => undefined)
  }

  // E-mail and password only: unlike getAuth(), no popup/redirect resolver, so the SDK does not fetch
  // Google's iframe script (apis.google.com) on start and ships less code. The session is kept in
  // IndexedDB (falling back to local, then session storage), so a parent stays signed in offline.
  const auth: Auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  })
  if (useEmulators)
    connectAuthEmulator(auth, `http://${emulatorHost}:${emulatorPorts.auth}`, { disableWarnings: true })
  let settled = false
  let answer = () => {}
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  const stopFirst = onAuthStateChanged(auth, (user) => {
    settled = true
    answer()
    stopFirst()
    // A refused session: its records are not to be asked of the server without an account.
    if (!user) {
      primedKids?.stop()
      primedNotices?.stop()
      endEarly()
    }
    // Auth has answered: Firestore (now following Auth's account) may talk to the server. A session the
    // server refused is cleared by the app before anything is sent (the outbox follows Auth, not this).
    if (held && held === db) void enableNetwork(held).catch(() => undefined)
    held = null
  })

  const ready: FirebaseServices = {
    app,
    auth,
    storage,
    persistentCache,
    remembered,
    primedKids,
    primedNotices,
    authSettled: () => settled,
    async db() {
      // A write waits for Auth's answer: made before it, Firestore would queue it for no account. And for
      // App Check, where it is on: a write sent without its token is refused once it is enforced.
      await answered
      await appCheckStarted
      while (clearing) await clearing.catch(() => undefined)
      db ??= createDb()
      return db
    },
    listen(start) {
      // Nobody signed in once Auth has answered (signed out, or a session the server refused): every
      // listener here is a parent's or staff's and would only be refused, while Firestore kept its query,
      // the parent's uid in it, on the device. A screen still drawn for a moment after the refusal asked.
      const signedOut = () => settled && !auth.currentUser
      if (signedOut()) return () => {}
      if (!clearing) {
        db ??= createDb()
        return start(db)
      }
      let stop: (() => void) | null = null
      let cancelled = false
      void ready.db().then((next) => {
        if (!cancelled && !signedOut()) stop = start(next)
      })
      return () => {
        cancelled = true
        stop?.()
      }
    },
    clearFirestore() {
      // One clearing at a time: the sign-out flow and the signed-out event both ask for it.
      clearing ??= (async () => {
        primedKids?.stop()
        primedNotices?.stop()
        endEarly()
        const old = db ?? createDb()
        db = null
        await terminate(old)
        // Other tabs using the same data are told by the browser to close it (Firestore then shuts down
        // there), so the deletion goes through.
        if (persistentCache) await clearIndexedDbPersistence(old)
        forgetSharedTabState()
      })().finally(() => {
        clearing = null
      })
      return clearing
    },
  }
  return ready
}
