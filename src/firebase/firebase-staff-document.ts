// The centre's own documents as staff read them (centre/settings, centre/retention, centre/today, the
// inquiry quota), shared by the staff adapters: each followed as a query for its one id (decision 0086),
// and a listener opened right after a claim was granted is opened again while the token held says staff.
import type { User } from 'firebase/auth'
import { collection, documentId, onSnapshot, query, where } from 'firebase/firestore'
import type { FirebaseServices } from './firebase-app'
import { firebaseErrorCode } from './firebase-errors'

/**
 * The claims of the last ID token this device holds, read without the network: offline with an expired
 * token, getIdTokenResult() would try to refresh it and fail. Only for what the screen shows; the
 * server's rules check a valid token on every read.
 */
export function claimsOfHeldToken(user: User): Record<string, unknown> {
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
export const staffClaims = (claims: Record<string, unknown>) =>
  claims.staff === true && claims.email_verified === true

/**
 * How long a refused staff listener waits before each new try (see watchCentreDocument): 15 s in all.
 * One second was enough on a quiet machine, not on a busy one (CI saw a second refusal).
 */
const REFUSED_LISTENER_RETRIES_MS = [1000, 2000, 4000, 8000] as const

/**
 * One of the centre's own documents, live and parsed. Opened right after staffAccessOf had to ask for a
 * fresh token (the claim granted since the last sign-in), a listener may reach the server before
 * Firestore has taken that token up: the server refuses it, for good. While the token held says staff,
 * it is opened again, after waits that grow, with the token Firestore holds then; a refusal after the
 * last wait, or of anyone whose token does not say staff, is the caller's at once.
 */
export function watchCentreDocument<T>(
  services: FirebaseServices,
  path: readonly [string, string],
  parse: (data: unknown) => T,
  listener: (value: T) => void,
  onError: (error: Error) => void,
): () => void {
  let stop = () => {}
  let retry: ReturnType<typeof setTimeout> | undefined
  const open = (tries: number) => {
    stop = services.listen((db) =>
      onSnapshot(
        // A query for the one document, not a document listener: staff save these documents on the
        // device that follows them, and a document listener open while its own client created the
        // document heard it gone again on the emulator (firebase-tools #3867): the day's settings,
        // saved, then shown as the defaults (a CI run of e2e/register.online.spec.ts).
        query(collection(db, path[0]), where(documentId(), '==', path[1])),
        (snapshot) => listener(parse(snapshot.docs[0]?.data())),
        (error) => {
          const wait = REFUSED_LISTENER_RETRIES_MS[tries]
          // Only a token that says staff can be a token Firestore has not taken up yet: anyone else's
          // refusal is final, and said at once.
          const user = services.auth.currentUser
          const heldSaysStaff = user !== null && staffClaims(claimsOfHeldToken(user))
          if (wait === undefined || firebaseErrorCode(error) !== 'permission-denied' || !heldSaysStaff)
            onError(error)
          else retry = setTimeout(() => open(tries + 1), wait)
        },
      ),
    )
  }
  open(0)
  return () => {
    clearTimeout(retry)
    stop()
  }
}
