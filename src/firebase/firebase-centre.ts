// CentrePort on Firebase, for the staff screens at /centre. Loaded on demand (Backend.loadCentre), so the
// parent area never downloads it. Staff read every child, decision and inquiry (firestore.rules'
// isStaff(): the custom claim staff == true, granted by `npm run staff`); lists come from Firestore's
// persistent cache first, so what was last seen shows offline, and writes are queued there.
import type { User } from 'firebase/auth'
import {
  collection,
  doc,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore'
import type { CentrePort, StaffAccess } from '#shared/backend/centre-ports'
import { parseStoredInquiry, type StoredInquiry } from '#shared/records/inquiry-record'
import { parseStoredKid, type StoredKid } from '#shared/records/kid-record'
import { parseRegistration, type Registration } from '#shared/records/registration-record'
import type { FirebaseServices } from './firebase-app'
import { toKidsBackendError } from './firebase-kids'
import { queuedWrite } from './firebase-local-commit'
import { millisOf } from './firebase-registrations'

/**
 * The claims of the last ID token this device holds, read without the network: offline with an expired
 * token, getIdTokenResult() would try to refresh it and fail. Only for what the screen shows; the
 * server's rules check a valid token on every read.
 */
function claimsOfHeldToken(user: User): Record<string, unknown> {
  const held = (user.toJSON() as { stsTokenManager?: { accessToken?: unknown } }).stsTokenManager?.accessToken
  const payload = typeof held === 'string' ? held.split('.')[1] : undefined
  if (!payload) return {}
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const claims: unknown = JSON.parse(json)
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** As firestore.rules' isStaff(): the claim, on a verified e-mail. */
const staffClaims = (claims: Record<string, unknown>) =>
  claims.staff === true && claims.email_verified === true

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

export function createFirebaseCentre(services: FirebaseServices): CentrePort {
  const fail = (onError: (error: Error) => void) => (error: unknown) => onError(toKidsBackendError(error))
  return {
    async staffAccess() {
      await services.auth.authStateReady()
      const user = services.auth.currentUser
      return user ? staffAccessOf(user) : 'signed-out'
    },

    watchChildren(listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          query(collection(db, 'kids'), orderBy('timestamp', 'desc')),
          { includeMetadataChanges: true },
          (snapshot) => {
            const items = snapshot.docs
              .map((child) => {
                const data = child.data({ serverTimestamps: 'estimate' })
                return parseStoredKid(child.id, data, millisOf(data.timestamp))
              })
              .filter((kid): kid is StoredKid => kid !== null)
            listener({ items, fromCache: snapshot.metadata.fromCache })
          },
          fail(onError),
        ),
      )
    },

    watchRegistrations(listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          collection(db, 'registrations'),
          (snapshot) => {
            const decisions = new Map<string, Registration>()
            for (const decision of snapshot.docs) {
              const data = decision.data({ serverTimestamps: 'estimate' })
              const parsed = parseRegistration(data, millisOf(data.decidedAt))
              if (parsed) decisions.set(decision.id, parsed)
            }
            listener(decisions)
          },
          fail(onError),
        ),
      )
    },

    watchInquiries(listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          query(collection(db, 'inquiries'), orderBy('timestamp', 'desc')),
          { includeMetadataChanges: true },
          (snapshot) => {
            const items = snapshot.docs
              .map((inquiry) => {
                const data = inquiry.data({ serverTimestamps: 'estimate' })
                return parseStoredInquiry(inquiry.id, data, millisOf(data.timestamp))
              })
              .filter((inquiry): inquiry is StoredInquiry => inquiry !== null)
            listener({ items, fromCache: snapshot.metadata.fromCache })
          },
          fail(onError),
        ),
      )
    },

    async decide(kidId, decision) {
      const db = await services.db()
      const uid = services.auth.currentUser?.uid
      if (!uid) throw new Error('Not signed in')
      const ref = doc(db, 'registrations', kidId)
      const write = setDoc(ref, { ...decision, decidedBy: uid, decidedAt: serverTimestamp() })
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
  }
}
