// One Firebase app, its Auth and Storage, created once on first use, and its Firestore, which signing
// out replaces: the old instance is terminated and its data on the device deleted, and whoever signs
// in next gets a fresh one.
import { type FirebaseApp, initializeApp } from 'firebase/app'
import {
  type Auth,
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth'
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  type Firestore,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  terminate,
} from 'firebase/firestore'
import { connectStorageEmulator, type FirebaseStorage, getStorage } from 'firebase/storage'
import { emulatorHost, emulatorPorts, firebaseOptions, useEmulators } from './firebase-config'

export interface FirebaseServices {
  readonly app: FirebaseApp
  readonly auth: Auth
  readonly storage: FirebaseStorage
  /**
   * Firestore as it is now (signing out replaces it): ask for it at each use, never keep it. While the
   * old one's data is being deleted this waits: a new instance would open that data and block the deletion.
   */
  db(): Promise<Firestore>
  /**
   * Starts a listener with Firestore once it is ready (at once, unless a clearing is under way); the
   * returned function stops it, or cancels it before it started.
   */
  listen(start: (db: Firestore) => () => void): () => void
  /** False where IndexedDB is unavailable (private browsing): records then live in memory only. */
  readonly persistentCache: boolean
  /** Terminates Firestore and deletes its cache and queue on this device; the next db() is a fresh one. */
  clearFirestore(): Promise<void>
}

let services: FirebaseServices | null = null

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

export function getFirebase(): FirebaseServices {
  if (services) return services
  const app = initializeApp(firebaseOptions)
  // E-mail and password only: unlike getAuth(), no popup/redirect resolver, so the SDK does not fetch
  // Google's iframe script (apis.google.com) on start and ships less code. The session is kept in
  // IndexedDB (falling back to local, then session storage), so a parent stays signed in offline.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  })
  // Child records are read offline from Firestore's persistent cache, shared by every open tab.
  const persistentCache = indexedDbAvailable()
  const storage = getStorage(app)
  if (useEmulators) {
    connectAuthEmulator(auth, `http://${emulatorHost}:${emulatorPorts.auth}`, { disableWarnings: true })
    connectStorageEmulator(storage, emulatorHost, emulatorPorts.storage)
  }
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
  services = {
    app,
    auth,
    storage,
    persistentCache,
    async db() {
      while (clearing) await clearing.catch(() => undefined)
      db ??= createDb()
      return db
    },
    listen(start) {
      if (!clearing) {
        db ??= createDb()
        return start(db)
      }
      let stop: (() => void) | null = null
      let cancelled = false
      void services?.db().then((ready) => {
        if (!cancelled) stop = start(ready)
      })
      return () => {
        cancelled = true
        stop?.()
      }
    },
    clearFirestore() {
      // One clearing at a time: the sign-out flow and the signed-out event both ask for it.
      clearing ??= (async () => {
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
  return services
}
