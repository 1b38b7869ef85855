// The door's parts for the signed-in member of staff, made once per account in this tab: the port
// (Backend.loadAttendance, its own chunk) and the tab's one outbox engine bound to them (door-outbox.ts).
// Kept for the tab's life: the binding follows the account (it lets go before the account changes).

import type { AttendancePort } from '#shared/backend/attendance-ports'
import { getBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'
import { writeAttendanceHint } from './door-hint'
import { type DoorOutbox, openDoorOutbox } from './door-outbox'

export interface DoorRuntime {
  readonly port: AttendancePort
  readonly outbox: DoorOutbox
  /** Notes this device's clock offset as the server last measured it (ms; null: unknown). */
  noteClockOffset(offsetMs: number | null): void
}

let clockOffset = 0
/** Per backend (one in the app; each test has its own) and account. */
const runtimes = new WeakMap<Backend, Map<string, Promise<DoorRuntime>>>()

async function makeRuntime(backend: Backend, staffUid: string): Promise<DoorRuntime> {
  const [port, engine] = await Promise.all([backend.loadAttendance(), getSharedOutbox()])
  const outbox = openDoorOutbox(engine, port, backend.auth, staffUid, {
    // The rules' bounds are judged on the server's clock, as well as this device knows it.
    serverNow: () => Date.now() + clockOffset,
  })
  // The start-up hint follows this account's jobs still to send (door-hint.ts).
  outbox.watch((jobs) => writeAttendanceHint(jobs.filter((job) => job.state === 'queued').length))
  return {
    port,
    outbox,
    noteClockOffset(offsetMs) {
      if (offsetMs !== null) clockOffset = offsetMs
    },
  }
}

/** The door's runtime for this member of staff; a failed load (offline, first visit) is tried again. */
export async function getDoorRuntime(staffUid: string): Promise<DoorRuntime> {
  const backend = await getBackend()
  const ofBackend = runtimes.get(backend) ?? new Map<string, Promise<DoorRuntime>>()
  runtimes.set(backend, ofBackend)
  let runtime = ofBackend.get(staffUid)
  if (!runtime) {
    runtime = makeRuntime(backend, staffUid)
    ofBackend.set(staffUid, runtime)
    runtime.catch(() => ofBackend.delete(staffUid))
  }
  return runtime
}
