// The Backend on Firebase. src/main.tsx imports this module lazily (provideBackend), so the Firebase SDK
// is downloaded only when a screen asks getBackend(): never by the marketing pages.
import type { Backend } from '../shared/backend/backend-ports'
import { getFirebase } from './firebase-app'
import { createFirebaseAuth } from './firebase-auth'
import { createFirebaseInquiries } from './firebase-inquiries'
import { createKidsStore } from './firebase-kids'
import { createPhotoStorage } from './firebase-photos'

export function createFirebaseBackend(): Backend {
  const services = getFirebase()
  return {
    auth: createFirebaseAuth(services),
    inquiries: createFirebaseInquiries(services),
    kids: createKidsStore(services),
    photos: createPhotoStorage(services),
  }
}
