// Placeholder for the kids feature: the Firestore implementation of KidsPort lands with it.
import type { KidsPort } from '../shared/backend/kids-ports'
import type { FirebaseServices } from './firebase-app'

export function createKidsStore(_services: FirebaseServices): KidsPort {
  return {}
}
