/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_NAME?: string
  /** The public VAPID key of the real project (push; docs/functions.md). */
  readonly VITE_VAPID_PUBLIC_KEY?: string
  readonly VITE_SITE_SHORT_NAME?: string
  readonly VITE_SITE_PHONE?: string
  readonly VITE_SITE_EMAIL?: string
  readonly VITE_SITE_ADDRESS?: string
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string
  readonly VITE_FIREBASE_APP_ID?: string
  /** 'true' forces the local emulators; a demo- project id always uses them. */
  readonly VITE_FIREBASE_USE_EMULATORS?: string
  readonly VITE_FIREBASE_EMULATOR_HOST?: string
  /** The Firestore emulator's port when not firebase.json's 8080 (the browser suite's online world). */
  readonly VITE_FIREBASE_FIRESTORE_EMULATOR_PORT?: string
  /** The Auth emulator's port when not 9099 (a second online world beside the first). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_PORT?: string
  /** The Functions emulator's port when not 5001 (the browser suite's online world). */
  readonly VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT?: string
  /** reCAPTCHA Enterprise site key: App Check is on when set (docs/decisions/0021-app-check.md). */
  readonly VITE_FIREBASE_APPCHECK_SITE_KEY?: string
  /** App Check's debug token for the emulators (CI); without one the SDK makes one and logs it. */
  readonly VITE_FIREBASE_APPCHECK_DEBUG_TOKEN?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
