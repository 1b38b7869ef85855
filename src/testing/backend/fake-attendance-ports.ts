// An in-memory fake of the door's port (never imported by the app): the centre's confirmed places, the
// day's events, the code verifiers and the parents' messages, judged as firestore.rules judge them
// where the door can tell (a create only; a collection once the arrival is stored; staff only).
import type { AttendancePort, DoorChild, RecordAnswer } from '#shared/backend/attendance-ports'
import type { ChildDayPort } from '#shared/backend/child-day-ports'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import type { AttendanceEvent, StoredAttendanceEvent } from '#shared/records/attendance-record'
import { attendanceEventId, centreDay } from '#shared/records/attendance-record'
import type { CodeVerifier, CollectionCode } from '#shared/records/collection-code'
import {
  type DaySettings,
  DEFAULT_DAY_SETTINGS,
  isNotSeenTime,
  isRegisterMonths,
} from '#shared/records/day-settings'
import {
  type StoredTellMessage,
  type TellMessage,
  validateTellMessage,
} from '#shared/records/tell-the-centre-record'

/** A child with a started place, as the door lists it: Amara's, with what a test cares about overridden. */
export function doorChild(overrides: Partial<DoorChild> & Pick<DoorChild, 'kidId'>): DoorChild {
  return {
    userRef: 'parent-1',
    kidName: 'Amara Obi',
    parentName: 'Ada Obi',
    parentPhone: '+234 802 555 0101',
    startDate: '2026-01-05',
    collectors: [],
    mustNotCollect: '',
    ...overrides,
  }
}

export class FakeAttendanceServer {
  /** Children with a confirmed place (whatever their start date: the port lists the started ones). */
  children: DoorChild[] = []
  /** attendance/{id} */
  readonly events = new Map<string, StoredAttendanceEvent>()
  /** codeChecks/{kidId} */
  readonly codeChecks = new Map<string, readonly CodeVerifier[]>()
  /** collectionCodes/{kidId}: the family's plain codes. */
  readonly codes = new Map<string, { readonly userRef: string; readonly codes: readonly CollectionCode[] }>()
  messages: StoredTellMessage[] = []
  /** users/{uid}.name (the register names its recorders; the fake backend reads its auth's records). */
  userName: (uid: string) => string | undefined = () => undefined
  /** centre/today (null: never saved: the defaults). */
  daySettings: DaySettings | null = null
  /** Whether the signed-in account holds the staff claim (the fake backend asks its centre). */
  isStaff: () => boolean = () => true
  /** The signed-in account (recordedBy must be it). */
  signedIn: string | null = 'staff-1'
  /** While true, record() answers 'no answer' (the device offline). */
  offline = false
  /** The server's clock. */
  now: () => number = () => Date.now()
  /** Every attempt, in order, as 'kidId day kind → answer'. */
  readonly attempts: string[] = []
  private readonly listeners = new Set<() => void>()
  /** Parents' writes waiting while offline (Firestore's queue), sent by goOnline(). */
  private readonly queued: (() => void)[] = []

  /** The device is back online: the queued writes go. */
  goOnline(): void {
    this.offline = false
    for (const send of this.queued.splice(0)) send()
  }

  /** A parent's 'Tell the centre' write, as the rules judge a create (waits while offline). */
  tell(id: string, message: TellMessage, asUser: string): Promise<void> {
    if (this.signedIn !== asUser)
      return Promise.reject(
        new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        }),
      )
    return new Promise((resolve, reject) => {
      const send = () => {
        const child = this.children.find((c) => c.kidId === message.kidId)
        const today = centreDay(this.now())
        const allowed =
          !this.messages.some((m) => m.id === id) &&
          child !== undefined &&
          child.userRef === asUser &&
          message.userRef === asUser &&
          validateTellMessage(message, today).day === undefined
        if (!allowed) {
          reject(
            new BackendError('Missing or insufficient permissions.', {
              permanent: true,
              code: 'permission-denied',
            }),
          )
          return
        }
        this.messages.push({ ...message, id, createdAt: this.now(), withdrawnAt: null })
        this.changed()
        resolve()
      }
      if (this.offline) this.queued.push(send)
      else send()
    })
  }

  /**
   * A parent's batch of collectionCodes/{kidId} and codeChecks/{kidId}, as the rules judge it: the
   * child's family, once its enrolment file exists, as many verifiers as codes (waits while offline).
   */
  saveCodes(
    kidId: string,
    codes: readonly CollectionCode[],
    verifiers: readonly CodeVerifier[],
    asUser: string,
  ): Promise<void> {
    if (this.signedIn !== asUser)
      return Promise.reject(
        new BackendError('Another account is signed in on this device', {
          permanent: false,
          code: WRONG_ACCOUNT,
        }),
      )
    return new Promise((resolve, reject) => {
      const send = () => {
        const child = this.children.find((c) => c.kidId === kidId)
        const stored = this.codes.get(kidId)
        const allowed =
          child !== undefined &&
          child.userRef === asUser &&
          child.collectors !== null &&
          (!stored || stored.userRef === asUser) &&
          codes.length === verifiers.length &&
          codes.length <= 4
        if (!allowed) {
          reject(
            new BackendError('Missing or insufficient permissions.', {
              permanent: true,
              code: 'permission-denied',
            }),
          )
          return
        }
        this.codes.set(kidId, { userRef: asUser, codes: [...codes] })
        this.codeChecks.set(kidId, [...verifiers])
        this.changed()
        resolve()
      }
      if (this.offline) this.queued.push(send)
      else send()
    })
  }

  /** centre/today, as the rules judge a save: staff only, within the bounds. */
  saveDaySettings(settings: DaySettings): Promise<void> {
    if (!this.isStaff() || !isNotSeenTime(settings.notSeenAt) || !isRegisterMonths(settings.registerMonths))
      return Promise.reject(
        new BackendError('Missing or insufficient permissions.', {
          permanent: true,
          code: 'permission-denied',
        }),
      )
    this.daySettings = { ...settings }
    this.changed()
    return Promise.resolve()
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  changed(): void {
    for (const listener of this.listeners) listener()
  }

  /** As the rules judge a create (what the door can tell of them). */
  private allowed(event: AttendanceEvent): boolean {
    const child = this.children.find((c) => c.kidId === event.kidId)
    return (
      this.isStaff() &&
      event.recordedBy === this.signedIn &&
      child !== undefined &&
      child.userRef === event.userRef &&
      child.startDate <= event.day &&
      (event.kind === 'arrival'
        ? event.collector === null
        : event.collector !== null && this.events.has(attendanceEventId(event.kidId, event.day, 'arrival')))
    )
  }

  record(event: AttendanceEvent, asUser: string): RecordAnswer {
    const id = attendanceEventId(event.kidId, event.day, event.kind)
    const answer = ((): RecordAnswer => {
      if (this.offline) return { kind: 'no answer', error: 'Offline' }
      if (this.signedIn !== asUser)
        return { kind: 'no answer', error: 'Another account is signed in on this device' }
      const stored = this.events.get(id)
      if (stored || !this.allowed(event)) return { kind: 'refused', stored: stored ?? null }
      const at = this.now()
      this.events.set(id, { ...event, id, sentAt: at, serverAt: at })
      this.changed()
      return { kind: 'stored' }
    })()
    this.attempts.push(`${event.kidId} ${event.day} ${event.kind} → ${answer.kind}`)
    return answer
  }
}

export function createFakeAttendance(server: FakeAttendanceServer): AttendancePort {
  const follow = (send: () => void) => {
    queueMicrotask(send)
    return server.subscribe(send)
  }
  const staffOnly = (onError: (error: Error) => void, send: () => void) => {
    if (server.isStaff()) return follow(send)
    queueMicrotask(() => onError(new Error('Missing or insufficient permissions.')))
    return () => {}
  }
  return {
    watchChildren: (day, listener, onError) =>
      staffOnly(onError, () =>
        listener({
          items: server.children
            .filter((child) => child.startDate <= day)
            .sort((a, b) => a.kidName.localeCompare(b.kidName)),
          fromCache: false,
        }),
      ),
    watchDay: (day, listener, onError) =>
      staffOnly(onError, () =>
        listener({ items: [...server.events.values()].filter((e) => e.day === day), fromCache: false }),
      ),
    watchCodeChecks: (kidIds, listener, onError) =>
      staffOnly(onError, () =>
        listener(new Map([...server.codeChecks].filter(([kidId]) => kidIds.includes(kidId)))),
      ),
    watchMessages: (day, listener, onError) =>
      staffOnly(onError, () =>
        listener({ items: server.messages.filter((m) => m.day === day), fromCache: false }),
      ),
    record: async (event, { asUser }) => server.record(event, asUser),
    readRegister: async (month) => {
      if (!server.isStaff()) throw new Error('Missing or insufficient permissions.')
      if (server.offline) throw new BackendError('Offline', { permanent: false, code: 'unavailable' })
      const events = [...server.events.values()]
        .filter((e) => e.day.startsWith(`${month}-`))
        .sort((a, b) => a.day.localeCompare(b.day) || a.id.localeCompare(b.id))
      const kidNames = new Map(
        server.children
          .filter((c) => events.some((e) => e.kidId === c.kidId))
          .map((c) => [c.kidId, c.kidName]),
      )
      const staffNames = new Map(
        [...new Set(events.map((e) => e.recordedBy))].flatMap((uid) => {
          const name = server.userName(uid)
          return name === undefined ? [] : [[uid, name] as const]
        }),
      )
      return { events, kidNames, staffNames }
    },
    watchDaySettings: (listener, onError) =>
      staffOnly(onError, () => listener(server.daySettings ?? DEFAULT_DAY_SETTINGS)),
    saveDaySettings: async (settings) => ({ sent: server.saveDaySettings(settings) }),
  }
}

/** The parent's side (ChildDayPort): their own children's events of a day, as the rules let them read. */
export function createFakeChildDay(server: FakeAttendanceServer): ChildDayPort {
  return {
    watchChildDay: (uid, day, listener, onError) => {
      // The rules answer a query for another family's events (or signed out) with a refusal.
      if (server.signedIn !== uid) {
        queueMicrotask(() => onError(new Error('Missing or insufficient permissions.')))
        return () => {}
      }
      const send = () =>
        listener([...server.events.values()].filter((e) => e.userRef === uid && e.day === day))
      queueMicrotask(send)
      return server.subscribe(send)
    },
    tell: (id, message, { asUser }) => server.tell(id, message, asUser),
    readMessageFromServer: async (id) => {
      if (server.offline) throw new BackendError('Offline', { permanent: false, code: 'unavailable' })
      const found = server.messages.find((m) => m.id === id)
      return found && found.userRef === server.signedIn ? found : null
    },
    watchCollectionCodes: (kidId, userId, listener, onError) => {
      const child = server.children.find((c) => c.kidId === kidId)
      const stored = () => server.codes.get(kidId)
      // The rules: the child's family only (another's child, or signed out, is refused).
      if ((stored()?.userRef ?? child?.userRef) !== server.signedIn) {
        queueMicrotask(() => onError(new Error('Missing or insufficient permissions.')))
        return () => {}
      }
      // Asked by the family's uid: codes another family stored read as none.
      const send = () => listener(stored()?.userRef === userId ? (stored()?.codes ?? null) : null)
      queueMicrotask(send)
      return server.subscribe(send)
    },
    readCollectionCodes: async (kidId) => {
      const stored = server.codes.get(kidId)
      if (!stored || stored.userRef !== server.signedIn) return null
      return { codes: stored.codes, verifiers: server.codeChecks.get(kidId) ?? [] }
    },
    saveCollectionCodes: (kidId, codes, verifiers, { asUser }) =>
      server.saveCodes(kidId, codes, verifiers, asUser),
  }
}
