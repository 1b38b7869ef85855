// The one query of a parent's notices, shared by the notices port and the start-up that reads it before
// Firebase Auth exists (firebase-app.ts), as firebase-kids-query.ts is for the children.
import { collection, type Firestore, limit, orderBy, type Query, query } from 'firebase/firestore'

/** The newest notices a parent's list shows: far more than a family gets in a year. */
const NOTICES_SHOWN = 100

export function noticesOfQuery(db: Firestore, userId: string): Query {
  return query(collection(db, 'users', userId, 'notices'), orderBy('createdAt', 'desc'), limit(NOTICES_SHOWN))
}
