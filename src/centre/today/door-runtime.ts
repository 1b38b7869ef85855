// The door's parts for the signed-in member of staff, made once per account in this tab: the port
// (Backend.loadAttendance, its own chunk) and the tab's one outbox engine bound to them (door-outbox.ts).
// Kept for the tab's life: the binding follows the account (it lets go before the account changes).

import type { AttendancePort } from '#shared/backend/attendance-ports'
import { getBackend } from '#shared/backend/backend'
import type { Backend } from '#shared/backend/backend-ports'
import { crossOutDoorTap, doorTapsOf } from '#shared/device/door-taps'
import type { Job } from '#shared/outbox/job'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'
import { type AttendancePayload, attendanceJobId } from './attendance-kind'
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
  // Taps a page left before the outbox held them (door-taps.ts, decision 0089): given to it now, on
  // whichever page the door starts; one that cannot be kept yet stays noted for the next start.
  for (const event of doorTapsOf(staffUid)) {
    try {
      await outbox.record(event)
      crossOutDoorTap(staffUid, event)
    } catch (error) {
      console.warn('A tap left on this device could not be kept yet', error)
    }
  }
  // The start-up hint follows this account's jobs still to send and its taps not yet kept (door-hint.ts).
  outbox.watch((jobs) => writeAttendanceHint(doorWaiting(staffUid, jobs)))
  return {
    port,
    outbox,
    noteClockOffset(offsetMs) {
      if (offsetMs !== null) clockOffset = offsetMs
    },
  }
}

/** How many of this account's arrivals and collections wait on the device: queued jobs, taps not yet kept. */
export function doorWaiting(staffUid: string, jobs: readonly Job<AttendancePayload>[]): number {
  const ids = new Set(jobs.filter((job) => job.state === 'queued').map((job) => job.id))
  for (const event of doorTapsOf(staffUid)) ids.add(attendanceJobId(event))
  return ids.size
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
