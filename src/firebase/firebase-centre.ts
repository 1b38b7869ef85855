// CentrePort on Firebase, for the staff screens at /centre. Loaded on demand (Backend.loadCentre), so the
// parent area never downloads it. Staff read every child, decision and inquiry (firestore.rules'
// isStaff(): the custom claim staff == true, granted by `npm run staff`); lists come from Firestore's
// persistent cache first, so what was last seen shows offline, and writes are queued there. Every list
// is read a page at a time and counted by the server (docs/decisions/0026).
import type { User } from 'firebase/auth'
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  type Firestore,
  getCountFromServer,
  getDoc,
  getDocFromCache,
  limit,
  onSnapshot,
  orderBy,
  type Query,
  type QueryDocumentSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  waitForPendingWrites,
  where,
} from 'firebase/firestore'
import type { CentrePort, ChildrenFilter, StaffAccess } from '#shared/backend/centre-ports'
import { readRememberedStaff } from '#shared/device/remembered-account'
import { centreMailFields, parseCentreMailChoices } from '#shared/records/centre-settings'
import { parseEnrolment } from '#shared/records/enrolment-record'
import { parseInquiryQuota } from '#shared/records/inquiry-quota'
import { parseStoredInquiry } from '#shared/records/inquiry-record'
import { parseStoredKid } from '#shared/records/kid-record'
import { parseReply, type Reply } from '#shared/records/reply-record'
import { parseRetentionDays, retentionFields } from '#shared/records/retention-settings'
import type { FirebaseServices } from './firebase-app'
import { toKidsBackendError } from './firebase-kids'
import { queuedWrite } from './firebase-local-commit'
import { watchPaged } from './firebase-paged-query'
import { millisOf, registrationOf, replyQuery } from './firebase-registrations'
import { claimsOfHeldToken, staffClaims, watchCentreDocument } from './firebase-staff-document'
import { rememberStaff } from './remembered-parent'

/** The children, newest save first; one plan as a query (index: plan, timestamp desc). */
export function childrenQuery(db: Firestore, filter: ChildrenFilter): Query {
  const kids = collection(db, 'kids')
  return filter.plan === 'all'
    ? query(kids, orderBy('timestamp', 'desc'))
    : query(kids, where('plan', '==', filter.plan), orderBy('timestamp', 'desc'))
}

export function inquiriesQuery(db: Firestore): Query {
  return query(collection(db, 'inquiries'), orderBy('timestamp', 'desc'))
}

/** Firestore's 'in' takes at most 30 values: the decisions of a page of children in batches of 30. */
export const DECISION_BATCH = 30

export function byIdsQuery(db: Firestore, collectionPath: string, ids: readonly string[]): Query {
  return query(
    collection(db, collectionPath),
    where(documentId(), 'in', ids.slice(0, DECISION_BATCH)),
    limit(DECISION_BATCH),
  )
}

async function staffAccessOf(user: User): Promise<StaffAccess> {
  try {
    const held = await user.getIdTokenResult()
    if (staffClaims(held.claims)) return 'staff'
    // Granted (or verified) since this token was issued: only a fresh token says so. Firestore's
    // listeners pick the fresh token up by themselves.
    const fresh = await user.getIdTokenResult(true)
    return staffClaims(fresh.claims) ? 'staff' : 'not-staff'
  } catch {
    return staffClaims(claimsOfHeldToken(user)) ? 'staff' : 'not-staff'
  }
}

/**
 * The documents of a collection with these ids, live, parsed, by id: DECISION_BATCH ids a query, so a
 * page of 50 children is two queries of at most 30 documents each.
 */
function watchByIds<T>(
  services: FirebaseServices,
  collectionPath: 'registrations' | 'enrolments' | 'users',
  ids: readonly string[],
  listener: (found: ReadonlyMap<string, T>) => void,
  onError: (error: unknown) => void,
  parse: (snapshot: QueryDocumentSnapshot) => T | null,
): () => void {
  const batches: string[][] = []
  for (let at = 0; at < ids.length; at += DECISION_BATCH) batches.push(ids.slice(at, at + DECISION_BATCH))
  const found = batches.map(() => new Map<string, T>())
  const emit = () => listener(new Map(found.flatMap((batch) => [...batch])))
  if (batches.length === 0) queueMicrotask(emit)
  const stops = batches.map((batch, index) =>
    services.listen((db) =>
      onSnapshot(
        byIdsQuery(db, collectionPath, batch),
        (snapshot) => {
          const batchFound = new Map<string, T>()
          for (const document of snapshot.docs) {
            const parsed = parse(document)
            if (parsed !== null) batchFound.set(document.id, parsed)
          }
          found[index] = batchFound
          emit()
        },
        onError,
      ),
    ),
  )
  return () => {
    for (const stop of stops) stop()
  }
}

/**
 * Firestore for a count asked of the server. A count is asked when a list changes, and may wait for
 * Firestore while staff sign out: sent after that, with no account, the server refuses it (403).
 */
async function signedInDb(services: FirebaseServices): Promise<Firestore> {
  const db = await services.db()
  if (!services.auth.currentUser) throw new Error('Signed out: nothing is counted')
  return db
}

/**
 * Firestore started now, with its cache opened: made on the sign-in form /centre sends staff to, the
 * port loads while they type, and Firestore's start on the device (its IndexedDB made, the tabs' lease
 * taken: a second of small tasks at 4x CPU) is over before they submit, not between the sign-in and
 * the lists' first query. Any call that needs Firestore's client starts it; this one reads and sends
 * nothing (no write is pending on a device whose last account signed out).
 */
function startFirestore(services: FirebaseServices): void {
  services
    .db()
    .then((db) => waitForPendingWrites(db))
    .catch(() => undefined)
}

export function createFirebaseCentre(services: FirebaseServices): CentrePort {
  const fail = (onError: (error: Error) => void) => (error: unknown) => onError(toKidsBackendError(error))
  startFirestore(services)
  return {
    async staffAccess() {
      // A member of staff this device knows (their token said staff when Auth last confirmed them) is
      // let in at once, from the device's cache; Auth's check with the server (30 s on a connection that
      // answers nothing) follows, and the guard asks again once it has answered (docs/decisions/0083).
      const remembered = services.remembered
      if (!services.authSettled() && remembered && readRememberedStaff(remembered.uid)) return 'staff'
      await services.auth.authStateReady()
      const user = services.auth.currentUser
      if (!user) return 'signed-out'
      const access = await staffAccessOf(user)
      rememberStaff(user.uid, access === 'staff')
      return access
    },

    watchChildren(filter, listener, onError) {
      return watchPaged(
        services,
        (db) => childrenQuery(db, filter),
        (child) => {
          const data = child.data({ serverTimestamps: 'estimate' })
          return parseStoredKid(child.id, data, millisOf(data.timestamp))
        },
        listener,
        fail(onError),
      )
    },

    async countChildren(filter) {
      const counted = await getCountFromServer(childrenQuery(await signedInDb(services), filter))
      return counted.data().count
    },

    watchRegistrations(kidIds, listener, onError) {
      return watchByIds(services, 'registrations', kidIds, listener, fail(onError), (snapshot) => {
        const data = snapshot.data({ serverTimestamps: 'estimate' })
        return registrationOf(data)
      })
    },

    watchEnrolments(kidIds, listener, onError) {
      return watchByIds(services, 'enrolments', kidIds, listener, fail(onError), (snapshot) => {
        const data = snapshot.data({ serverTimestamps: 'estimate' })
        return parseEnrolment(snapshot.id, data, millisOf(data.savedAt))
      })
    },

    watchReplies(questions, listener, onError) {
      // One listener per open question (the offers and questions on the pages loaded: few at a time).
      const replies = new Map<string, Reply>()
      const stops = questions.map(({ kidId, questionId }) =>
        services.listen((db) =>
          // A query, not a document listener: see replyQuery.
          onSnapshot(
            replyQuery(db, kidId, questionId),
            (snapshot) => {
              const found = snapshot.docs[0]
              const reply = found ? parseReply(questionId, found.data(), null) : null
              if (reply) replies.set(kidId, reply.reply)
              else replies.delete(kidId)
              listener(new Map(replies))
            },
            fail(onError),
          ),
        ),
      )
      if (questions.length === 0) queueMicrotask(() => listener(new Map()))
      return () => {
        for (const stop of stops) stop()
      }
    },

    watchParentEmails(uids, listener, onError) {
      return watchByIds(services, 'users', [...new Set(uids)], listener, fail(onError), (snapshot) => {
        const email: unknown = snapshot.get('email')
        return typeof email === 'string' ? email : null
      })
    },

    watchInquiries(listener, onError) {
      return watchPaged(
        services,
        inquiriesQuery,
        (inquiry) => {
          const data = inquiry.data({ serverTimestamps: 'estimate' })
          return parseStoredInquiry(inquiry.id, data, millisOf(data.timestamp))
        },
        listener,
        fail(onError),
      )
    },

    async countInquiries() {
      // Two counts, not a read of every inquiry: inquiries carry `handled` only once marked, so the
      // unhandled are all of them less those marked handled.
      const db = await signedInDb(services)
      const [all, handled] = await Promise.all([
        getCountFromServer(inquiriesQuery(db)),
        getCountFromServer(query(collection(db, 'inquiries'), where('handled', '==', true))),
      ])
      return { total: all.data().count, unhandled: all.data().count - handled.data().count }
    },

    async decide(kidId, decision) {
      const db = await services.db()
      const uid = services.auth.currentUser?.uid
      if (!uid) throw new Error('Not signed in')
      // The record as staff see it (the list holds it in the cache): the decision names it, so a later
      // change by the parent shows. The rules refuse the decision if the record changed meanwhile.
      const kidRef = doc(db, 'kids', kidId)
      const kid = await getDocFromCache(kidRef).catch(() => getDoc(kidRef))
      const { timestamp, userRef, ...decidedRecord } = kid.data() ?? {}
      const ref = doc(db, 'registrations', kidId)
      const write = setDoc(ref, {
        ...decision,
        // The family it is made for (decision 0035): the rules give it to them only.
        userRef: userRef ?? null,
        decidedBy: uid,
        decidedAt: serverTimestamp(),
        decidedOn: timestamp ?? null,
        decidedRecord,
      })
      return queuedWrite(ref, write, 'The decision')
    },

    async markInquiry(inquiryId, handled) {
      const db = await services.db()
      const uid = services.auth.currentUser?.uid
      if (!uid) throw new Error('Not signed in')
      const ref = doc(db, 'inquiries', inquiryId)
      // Exactly the three fields the rules let staff change.
      const write = updateDoc(ref, { handled, handledAt: serverTimestamp(), handledBy: uid })
      return queuedWrite(ref, write, 'The inquiry mark')
    },

    watchMailChoices(listener, onError) {
      return watchCentreDocument(services, ['centre', 'settings'], parseCentreMailChoices, listener, onError)
    },

    async setMailChoices(choices) {
      const ref = doc(await services.db(), 'centre', 'settings')
      return queuedWrite(ref, setDoc(ref, centreMailFields(choices)), "The centre's e-mail choices")
    },

    watchRetentionDays(listener, onError) {
      return watchCentreDocument(services, ['centre', 'retention'], parseRetentionDays, listener, onError)
    },

    async setRetentionDays(days) {
      const ref = doc(await services.db(), 'centre', 'retention')
      return queuedWrite(ref, setDoc(ref, retentionFields(days)), 'The retention period')
    },

    watchInquiryQuota(listener, onError) {
      return watchCentreDocument(services, ['inquiryQuota', 'all'], parseInquiryQuota, listener, onError)
    },

    async deleteInquiry(inquiryId) {
      const db = await services.db()
      const ref = doc(db, 'inquiries', inquiryId)
      return queuedWrite(ref, deleteDoc(ref), 'The deletion of the inquiry')
    },
  }
}
