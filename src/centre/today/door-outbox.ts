// The centre's binding of the one outbox engine (decision 0075): the parent area binds it to the parent
// signed in (src/parent/outbox/outbox-runtime.ts); at the door nothing of the parent area is
// loaded, so the staff screens bind it here to the member of staff, register the 'attendance' kind on
// it, and let go before the account changes (sign-out, another account signing in on this tab). Both
// bindings follow the same signed-in account, so they never disagree.
import { liveQuery } from 'dexie'
import type { AttendancePort } from '#shared/backend/attendance-ports'
import type { AuthPort } from '#shared/backend/backend-ports'
import type { Job } from '#shared/outbox/job'
import type { OutboxEngine } from '#shared/outbox/outbox-engine'
import type { AttendanceEvent } from '#shared/records/attendance-record'
import {
  ATTENDANCE_KIND,
  type AttendanceHandlerOptions,
  type AttendancePayload,
  attendanceHandler,
  attendanceJobId,
} from './attendance-kind'

export interface DoorOutbox {
  /** Keeps the event on this device and starts sending it (a second tap of the same fact adds nothing). */
  record(event: AttendanceEvent): Promise<void>
  /** This member of staff's attendance jobs on the device, live (queued and failed ones). */
  watch(listener: (jobs: readonly Job<AttendancePayload>[]) => void): () => void
  /** Forgets a failed job once staff have read why. */
  dismiss(jobId: string): Promise<void>
  /** Lets go of the engine (the screen closed): the binding stays with the account. */
  close(): void
}

export function openDoorOutbox(
  engine: OutboxEngine,
  port: AttendancePort,
  auth: Pick<AuthPort, 'onAuthChange' | 'beforeUserChange'>,
  staffUid: string,
  options: AttendanceHandlerOptions = {},
): DoorOutbox {
  engine.register(ATTENDANCE_KIND, attendanceHandler(port, options))
  const stops = [
    // Before the account changes, the staff's work stops at once; back to this account, it resumes.
    auth.beforeUserChange(() => engine.bindUser(null)),
    auth.onAuthChange((user) => engine.bindUser(user?.uid === staffUid ? staffUid : null)),
  ]
  return {
    async record(event) {
      await engine.add<AttendancePayload>({
        id: attendanceJobId(event),
        kind: ATTENDANCE_KIND,
        owner: staffUid,
        payload: { event },
      })
    },
    watch(listener) {
      const subscription = liveQuery(() =>
        engine.list<AttendancePayload>(ATTENDANCE_KIND, staffUid),
      ).subscribe({
        next: listener,
        error: (error: unknown) => console.warn('The door’s records on this device could not be read', error),
      })
      return () => subscription.unsubscribe()
    },
    dismiss: (jobId) => engine.remove(jobId),
    close() {
      for (const stop of stops) stop()
    },
  }
}
