// The Backend on Firebase. src/app/main.tsx imports this module lazily (provideBackend), so the Firebase
// SDK is downloaded only when a screen asks getBackend(): never by the marketing pages.
import { onAuthStateChanged } from 'firebase/auth'
import type { Backend } from '#shared/backend/backend-ports'
import { createFirebaseAccountData } from './firebase-account'
import { type FirebaseStart, getFirebase } from './firebase-app'
import { createFirebaseAuth } from './firebase-auth'
import { createFirebaseInquiries } from './firebase-inquiries'
import { createFirebaseKids } from './firebase-kids'
import { createFirebaseNotices } from './firebase-notices'
import { createFirebasePhotos } from './firebase-photos'
import { createFirebasePush } from './firebase-push'
import { createFirebaseRegistrations } from './firebase-registrations'

export async function createFirebaseBackend(start?: FirebaseStart): Promise<Backend> {
  const services = await getFirebase(start)
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
    device: { clear: () => services.clearFirestore() },
    registrations: createFirebaseRegistrations(services),
    notices: createFirebaseNotices(services),
    push: createFirebasePush(services),
    // Its own chunk: only the staff screens load it (docs/decisions/0023).
    loadCentre: () => import('./firebase-centre').then((m) => m.createFirebaseCentre(services)),
  }
}
