// One Firebase app, its Auth, Firestore and Storage, created once on first use.
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
  connectFirestoreEmulator,
  type Firestore,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore'
import { connectStorageEmulator, type FirebaseStorage, getStorage } from 'firebase/storage'
import { emulatorHost, emulatorPorts, firebaseOptions, useEmulators } from './firebase-config'

export interface FirebaseServices {
  readonly app: FirebaseApp
  readonly auth: Auth
  readonly db: Firestore
  readonly storage: FirebaseStorage
  /** False where IndexedDB is unavailable (private browsing): records then live in memory only. */
  readonly persistentCache: boolean
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
  const db = initializeFirestore(app, {
    localCache: persistentCache
      ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
      : memoryLocalCache(),
  })
  const storage = getStorage(app)
  if (useEmulators) {
    connectAuthEmulator(auth, `http://${emulatorHost}:${emulatorPorts.auth}`, { disableWarnings: true })
    connectFirestoreEmulator(db, emulatorHost, emulatorPorts.firestore)
    connectStorageEmulator(storage, emulatorHost, emulatorPorts.storage)
  }
  services = { app, auth, db, storage, persistentCache }
  return services
}
