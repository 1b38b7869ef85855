// AttendancePort (the door, /centre/today), true of the fake and of the adapter with firestore.rules:
// staff see the children whose confirmed place has started, with their file's collectors and note, the
// list told whole (never a batch of it, decision 0082); an
// arrival is stored once (a second write of the same id is refused, and the server's copy is handed
// back for the outbox to judge); a collection waits for the arrival; the code verifiers and the
// parents' messages of the day reach the door; a parent without the staff claim reads none of it.
import { describe, expect, it } from 'vitest'
import type { AttendancePort, DoorChild, DoorSeen } from '#shared/backend/attendance-ports'
import { isPermanentFailure } from '#shared/backend/kids-ports'
import {
  type AttendanceEvent,
  attendanceEventId,
  centreDay,
  newArrival,
  newCollection,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import {
  type CodeVerifier,
  type CollectionCode,
  checkCollectionCode,
  codesForCollectors,
  newCodeVerifier,
  verifiersFor,
} from '#shared/records/collection-code'
import { addMonths, type DaySettings, DEFAULT_DAY_SETTINGS } from '#shared/records/day-settings'
import { newRandomId } from '#shared/records/ids'
import { addDays } from '#shared/records/registration-record'
import { newTellMessage, type StoredTellMessage } from '#shared/records/tell-the-centre-record'
import { type ContractWorld, heard, newEmail, PASSWORD, rejection, signUpParent } from './contract-world'

/** A child with a confirmed place as the server holds it (kids/, registrations/, enrolments/). */
export interface ServerPlace {
  readonly kidId: string
  readonly userRef: string
  readonly kidName: string
  readonly parentName: string
  readonly parentPhone: string
  readonly startDate: string
  readonly collectors: readonly { name: string; relation: string; phone: string }[]
  readonly mustNotCollect: string
}

/** What the attendance contract needs of a world, beyond the common one. */
export interface AttendanceWorld extends ContractWorld {
  /** Stores the child, its confirmed place and its enrolment file, as the server holds them. */
  placeChild(place: ServerPlace): Promise<void>
  /** codeChecks/{kidId} as the parent's batch leaves it. */
  addCodeChecks(kidId: string, userRef: string, people: readonly CodeVerifier[]): Promise<void>
  /** A parent's 'Someone else collects today', as it reaches the server. */
  addMessage(message: StoredTellMessage): Promise<void>
  /** attendance/{id} as the door's writes leave them (a past month's, many at once). */
  addEvents(events: readonly StoredAttendanceEvent[]): Promise<void>
}

function place(userRef: string, startDate: string, kidName = 'Amara Obi'): ServerPlace {
  return {
    kidId: newRandomId(),
    userRef,
    kidName,
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate,
    collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
    mustNotCollect: 'Not the uncle, Chidi',
  }
}

async function asStaff(world: AttendanceWorld): Promise<{ door: AttendancePort; uid: string }> {
  const staff = await signUpParent(world, 'Bola Staff')
  await world.makeStaff(staff.uid)
  // The claim reaches this device's token as staff open /centre (a fresh token is asked for once).
  expect(await (await world.backend.loadCentre()).staffAccess()).toBe('staff')
  return { door: await world.backend.loadAttendance(), uid: staff.uid }
}

const fail = (error: Error) => {
  throw error
}

export function attendanceContract(makeWorld: () => Promise<AttendanceWorld>): void {
  describe('AttendancePort: the door', () => {
    it('lists a confirmed place that has started, with its file’s people and note; not one starting later', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const started = place(parent.uid, addDays(today, -3))
      const later = place(parent.uid, addDays(today, 2), 'Tobi Obi')
      await world.placeChild(started)
      await world.placeChild(later)
      const { door } = await asStaff(world)
      const children = heard<DoorSeen<DoorChild>>()
      const stop = door.watchChildren(today, children.push, fail)
      // Once every part came from the server: the child's record may be heard before its file.
      const seen = await children.until((s) => !s.fromCache && s.items.some((c) => c.kidId === started.kidId))
      const child = seen.items.find((c) => c.kidId === started.kidId)
      expect(child).toEqual({
        kidId: started.kidId,
        userRef: parent.uid,
        kidName: 'Amara Obi',
        parentName: 'Ada Obi',
        parentPhone: '+234 802 555 0101',
        startDate: started.startDate,
        collectors: [{ name: 'Ada Obi', relation: 'Mother', phone: '+234 802 555 0101' }],
        mustNotCollect: 'Not the uncle, Chidi',
      })
      // The control: the same child is listed on its first day.
      expect(seen.items.some((c) => c.kidId === later.kidId)).toBe(false)
      stop()
      const onItsDay = heard<DoorSeen<DoorChild>>()
      const stopLater = door.watchChildren(later.startDate, onItsDay.push, fail)
      await onItsDay.until((s) => s.items.some((c) => c.kidId === later.kidId))
      stopLater()
    })

    it('tells the list whole: more places than one batch, every child with its file the first time', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      // 31: records and files are read 30 ids at a time (Firestore's 'in'), so at least two batches.
      const places = Array.from({ length: 31 }, (_, n) => place(parent.uid, addDays(today, -1), `Child ${n}`))
      for (const each of places) await world.placeChild(each)
      const { door } = await asStaff(world)
      const children = heard<DoorSeen<DoorChild>>()
      const stop = door.watchChildren(today, children.push, fail)
      const mine = new Set(places.map((p) => p.kidId))
      const hasMine = (s: DoorSeen<DoorChild>) => s.items.some((c) => mine.has(c.kidId))
      await children.until(hasMine)
      // The first list heard with any of them, not the last.
      const listed = (children.values.find(hasMine)?.items ?? []).filter((c) => mine.has(c.kidId))
      expect(listed).toHaveLength(31)
      expect(listed.every((c) => c.mustNotCollect === 'Not the uncle, Chidi')).toBe(true)
      stop()
    })

    it('stores an arrival once: the second write is refused with the server’s copy', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      await world.placeChild(child)
      const { door, uid } = await asStaff(world)
      const arrival = newArrival({
        kidId: child.kidId,
        userRef: parent.uid,
        recordedBy: uid,
        deviceAt: Date.now(),
      })
      expect(await door.record(arrival, { asUser: uid })).toEqual({ kind: 'stored' })
      const day = heard<DoorSeen<StoredAttendanceEvent>>()
      const stop = door.watchDay(today, day.push, fail)
      const seen = await day.until((s) =>
        s.items.some((e) => e.kidId === child.kidId && e.serverAt !== null && !s.fromCache),
      )
      const stored = seen.items.find((e) => e.kidId === child.kidId)
      expect(stored).toMatchObject({ ...arrival, id: `${child.kidId}_${today}_arrival` })
      expect(stored?.sentAt).toBeTypeOf('number')
      stop()
      // A second device's arrival of the same child: refused, and the first one handed back.
      const second: AttendanceEvent = { ...arrival, deviceAt: arrival.deviceAt + 5_000 }
      const answer = await door.record(second, { asUser: uid })
      expect(answer.kind).toBe('refused')
      expect(answer.kind === 'refused' && answer.stored).toMatchObject(arrival)
    })

    it('refuses a collection before the arrival, and stores it after', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      await world.placeChild(child)
      const { door, uid } = await asStaff(world)
      const collection = newCollection({
        kidId: child.kidId,
        userRef: parent.uid,
        recordedBy: uid,
        deviceAt: Date.now(),
        collector: { from: 'file', name: 'Ada Obi', relation: 'Mother', codeChecked: true },
      })
      expect(await door.record(collection, { asUser: uid })).toEqual({ kind: 'refused', stored: null })
      const arrival = newArrival({
        kidId: child.kidId,
        userRef: parent.uid,
        recordedBy: uid,
        deviceAt: Date.now() - 60_000,
      })
      expect(await door.record(arrival, { asUser: uid })).toEqual({ kind: 'stored' })
      // The control: the same collection once the arrival is there.
      expect(await door.record(collection, { asUser: uid })).toEqual({ kind: 'stored' })
    })

    it('gives staff the day’s code verifiers and the parents’ messages', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      await world.placeChild(child)
      const verifier = await newCodeVerifier({ name: 'Ada Obi', relation: 'Mother' }, '48271930', 100_000)
      await world.addCodeChecks(child.kidId, parent.uid, [verifier])
      const message: StoredTellMessage = {
        id: newRandomId(),
        kidId: child.kidId,
        userRef: parent.uid,
        day: today,
        fields: {
          kind: 'someone-else',
          name: 'Ngozi Eze',
          relation: 'Aunt',
          phone: '+234 803 555 0199',
          note: '',
        },
        deviceAt: Date.now(),
        createdAt: Date.now(),
        withdrawnAt: null,
      }
      await world.addMessage(message)
      const { door } = await asStaff(world)
      const checks = heard<ReadonlyMap<string, readonly CodeVerifier[]>>()
      const stopChecks = door.watchCodeChecks([child.kidId], checks.push, fail)
      const found = await checks.until((map) => map.has(child.kidId))
      expect(found.get(child.kidId)).toEqual([verifier])
      stopChecks()
      const messages = heard<DoorSeen<StoredTellMessage>>()
      const stopMessages = door.watchMessages(today, messages.push, fail)
      const seen = await messages.until((s) => s.items.some((m) => m.id === message.id))
      expect(seen.items.find((m) => m.id === message.id)).toMatchObject({
        kidId: child.kidId,
        fields: message.fields,
        withdrawnAt: null,
      })
      stopMessages()
    })

    it('gives a parent their own children’s day (ChildDayPort), and refuses another family’s', async () => {
      const world = await makeWorld()
      const email = newEmail()
      const parent = await world.backend.auth.signUp('Ada Obi', email, PASSWORD)
      const other = await signUpParent(world, 'Bola Eze')
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      const theirs = place(other.uid, today, 'Tobi Eze')
      await world.placeChild(child)
      await world.placeChild(theirs)
      const { door, uid } = await asStaff(world)
      for (const c of [child, theirs]) {
        const arrival = newArrival({
          kidId: c.kidId,
          userRef: c.userRef,
          recordedBy: uid,
          deviceAt: Date.now(),
        })
        expect(await door.record(arrival, { asUser: uid })).toEqual({ kind: 'stored' })
      }
      await world.backend.auth.signIn(email, PASSWORD)
      const day = heard<readonly StoredAttendanceEvent[]>()
      const stop = world.backend.childDay.watchChildDay(parent.uid, today, day.push, fail)
      const seen = await day.until((events) => events.length > 0)
      expect(seen.map((e) => [e.kidId, e.kind])).toEqual([[child.kidId, 'arrival']])
      stop()
      const refused = heard<Error>()
      const stopOther = world.backend.childDay.watchChildDay(other.uid, today, () => undefined, refused.push)
      await refused.until(() => true)
      stopOther()
    })

    it('stores a parent’s message for a child with a confirmed place once; refuses one without', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const child = place(parent.uid, addDays(today, 2))
      await world.placeChild(child)
      const port = world.backend.childDay
      const message = newTellMessage({
        kidId: child.kidId,
        userRef: parent.uid,
        fields: { kind: 'away', reason: 'holiday', note: 'A trip' },
        deviceAt: Date.now(),
        day: addDays(today, 2),
      })
      const id = newRandomId()
      expect(await port.readMessageFromServer(id)).toBeNull()
      await port.tell(id, message, { asUser: parent.uid })
      expect(await port.readMessageFromServer(id)).toMatchObject({ ...message, id, withdrawnAt: null })
      // The same id again (a retry after a reload): refused for good, the server's copy stays.
      const again = await rejection(port.tell(id, message, { asUser: parent.uid }))
      expect(isPermanentFailure(again)).toBe(true)
      // A child without a confirmed place: refused for good.
      const unplaced = { ...message, kidId: newRandomId() }
      expect(
        isPermanentFailure(await rejection(port.tell(newRandomId(), unplaced, { asUser: parent.uid }))),
      ).toBe(true)
    })

    it('keeps a family’s collection codes and their checks in one write; the door checks the new code, not the old', async () => {
      const world = await makeWorld()
      const email = newEmail()
      const parent = await world.backend.auth.signUp('Ada Obi', email, PASSWORD)
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      await world.placeChild(child)
      const port = world.backend.childDay
      expect(await port.readCollectionCodes(child.kidId)).toBeNull()
      // The page listens before the first codes are made, on the device that makes them.
      const heardCodes = heard<readonly CollectionCode[] | null>()
      const stop = port.watchCollectionCodes(child.kidId, parent.uid, heardCodes.push, fail)
      await heardCodes.until((codes) => codes === null)
      const first = codesForCollectors(child.collectors, [])
      const firstChecks = await verifiersFor(first, { codes: [], verifiers: [] })
      await port.saveCollectionCodes(child.kidId, first, firstChecks, { asUser: parent.uid })
      expect(await port.readCollectionCodes(child.kidId)).toEqual({ codes: first, verifiers: firstChecks })
      await heardCodes.until((codes) => codes?.[0]?.code === first[0]?.code)
      // A page opened after (or a reload) hears them too, never 'none' (firebase-tools #3867).
      const reopened = heard<readonly CollectionCode[] | null>()
      const stopReopened = port.watchCollectionCodes(child.kidId, parent.uid, reopened.push, fail)
      expect(await reopened.until(() => true)).toEqual(first)
      stopReopened()
      // 'Change code': a new code and a new verifier; the parent's live read follows.
      const [ada] = child.collectors
      const changed = codesForCollectors(child.collectors, first, ada ?? null)
      const changedChecks = await verifiersFor(changed, { codes: first, verifiers: firstChecks })
      expect(changed[0]?.code).not.toBe(first[0]?.code)
      await port.saveCollectionCodes(child.kidId, changed, changedChecks, { asUser: parent.uid })
      await heardCodes.until((codes) => codes?.[0]?.code === changed[0]?.code)
      stop()
      // Another family's child: refused for good (its control is the write above).
      const other = await signUpParent(world, 'Bola Eze')
      const theirs = place(other.uid, today, 'Tobi Eze')
      await world.placeChild(theirs)
      await world.backend.auth.signIn(email, PASSWORD)
      const refused = await rejection(
        port.saveCollectionCodes(theirs.kidId, first, firstChecks, { asUser: parent.uid }),
      )
      expect(isPermanentFailure(refused)).toBe(true)
      // The door reads the verifiers only, and checks a typed code on the device.
      const { door } = await asStaff(world)
      const checks = heard<ReadonlyMap<string, readonly CodeVerifier[]>>()
      const stopChecks = door.watchCodeChecks([child.kidId], checks.push, fail)
      const found = await checks.until((map) => map.get(child.kidId)?.[0]?.salt === changedChecks[0]?.salt)
      stopChecks()
      const verifier = found.get(child.kidId)?.[0]
      if (!verifier || !first[0] || !changed[0]) throw new Error('No verifier at the door')
      expect(await checkCollectionCode(first[0].code, verifier)).toBe(false)
      expect(await checkCollectionCode(changed[0].code, verifier)).toBe(true)
    })

    it('reads a month’s register with its children’s and recorders’ names; not another month’s', async () => {
      const world = await makeWorld()
      const parent = await signUpParent(world)
      const today = centreDay(Date.now())
      const child = place(parent.uid, today)
      await world.placeChild(child)
      const { door, uid } = await asStaff(world)
      const arrival = newArrival({
        kidId: child.kidId,
        userRef: parent.uid,
        recordedBy: uid,
        deviceAt: Date.now() - 60_000,
      })
      const collection = newCollection({
        kidId: child.kidId,
        userRef: parent.uid,
        recordedBy: uid,
        deviceAt: Date.now(),
        collector: { from: 'file', name: 'Ada Obi', relation: 'Mother', codeChecked: false },
      })
      expect(await door.record(arrival, { asUser: uid })).toEqual({ kind: 'stored' })
      expect(await door.record(collection, { asUser: uid })).toEqual({ kind: 'stored' })
      const month = today.slice(0, 7)
      const register = await door.readRegister(month)
      const mine = register.events.filter((e) => e.kidId === child.kidId)
      expect(mine.map((e) => e.kind).sort()).toEqual(['arrival', 'collection'])
      expect(mine.find((e) => e.kind === 'collection')).toMatchObject(collection)
      expect(register.events.every((e) => e.day.startsWith(`${month}-`))).toBe(true)
      expect(register.kidNames.get(child.kidId)).toBe('Amara Obi')
      expect(register.staffNames.get(uid)).toBe('Bola Staff')
      // The control: last month's register does not hold this day.
      const before = await door.readRegister(addMonths(month, -1))
      expect(before.events.some((e) => e.kidId === child.kidId)).toBe(false)
    })

    it('reads a month of more than a page of events whole, in day order, once each', async () => {
      const world = await makeWorld()
      const { door, uid } = await asStaff(world)
      // 33 children on each of 31 days: 1,023 arrivals, past a page of 1,000.
      const month = '2001-03'
      const kidIds = Array.from({ length: 33 }, () => newRandomId())
      const events: StoredAttendanceEvent[] = kidIds.flatMap((kidId) =>
        Array.from({ length: 31 }, (_, i) => {
          const day = `${month}-${String(i + 1).padStart(2, '0')}`
          const at = Date.parse(`${day}T07:30:00Z`)
          return {
            ...newArrival({ kidId, userRef: 'parent-1', recordedBy: uid, deviceAt: at }),
            id: attendanceEventId(kidId, day, 'arrival'),
            sentAt: at,
            serverAt: at,
          }
        }),
      )
      await world.addEvents(events)
      const register = await door.readRegister(month)
      const ours = new Set(kidIds)
      const mine = register.events.filter((e) => ours.has(e.kidId))
      expect(mine).toHaveLength(events.length)
      expect(new Set(mine.map((e) => e.id)).size).toBe(events.length)
      const days = register.events.map((e) => e.day)
      expect(days).toEqual([...days].sort())
    })

    it('gives staff the day’s settings (the defaults while unset), saves them within bounds only', async () => {
      const world = await makeWorld()
      const { door } = await asStaff(world)
      const settings = heard<DaySettings>()
      const stop = door.watchDaySettings(settings.push, fail)
      // No other test saves centre/today, and the adapter's emulator is fresh for each run.
      expect(await settings.until((seen) => seen.notSeenAt === DEFAULT_DAY_SETTINGS.notSeenAt)).toEqual(
        DEFAULT_DAY_SETTINGS,
      )
      await (await door.saveDaySettings({ notSeenAt: '09:30', registerMonths: 24 })).sent
      await settings.until((seen) => seen.notSeenAt === '09:30' && seen.registerMonths === 24)
      for (const wrong of [
        { notSeenAt: '05:50', registerMonths: 24 },
        { notSeenAt: '14:00', registerMonths: 24 },
        { notSeenAt: '9:30', registerMonths: 24 },
        { notSeenAt: '09:30', registerMonths: 2 },
        { notSeenAt: '09:30', registerMonths: 121 },
        { notSeenAt: '09:30', registerMonths: 12.5 },
      ])
        await rejection((await door.saveDaySettings(wrong)).sent)
      // The control: the bounds themselves are allowed.
      await (await door.saveDaySettings({ notSeenAt: '13:50', registerMonths: 120 })).sent
      await (await door.saveDaySettings({ notSeenAt: '06:00', registerMonths: 3 })).sent
      await settings.until((seen) => seen.notSeenAt === '06:00' && seen.registerMonths === 3)
      stop()
    })

    it('lets no parent without the staff claim read the door’s lists', async () => {
      const world = await makeWorld()
      await signUpParent(world)
      // As the fake's world says who is staff: this parent is not.
      await world.centreForParent()
      const door = await world.backend.loadAttendance()
      const refused = heard<Error>()
      const stop = door.watchChildren(centreDay(Date.now()), () => undefined, refused.push)
      await refused.until(() => true)
      stop()
      // Nor the register, nor the day's settings; nor save them.
      await rejection(door.readRegister(centreDay(Date.now()).slice(0, 7)))
      const settingsRefused = heard<Error>()
      const stopSettings = door.watchDaySettings(() => undefined, settingsRefused.push)
      await settingsRefused.until(() => true)
      stopSettings()
      await rejection((await door.saveDaySettings(DEFAULT_DAY_SETTINGS)).sent)
    })
  })
}
