// The online world's Firestore emulator through the Admin SDK (past the rules), as the functions reach
// it: for tests that run a scheduled function's module themselves (the emulator fires no schedules).
import { getApps, initializeApp } from 'firebase-admin/app'
import { type Firestore, getFirestore } from 'firebase-admin/firestore'
import { ONLINE_FIRESTORE_PORT } from './online-world'

const APP_NAME = 'online-world-admin'

export function adminFirestore(): Firestore {
  // The Admin SDK finds the emulator through this variable, as firebase-tools sets it for the functions.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ONLINE_FIRESTORE_PORT}`
  const app =
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-sunbeam' }, APP_NAME)
  return getFirestore(app)
}
