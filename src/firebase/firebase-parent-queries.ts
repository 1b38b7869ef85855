// The parent's queries that the start-up reads before Firebase Auth exists (firebase-app.ts: primed, so
// they answer from this device's cache at once), shared with the ports that list the same records.
import { collection, type Firestore, limit, orderBy, type Query, query, where } from 'firebase/firestore'

/** The newest notices a parent's list shows: far more than a family gets in a year. */
const NOTICES_SHOWN = 100

export function kidsOfQuery(db: Firestore, userId: string): Query {
  return query(collection(db, 'kids'), where('userRef', '==', userId), orderBy('timestamp', 'desc'))
}

export function noticesOfQuery(db: Firestore, userId: string): Query {
  return query(collection(db, 'users', userId, 'notices'), orderBy('createdAt', 'desc'), limit(NOTICES_SHOWN))
}
