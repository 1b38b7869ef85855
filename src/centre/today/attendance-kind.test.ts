import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LockFn } from '#shared/device/web-lock'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine, type OutboxEvent } from '#shared/outbox/outbox-engine'
import { type AttendanceEvent, centreDay, newArrival, newCollection } from '#shared/records/attendance-record'
import { newRandomId } from '#shared/records/ids'
import { createFakeAttendance, FakeAttendanceServer } from '#testing/backend/fake-attendance-ports'
import { createFakeAuth } from '#testing/backend/fake-backend'
import { ATTENDANCE_KIND, attendanceFailures, attendanceHandler } from './attendance-kind'
import { openDoorOutbox } from './door-outbox'

const noLock: LockFn = (_name, _signal, work) => work()
const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

const STAFF = 'staff-1'

function world() {
  const server = new FakeAttendanceServer()
  server.signedIn = STAFF
  const engine = new OutboxEngine({
    db: new JobDb(`door-${newRandomId(8)}`, { indexedDB, IDBKeyRange }),
    lock: noLock,
    random: () => 0.5,
  })
  const events: OutboxEvent[] = []
  engine.onEvent((event) => events.push(event))
  const auth = createFakeAuth()
  auth.startSignedInAs({ uid: STAFF, email: 'staff@example.com', displayName: 'Bola' })
  // The fake port refuses another account's events, as the adapter does.
  auth.onAuthChange((user) => {
    server.signedIn = user?.uid ?? null
  })
  const door = openDoorOutbox(engine, createFakeAttendance(server), auth, STAFF)
  closers.push(() => {
    door.close()
    engine.close()
  })
  return { server, engine, events, door, auth }
}

function child(server: FakeAttendanceServer, kidName = 'Amara Obi') {
  const kid = {
    kidId: newRandomId(),
    userRef: 'parent-1',
    kidName,
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate: '2026-01-05',
    collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
    mustNotCollect: '',
  }
  server.children.push(kid)
  return kid
}

const arrival = (kidId: string, deviceAt = Date.now()): AttendanceEvent =>
  newArrival({ kidId, userRef: 'parent-1', recordedBy: STAFF, deviceAt })
const collection = (kidId: string, name = 'Ada Obi', deviceAt = Date.now()): AttendanceEvent =>
  newCollection({
    kidId,
    userRef: 'parent-1',
    recordedBy: STAFF,
    deviceAt,
    collector: { from: 'file', name, relation: 'Mother', codeChecked: false },
  })

describe('the door’s events as jobs of the outbox', () => {
  it('keeps a morning of events offline and sends each once, in order, when back online', async () => {
    const { server, engine, door } = world()
    const kids = [child(server), child(server, 'Tobi Obi')]
    server.offline = true
    const start = Date.now() - 3 * 60 * 60_000
    for (const kid of kids) await door.record(arrival(kid.kidId, start))
    await door.record(collection(kids[0]?.kidId ?? '', 'Ada Obi', start + 60_000))
    // A second tap of the same arrival adds nothing.
    await door.record(arrival(kids[0]?.kidId ?? '', start + 5_000))
    await engine.idle()
    expect(await engine.list(ATTENDANCE_KIND)).toHaveLength(3)
    server.offline = false
    await engine.wake()
    await vi.waitFor(async () => expect(await engine.list(ATTENDANCE_KIND)).toHaveLength(0))
    expect(server.events.size).toBe(3)
    const stored = server.attempts.filter((a) => a.endsWith('stored'))
    expect(stored).toHaveLength(3)
    // The first child's arrival went before its collection (one lane per child).
    const first = kids[0]?.kidId ?? ''
    expect(stored.filter((a) => a.startsWith(first)).map((a) => a.split(' ')[2])).toEqual([
      'arrival',
      'collection',
    ])
    // The arrival kept is the first tap's.
    expect(server.events.get(`${first}_${centreDay(start)}_arrival`)?.deviceAt).toBe(start)
  })

  it('reads a refusal as done when another device recorded the same fact first', async () => {
    const { server, engine, door, events } = world()
    const kid = child(server)
    const other = arrival(kid.kidId, Date.now() - 60_000)
    server.record({ ...other, recordedBy: STAFF }, STAFF)
    await door.record(arrival(kid.kidId))
    await vi.waitFor(() => expect(events.some((e) => e.type === 'done')).toBe(true))
    expect(server.events.get(`${kid.kidId}_${other.day}_arrival`)?.deviceAt).toBe(other.deviceAt)
    expect(await engine.list(ATTENDANCE_KIND)).toHaveLength(0)
  })

  it('keeps a collection refused because someone else’s is stored, for staff to read', async () => {
    const { server, engine, door } = world()
    const kid = child(server)
    server.record(arrival(kid.kidId), STAFF)
    server.record(collection(kid.kidId, 'Ngozi Eze'), STAFF)
    await door.record(collection(kid.kidId, 'Ada Obi'))
    await vi.waitFor(async () => {
      const [job] = await engine.list(ATTENDANCE_KIND)
      expect(job?.state).toBe('failed')
      expect(job?.error).toBe(attendanceFailures.otherCollector('Ngozi Eze', 'Mother'))
    })
  })

  it('keeps an event refused with nothing stored (a collection before any arrival)', async () => {
    const { server, engine, door } = world()
    const kid = child(server)
    await door.record(collection(kid.kidId))
    await vi.waitFor(async () => {
      const [job] = await engine.list(ATTENDANCE_KIND)
      expect(job?.error).toBe(attendanceFailures.refused)
    })
  })

  it('does not send an event whose time the rules would refuse', async () => {
    const server = new FakeAttendanceServer()
    const handler = attendanceHandler(createFakeAttendance(server), { serverNow: () => Date.now() })
    const kid = child(server)
    const old = arrival(kid.kidId, Date.now() - 9 * 86_400_000)
    const run = (event: AttendanceEvent) =>
      handler.run(
        {
          id: 'x',
          seq: 1,
          kind: ATTENDANCE_KIND,
          owner: STAFF,
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          error: null,
          rev: 1,
          createdAt: 0,
          payload: { event },
        },
        {
          signal: new AbortController().signal,
          blob: async () => undefined,
          progress: () => undefined,
          mark: async () => true,
        },
      )
    expect(await run(old)).toEqual({ type: 'failed', error: attendanceFailures.outOfBounds, keep: true })
    expect(server.attempts).toEqual([])
    // The control: the same child's arrival today is sent.
    expect(await run(arrival(kid.kidId))).toEqual({ type: 'done' })
  })

  it('stops sending once the member of staff signs out, and goes on when they sign in again', async () => {
    const { server, engine, door, auth } = world()
    const kid = child(server)
    server.offline = true
    await door.record(arrival(kid.kidId))
    await vi.waitFor(() => expect(server.attempts).toHaveLength(1))
    await engine.idle()
    await auth.signOut()
    server.offline = false
    await engine.wake()
    await engine.idle()
    // Nobody's event goes with no account (or another's) signed in.
    expect(server.attempts).toHaveLength(1)
    expect(await engine.list(ATTENDANCE_KIND)).toHaveLength(1)
    await auth.signIn('staff@example.com', `pw-${STAFF}`)
    // Its backoff's wait is not the sign-in's to skip: woken as by the connection returning.
    await engine.wake()
    await vi.waitFor(() => expect(server.events.size).toBe(1))
    // The job that wrote it is removed when its run ends.
    await engine.idle()
    expect(await engine.list(ATTENDANCE_KIND)).toHaveLength(0)
  })
})
