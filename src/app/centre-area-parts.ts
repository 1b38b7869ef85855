// The centre's guard and what it works with, loaded the first time /centre opens: the signed-in state on
// the backend (Firebase), which starts downloading at once beside it.
import { getBackend } from '#shared/backend/backend'
import type { CentreGuard } from './centre-area'
import { guardCentreArea } from './centre-guard'

export async function loadCentreAreaParts(onAccountChanged: () => void): Promise<CentreGuard> {
  // A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  const { createAuthSession } = await import('#account/auth-session')
  return guardCentreArea(createAuthSession(getBackend), getBackend, onAccountChanged)
}
