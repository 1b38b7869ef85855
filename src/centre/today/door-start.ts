// Attendance jobs left on this device, sent from any page's start (decision 0078): loaded by
// src/app/open-outboxes.ts only when the door's hint (door-hint.ts) says some wait. Once the account
// signed in on this device is known, the door's runtime for it registers the 'attendance' kind on the
// tab's engine and binds it (door-runtime.ts), and the jobs go as they do at /centre/today. Jobs of
// another account wait for theirs (its sign-in and /centre).
import { getBackend } from '#shared/backend/backend'
import { getDoorRuntime } from './door-runtime'

export async function startDoorOutbox(): Promise<void> {
  const backend = await getBackend()
  let heard = false
  let stop: (() => void) | null = null
  stop = backend.auth.onAuthChange((user) => {
    // The account this page started with, once: the runtime follows it from there.
    if (heard) return
    heard = true
    queueMicrotask(() => stop?.())
    if (user)
      void getDoorRuntime(user.uid).catch((error: unknown) =>
        console.warn('The door’s waiting records could not be sent yet', error),
      )
  })
}
