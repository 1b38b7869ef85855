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
  /** Firestore as it is now (signing out replaces it): ask for it at each use, never keep it. */
  db(): Firestore
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
    db() {
      db ??= createDb()
      return db
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
      })().finally(() => {
        clearing = null
      })
      return clearing
    },
  }
  return services
}
