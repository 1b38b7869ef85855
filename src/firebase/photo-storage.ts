// Placeholder for the kids feature: the Storage implementation of PhotoStoragePort lands with it.
import type { PhotoStoragePort } from '../shared/backend/kids-ports'
import type { FirebaseServices } from './firebase-app'

export function createPhotoStorage(_services: FirebaseServices): PhotoStoragePort {
  return {}
}
