// firestore.rules for inquiries: written only by the callable function submitInquiry (Admin SDK, past the
// rules; decision 0024), so no client creates one, however valid, and nobody but staff reads one. The
// fields' checks moved with the writes: functions/src/inquiry.test.ts (the form's own schema, the hourly
// bound). Against the Firestore emulator (npm run test:emulators; needs Java 21).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore'
import { describe, it } from 'vitest'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-inquiries', 'firestore')

const db = firestoreOf
const visitor = () => db(rules.env.unauthenticatedContext())
const parent = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const staff = () => db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', staff: true }))

const inquiry = () => ({
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit on Monday morning?',
  timestamp: serverTimestamp(),
})

describe('inquiries: through the function only', () => {
  it('nobody creates one directly: not a visitor, a parent or staff, however valid', async () => {
    for (const store of [visitor(), parent(), staff()]) {
      await assertFails(setDoc(doc(collection(store, 'inquiries')), inquiry()))
      await assertFails(setDoc(doc(store, 'inquiries/chosenId0123456789ab'), inquiry()))
    }
    await assertFails(
      setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), lastName: '', subject: '' }),
    )
  })

  it("nobody reads, lists, changes or deletes inquiries but staff's reads and marks", async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'inquiries/one'), { ...inquiry(), timestamp: Timestamp.now() })
    })
    for (const store of [visitor(), parent()]) {
      await assertFails(getDoc(doc(store, 'inquiries/one')))
      await assertFails(getDocs(collection(store, 'inquiries')))
      await assertFails(updateDoc(doc(store, 'inquiries/one'), { message: 'changed' }))
      await assertFails(deleteDoc(doc(store, 'inquiries/one')))
    }
    // Control: staff (a verified account with the claim) read it.
    const verifiedStaff = db(
      rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }),
    )
    await assertSucceeds(getDoc(doc(verifiedStaff, 'inquiries/one')))
  })

  it("nobody reads or writes the function's hourly counts", async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'inquiryQuota/client-abc'), { sent: [1] })
    })
    for (const store of [visitor(), parent(), staff()]) {
      await assertFails(getDoc(doc(store, 'inquiryQuota/client-abc')))
      await assertFails(setDoc(doc(store, 'inquiryQuota/client-abc'), { sent: [] }))
      await assertFails(deleteDoc(doc(store, 'inquiryQuota/client-abc')))
    }
  })
})
