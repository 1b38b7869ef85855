// AttendancePort on Firestore (issue 51; decisions 0070, 0075): the door's lists, live and from the
// persistent cache first (a door offline all day still opens with what it last saw), and one attempt to
// record an arrival or a collection. Loaded with the staff screens only (Backend.loadAttendance).
import {
  collection,
  doc,
  documentId,
  type Firestore,
  getDocFromServer,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  type Query,
  type QueryDocumentSnapshot,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  where,
} from 'firebase/firestore'
import {
  type AttendancePort,
  type DoorChild,
  type DoorSeen,
  REGISTER_EVENTS_MAX,
} from '#shared/backend/attendance-ports'
import { BackendError } from '#shared/backend/kids-ports'
import {
  type AttendanceEvent,
  attendanceEventId,
  centreDay,
  doorRosterThrough,
  type StoredAttendanceEvent,
} from '#shared/records/attendance-record'
import { type CodeVerifier, parseCodeVerifiers } from '#shared/records/collection-code'
import { daySettingsFields, parseDaySettings } from '#shared/records/day-settings'
import { parseEnrolment } from '#shared/records/enrolment-record'
import { parseStoredKid, type StoredKid } from '#shared/records/kid-record'
import { parseTellMessage, type StoredTellMessage } from '#shared/records/tell-the-centre-record'
import type { FirebaseServices } from './firebase-app'
import { eventOf } from './firebase-child-day'
import { firebaseErrorCode } from './firebase-errors'
import { toKidsBackendError } from './firebase-kids'
import { queuedWrite } from './firebase-local-commit'
import { watchCentreDocument } from './firebase-staff-document'

/** A register's page of events (REGISTER_EVENTS_MAX in all). */
const REGISTER_PAGE = 1_000

/** One field of the documents with these ids, read once, by id, in batches of 30. */
async function namesByIds(db: Firestore, path: string, ids: readonly string[], key: string) {
  const names = new Map<string, string>()
  for (let at = 0; at < ids.length; at += BATCH) {
    const snapshot = await getDocs(byIds(db, path, ids.slice(at, at + BATCH)))
    for (const document of snapshot.docs) {
      const name = document.get(key)
      if (typeof name === 'string') names.set(document.id, name)
    }
  }
  return names
}

/** Firestore's 'in' takes at most 30 values. */
const BATCH = 30
/**
 * The most confirmed places one door lists: a centre of 120 children and room to grow. A query is
 * never read whole (decision 0026); a centre past it would need pages here.
 */
export const DOOR_PLACES_MAX = 300

const millis = (value: unknown): number | null => (value instanceof Timestamp ? value.toMillis() : null)

function byIds(db: Firestore, path: string, ids: readonly string[]): Query {
  return query(collection(db, path), where(documentId(), 'in', ids), limit(BATCH))
}

/** What the door's lists need of Firebase's services: Firestore, to listen with. */
type Listening = Pick<FirebaseServices, 'listen'>

/** Documents of a collection with these ids, live, parsed, by id, in batches of 30. */
function watchByIds<T>(
  services: Listening,
  path: string,
  ids: readonly string[],
  listener: (found: ReadonlyMap<string, T>, fromCache: boolean, lacking: boolean) => void,
  onError: (error: unknown) => void,
  parse: (snapshot: QueryDocumentSnapshot) => T | null,
): () => void {
  const batches: string[][] = []
  for (let at = 0; at < ids.length; at += BATCH) batches.push(ids.slice(at, at + BATCH))
  const found = batches.map(() => new Map<string, T>())
  const cached = batches.map(() => true)
  // A batch answered from the cache without some of its ids: the cache may simply not hold them yet
  // (documents the device never read), which only the server's answer settles.
  const lacking = batches.map(() => false)
  let stopped = false
  // Told once every batch has answered, then at every change: a list drawn batch by batch was drawn
  // four times over before it was whole (120 children at 4x CPU: a render of the whole list each time).
  const answered = batches.map(() => false)
  const emit = () => {
    if (answered.includes(false)) return
    listener(
      new Map(found.flatMap((batch) => [...batch])),
      cached.some((c) => c),
      lacking.some((l) => l),
    )
  }
  if (batches.length === 0) queueMicrotask(() => stopped || listener(new Map(), false, false))
  const stops = batches.map((batch, index) =>
    services.listen((db) =>
      onSnapshot(
        byIds(db, path, batch),
        { includeMetadataChanges: true },
        (snapshot) => {
          const batchFound = new Map<string, T>()
          for (const document of snapshot.docs) {
            const parsed = parse(document)
            if (parsed !== null) batchFound.set(document.id, parsed)
          }
          found[index] = batchFound
          cached[index] = snapshot.metadata.fromCache
          lacking[index] = snapshot.metadata.fromCache && batchFound.size < batch.length
          answered[index] = true
          emit()
        },
        onError,
      ),
    ),
  )
  return () => {
    stopped = true
    for (const stop of stops) stop()
  }
}

function messageOf(snapshot: QueryDocumentSnapshot): StoredTellMessage | null {
  const data = snapshot.data({ serverTimestamps: 'estimate' })
  return parseTellMessage(snapshot.id, data, {
    deviceAt: millis(data.deviceAt),
    createdAt: millis(data.createdAt),
    withdrawnAt: millis(data.withdrawnAt),
  })
}

/** What the door reads of an enrolment file. */
interface FileParts {
  readonly collectors: DoorChild['collectors']
  readonly mustNotCollect: string
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const fail = (onError: (error: Error) => void) => (error: unknown) => onError(toKidsBackendError(error))

/** The records and files of some places' children, live: what the door's list is made of. */
interface Records {
  kids: ReadonlyMap<string, StoredKid>
  files: ReadonlyMap<string, FileParts>
  /** Both have answered (every batch of each). */
  readonly whole: () => boolean
  /** Some part came from the cache only. */
  readonly cached: () => boolean
  /** The cache lacked some of their ids (only the server's answer settles those). */
  readonly lacking: () => boolean
  readonly stop: () => void
}

function watchRecords(
  services: Listening,
  ids: readonly string[],
  changed: () => void,
  onError: (error: Error) => void,
): Records {
  let kidsIn = false
  let filesIn = false
  let kidsCached = true
  let filesCached = true
  let kidsLacking = false
  let filesLacking = false
  const records: Records = {
    kids: new Map(),
    files: new Map(),
    whole: () => kidsIn && filesIn,
    cached: () => kidsCached || filesCached,
    lacking: () => kidsLacking || filesLacking,
    stop: () => {
      stopKids()
      stopFiles()
    },
  }
  const stopKids = watchByIds<StoredKid>(
    services,
    'kids',
    ids,
    (found, fromCache, lacking) => {
      records.kids = new Map(found)
      kidsCached = fromCache
      kidsLacking = lacking
      kidsIn = true
      changed()
    },
    fail(onError),
    (snapshot) => {
      const data = snapshot.data({ serverTimestamps: 'estimate' })
      return parseStoredKid(snapshot.id, data, millis(data.timestamp))
    },
  )
  const stopFiles = watchByIds<FileParts>(
    services,
    'enrolments',
    ids,
    (found, fromCache, lacking) => {
      records.files = new Map(found)
      filesCached = fromCache
      filesLacking = lacking
      filesIn = true
      changed()
    },
    fail(onError),
    (snapshot) => {
      const file = parseEnrolment(snapshot.id, snapshot.data(), null)
      return file
        ? {
            collectors: file.collectors.map(({ name, relation, phone }) => ({ name, relation, phone })),
            mustNotCollect: file.mustNotCollect,
          }
        : null
    },
  )
  return records
}

function watchChildrenOn(
  services: Listening,
  day: string,
  listener: (seen: DoorSeen<DoorChild>) => void,
  onError: (error: Error) => void,
  knownIds: readonly string[] = [],
): () => void {
  // The confirmed places (one query), then their children's records and files by id. The ids the door
  // last listed (its snapshot, decision 0084) are asked for at once, beside the places, not after them
  // (before Auth exists every list must be asked at once); the places' other ids once they answer.
  let places = new Map<string, string>()
  let placesCached = true
  let placesIn = false
  const known = new Set(knownIds)
  const emit = () => {
    // Told once the records and files of the places listed have all answered: staff see the list
    // whole (each child with its file's note), not in parts. Records or files the cache did not hold,
    // for places the server listed, wait for the server's answer (a list from the server without its
    // newest children is not whole; offline or on lie-fi the places come from the cache too, and what
    // the cache holds is the list).
    const parts = [base, rest].filter((part) => part !== null)
    if (!placesIn || !parts.every((part) => part.whole())) return
    if (!placesCached && parts.some((part) => part.lacking())) return
    const items: DoorChild[] = []
    for (const [kidId, startDate] of places) {
      const part = known.has(kidId) ? base : rest
      const kid = part?.kids.get(kidId)
      if (!kid || startDate > day) continue
      const file = part?.files.get(kidId)
      items.push({
        kidId,
        userRef: kid.userRef,
        kidName: kid.kidName,
        parentName: kid.parentName,
        parentPhone: kid.parentPhone,
        startDate,
        collectors: file?.collectors ?? null,
        mustNotCollect: file?.mustNotCollect ?? '',
      })
    }
    items.sort((a, b) => a.kidName.localeCompare(b.kidName))
    listener({ items, fromCache: placesCached || parts.some((part) => part.cached()) })
  }
  const base = known.size > 0 ? watchRecords(services, [...known].sort(), emit, onError) : null
  let rest: Records | null = null
  let restIds = ''
  const stopPlaces = services.listen((db) =>
    onSnapshot(
      query(collection(db, 'registrations'), where('state', '==', 'confirmed'), limit(DOOR_PLACES_MAX)),
      { includeMetadataChanges: true },
      (snapshot) => {
        places = new Map()
        for (const document of snapshot.docs) {
          const startDate = document.get('startDate')
          if (typeof startDate === 'string') places.set(document.id, startDate)
        }
        placesCached = snapshot.metadata.fromCache
        placesIn = true
        const others = [...places.keys()].filter((id) => !known.has(id)).sort()
        const key = others.join(',')
        if (key === restIds && (rest !== null || others.length === 0)) return emit()
        restIds = key
        rest?.stop()
        rest = others.length > 0 ? watchRecords(services, others, emit, onError) : null
        emit()
      },
      fail(onError),
    ),
  )
  return () => {
    stopPlaces()
    base?.stop()
    rest?.stop()
  }
}

function watchDayOn(
  services: Listening,
  day: string,
  listener: (seen: DoorSeen<StoredAttendanceEvent>) => void,
  onError: (error: Error) => void,
): () => void {
  return services.listen((db) =>
    onSnapshot(
      query(collection(db, 'attendance'), where('day', '==', day), limit(DOOR_PLACES_MAX * 2)),
      { includeMetadataChanges: true },
      (snapshot) => {
        const items = snapshot.docs.flatMap((document) => eventOf(document) ?? [])
        listener({ items, fromCache: snapshot.metadata.fromCache })
      },
      fail(onError),
    ),
  )
}

function watchMessagesOn(
  services: Listening,
  day: string,
  listener: (seen: DoorSeen<StoredTellMessage>) => void,
  onError: (error: Error) => void,
): () => void {
  return services.listen((db) =>
    onSnapshot(
      query(collection(db, 'tellTheCentre'), where('day', '==', day), limit(DOOR_PLACES_MAX * 4)),
      { includeMetadataChanges: true },
      (snapshot) => {
        const items = snapshot.docs.flatMap((document) => messageOf(document) ?? [])
        listener({ items, fromCache: snapshot.metadata.fromCache })
      },
      fail(onError),
    ),
  )
}

/**
 * A listener started before Auth existed, that one screen then follows: once Auth is created, Firestore
 * holds every new operation until Auth's first answer (its credentials provider waits for Auth's first
 * token on its queue), and on a connection that answers nothing that is Auth's 30 s check with the server.
 * Owned by whoever started it (the backend's PrimedDoor, which Firebase's services stop at sign-out and
 * at a refused session), followed at most once, and stopped when that follow stops: nothing of it
 * outlives its follower or tells anyone after a stop (docs/decisions/0083).
 */
export interface EarlyWatch<T> {
  /**
   * Hands the listener to the screen: the answer it heard before the screen came first (unless a newer
   * one reaches the screen before it), then every later one; stopping the follow stops the listener.
   * Null when it has stopped, failed or is followed already: the caller starts its own.
   */
  adopt(listener: (value: T) => void, onError: (error: Error) => void): (() => void) | null
  /** Resolves at its first answer, error or stop. */
  readonly first: Promise<void>
  /** Whether a screen follows it now. */
  followed(): boolean
  /** Stops it (followed or not); its follower, if any, hears nothing more. */
  stop(): void
}

export function earlyWatch<T>(
  start: (listener: (value: T) => void, onError: (error: Error) => void) => () => void,
): EarlyWatch<T> {
  let state: 'waiting' | 'followed' | 'stopped' = 'waiting'
  let latest: { readonly value: T } | null = null
  let failed = false
  let follower: { listener: (value: T) => void; onError: (error: Error) => void; told: number } | null = null
  let answered = () => {}
  const first = new Promise<void>((resolve) => {
    answered = resolve
  })
  let stopListener: (() => void) | null = null
  const stoppedOrFailed = () => state === 'stopped' || failed
  const stop = () => {
    if (state === 'stopped') return
    state = 'stopped'
    follower = null
    latest = null
    answered()
    stopListener?.()
    stopListener = null
  }
  const started = start(
    (value) => {
      if (state === 'stopped') return
      latest = { value }
      answered()
      if (follower) {
        follower.told += 1
        follower.listener(value)
      }
    },
    (error) => {
      if (state === 'stopped') return
      answered()
      if (follower) return follower.onError(error)
      // Before any screen followed (a refusal from the cache, or a query it cannot run): the screen's
      // own listener asks again once it comes.
      failed = true
      stopListener?.()
      stopListener = null
    },
  )
  // Stopped or failed while it started (a listener can answer synchronously).
  if (stoppedOrFailed()) started()
  else stopListener = started
  return {
    first,
    followed: () => state === 'followed',
    stop,
    adopt(listener, onError) {
      if (state !== 'waiting' || failed || stopListener === null) return null
      state = 'followed'
      const mine = { listener, onError, told: 0 }
      follower = mine
      const held = latest
      // Told after the caller has its stop function, as a listener's first answer is; never once a
      // newer answer has reached this follower, nor after it stopped.
      if (held)
        queueMicrotask(() => {
          if (follower === mine && mine.told === 0) listener(held.value)
        })
      return () => {
        if (follower === mine) stop()
      }
    },
  }
}

/** The door's lists of the day, listened to before Auth exists (docs/decisions/0083). */
export interface PrimedDoor {
  readonly day: string
  /** The day its children are listed through (doorRosterThrough(day), as Today asks, decision 0093). */
  readonly rosterDay: string
  readonly children: EarlyWatch<DoorSeen<DoorChild>>
  readonly events: EarlyWatch<DoorSeen<StoredAttendanceEvent>>
  readonly messages: EarlyWatch<DoorSeen<StoredTellMessage>>
  /** Resolves once each has answered (from the device's cache), failed or stopped. */
  readonly whole: Promise<void>
  /** Stops every one of them, followed or not (sign-out, a refused session). */
  stop(): void
}

/**
 * How long primed lists wait for the door's screen to follow them: the guard said 'not staff' after
 * all, or staff went elsewhere first. They stop then; the screen opened later starts its own.
 */
const PRIMED_KEEP_MS = 20_000

/**
 * Listens to the door's lists of the day, for a member of staff this device knows, with Firestore
 * started before Auth: it answers from its cache without waiting for Auth's check with the server.
 */
export function primeDoor(
  services: Listening,
  day: string = centreDay(Date.now()),
  knownIds?: readonly string[],
): PrimedDoor {
  const rosterDay = doorRosterThrough(day)
  const children = earlyWatch<DoorSeen<DoorChild>>((next, onError) =>
    watchChildrenOn(services, rosterDay, next, onError, knownIds),
  )
  const events = earlyWatch<DoorSeen<StoredAttendanceEvent>>((next, onError) =>
    watchDayOn(services, day, next, onError),
  )
  const messages = earlyWatch<DoorSeen<StoredTellMessage>>((next, onError) =>
    watchMessagesOn(services, day, next, onError),
  )
  const all = [children, events, messages]
  const unfollowed = setTimeout(() => {
    for (const watch of all) if (!watch.followed()) watch.stop()
  }, PRIMED_KEEP_MS)
  return {
    day,
    rosterDay,
    children,
    events,
    messages,
    whole: Promise.all(all.map((watch) => watch.first)).then(() => undefined),
    stop() {
      clearTimeout(unfollowed)
      for (const watch of all) watch.stop()
    },
  }
}

export function createFirebaseAttendance(
  services: FirebaseServices,
  primed: PrimedDoor | null = null,
): AttendancePort {
  return {
    watchChildren(day, listener, onError) {
      return primed?.rosterDay === day
        ? (primed.children.adopt(listener, onError) ?? watchChildrenOn(services, day, listener, onError))
        : watchChildrenOn(services, day, listener, onError)
    },

    watchDay(day, listener, onError) {
      return primed?.day === day
        ? (primed.events.adopt(listener, onError) ?? watchDayOn(services, day, listener, onError))
        : watchDayOn(services, day, listener, onError)
    },

    watchCodeChecks(kidIds, listener, onError) {
      return watchByIds<readonly CodeVerifier[]>(
        services,
        'codeChecks',
        kidIds,
        (found) => listener(found),
        fail(onError),
        (snapshot): readonly CodeVerifier[] => parseCodeVerifiers(snapshot.data()),
      )
    },

    watchMessages(day, listener, onError) {
      return primed?.day === day
        ? (primed.messages.adopt(listener, onError) ?? watchMessagesOn(services, day, listener, onError))
        : watchMessagesOn(services, day, listener, onError)
    },

    async readRegister(month) {
      const db = await services.db()
      try {
        // The month's days in order, a page at a time (the single-field index on day serves it).
        const events: StoredAttendanceEvent[] = []
        let after: QueryDocumentSnapshot | null = null
        while (events.length < REGISTER_EVENTS_MAX) {
          const page: Query = query(
            collection(db, 'attendance'),
            where('day', '>=', `${month}-01`),
            where('day', '<=', `${month}-31`),
            orderBy('day'),
            orderBy(documentId()),
            ...(after ? [startAfter(after)] : []),
            limit(REGISTER_PAGE),
          )
          const snapshot = await getDocs(page)
          events.push(...snapshot.docs.flatMap((document) => eventOf(document) ?? []))
          if (snapshot.docs.length < REGISTER_PAGE) break
          after = snapshot.docs.at(-1) ?? null
        }
        const kidIds = [...new Set(events.map((e) => e.kidId))].sort()
        const staffIds = [...new Set(events.map((e) => e.recordedBy))].sort()
        const [kidNames, staffNames] = await Promise.all([
          namesByIds(db, 'kids', kidIds, 'kidName'),
          namesByIds(db, 'users', staffIds, 'name'),
        ])
        return { events, kidNames, staffNames }
      } catch (error) {
        throw toKidsBackendError(error)
      }
    },

    watchDaySettings(listener, onError) {
      // Staff's own document: refused while a fresh claim is not yet taken up, so opened again then.
      return watchCentreDocument(services, ['centre', 'today'], parseDaySettings, listener, fail(onError))
    },

    async saveDaySettings(settings) {
      const ref = doc(await services.db(), 'centre', 'today')
      return queuedWrite(ref, setDoc(ref, daySettingsFields(settings)), 'The centre’s day settings')
    },

    async record(event: AttendanceEvent, { asUser }) {
      // Offline, the write is not left in Firestore's queue: its sentAt would be now, not when it goes,
      // and the hours it waited would read as a wrong clock. The outbox keeps it and tries again.
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        return { kind: 'no answer', error: 'Offline' }
      const db = await services.db()
      if (services.auth.currentUser?.uid !== asUser)
        return { kind: 'no answer', error: 'Another account is signed in on this device' }
      const id = attendanceEventId(event.kidId, event.day, event.kind)
      const ref = doc(db, 'attendance', id)
      try {
        await setDoc(ref, {
          kidId: event.kidId,
          userRef: event.userRef,
          day: event.day,
          kind: event.kind,
          deviceAt: Timestamp.fromMillis(event.deviceAt),
          sentAt: Timestamp.fromMillis(Date.now()),
          serverAt: serverTimestamp(),
          recordedBy: event.recordedBy,
          collector: event.collector,
        })
        return { kind: 'stored' }
      } catch (error) {
        if (firebaseErrorCode(error) !== 'permission-denied')
          return { kind: 'no answer', error: describe(error) }
      }
      // Refused: the same id taken by another device (or this one before a reload), or not allowed.
      try {
        const stored = await getDocFromServer(ref)
        return { kind: 'refused', stored: stored.exists() ? eventOf(stored) : null }
      } catch (error) {
        // A staff member may read any event: a refusal here is no answer yet.
        return {
          kind: 'no answer',
          error: error instanceof BackendError ? error.message : describe(error),
        }
      }
    },
  }
}
