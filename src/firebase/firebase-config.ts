// Firebase web configuration from VITE_FIREBASE_* (see .env.example). With none set, the app talks to a
// demo- project on the local emulators, which is what `npm start` and the test suites run.
import type { FirebaseOptions } from 'firebase/app'

const env = import.meta.env

export const firebaseOptions: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-sunbeam.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-sunbeam',
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || 'demo-sunbeam.appspot.com',
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID || '000000000000',
  appId: env.VITE_FIREBASE_APP_ID || '1:000000000000:web:0000000000000000',
}

/** demo- projects exist only in the emulators, so they always use them. */
export const useEmulators =
  env.VITE_FIREBASE_USE_EMULATORS === 'true' || (firebaseOptions.projectId ?? '').startsWith('demo-')

export const emulatorHost = env.VITE_FIREBASE_EMULATOR_HOST || '127.0.0.1'

/**
 * firebase.json's emulator ports. The browser suite builds the app against its own emulators' ports
 * (VITE_FIREBASE_{FIRESTORE,AUTH,FUNCTIONS}_EMULATOR_PORT, e2e/online-world.ts), apart from those of
 * `npm start`; a second copy of the suite beside the first runs its own Auth emulator too (Auth's delete
 * events reach only the functions of its own process).
 */
export const emulatorPorts = {
  auth: Number(env.VITE_FIREBASE_AUTH_EMULATOR_PORT) || 9099,
  functions: Number(env.VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT) || 5001,
  firestore: Number(env.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT) || 8080,
  storage: 9199,
} as const
