// The one query of a parent's children, shared by the kids port and the start-up that reads it before
// Firebase Auth exists (firebase-app.ts).
import { collection, type Firestore, orderBy, type Query, query, where } from 'firebase/firestore'

export function kidsOfQuery(db: Firestore, userId: string): Query {
  return query(collection(db, 'kids'), where('userRef', '==', userId), orderBy('timestamp', 'desc'))
}
