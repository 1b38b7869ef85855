// The parent area's guard and what it works with, loaded the first time a parent screen opens: the
// signed-in state and the outbox (Dexie), on the backend (Firebase), which starts downloading at once
// beside them instead of after them (a parent opening /profile in a new tab waits for one download, not
// three in a row). Also watches for a remembered session that the server refuses (docs/decisions/0016),
// and asks the browser to keep the device's data once a child waits in the outbox (0022).
import { getBackend } from '#shared/backend/backend'
import type { ParentGuard } from './parent-area'
import { guardParentArea } from './parent-guard'

export async function loadParentAreaParts(onSessionEnded: () => void): Promise<ParentGuard> {
  // A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  const [{ createAuthSession }, { getOutboxRuntime }, { keepDeviceDataWhenQueued, watchRefusedSession }] =
    await Promise.all([
      import('#account/auth-session'),
      import('#kids/outbox/outbox-runtime'),
      import('./parent-session'),
    ])
  const session = createAuthSession(getBackend)
  const outbox = await getOutboxRuntime()
  watchRefusedSession(session, outbox, onSessionEnded)
  keepDeviceDataWhenQueued(outbox)
  return guardParentArea(session, outbox)
}
