// A backend as the centre's guard sees it, for the guard's tests: its centre port answers staffAccess()
// as the test says, its device can be cleared, and nothing else is there. Not a fake of the ports (those
// are fake-backend.ts and its contract runs): only the calls the guard makes.
import { vi } from 'vitest'
import type { Backend } from '#shared/backend/backend-ports'
import type { CentrePort, StaffAccess } from '#shared/backend/centre-ports'

/** staffAccess() answers `answers`, one a call (the last one repeated). */
export function staffBackendStub(...answers: StaffAccess[]) {
  const staffAccess = vi.fn(async () => (answers.length > 1 ? answers.shift() : answers[0]) as StaffAccess)
  const clear = vi.fn(async () => {})
  const centre = {
    staffAccess,
    stop: async () => {},
    watchInquiries: () => ({ showMore() {}, stop() {} }),
  } as unknown as CentrePort
  const backend = {
    loadCentre: async () => centre,
    device: { clear },
    photos: { download: async () => new Blob() },
    auth: { signOut: async () => {} },
  } as unknown as Backend
  return { backend, staffAccess, clear }
}
