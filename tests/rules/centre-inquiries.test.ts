// firestore.rules for inquiries on the centre's side: staff read every inquiry and mark it handled or not
// (three fields only, stamped by the server and the member of staff); visitors and parents neither read
// nor write them: inquiries arrive through the function submitInquiry. Each refusal sits beside an
// accepted control.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore'
import { beforeEach, describe, it } from 'vitest'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-centre-inquiries', 'firestore')

const db = firestoreOf
const visitor = () => db(rules.env.unauthenticatedContext())
const parent = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))

const handled = (overrides: Record<string, unknown> = {}) => ({
  handled: true,
  handledAt: serverTimestamp(),
  handledBy: 'sam',
  ...overrides,
})

const inquiry = () => ({
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit on Monday morning?',
})

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'inquiries/one'), { ...inquiry(), timestamp: Timestamp.now() })
  })
})

describe('inquiries: staff read and mark them', () => {
  it('staff read one and list all, newest first; a parent and a visitor cannot', async () => {
    await assertSucceeds(getDoc(doc(staff(), 'inquiries/one')))
    await assertSucceeds(getDocs(query(collection(staff(), 'inquiries'), orderBy('timestamp', 'desc'))))
    for (const store of [parent(), visitor()]) {
      await assertFails(getDoc(doc(store, 'inquiries/one')))
      await assertFails(getDocs(collection(store, 'inquiries')))
    }
  })

  it('staff mark handled and unhandled; a parent or a visitor cannot', async () => {
    await assertSucceeds(updateDoc(doc(staff(), 'inquiries/one'), handled()))
    await assertSucceeds(updateDoc(doc(staff(), 'inquiries/one'), handled({ handled: false })))
    await assertFails(updateDoc(doc(parent(), 'inquiries/one'), handled({ handledBy: 'alice' })))
    await assertFails(updateDoc(doc(visitor(), 'inquiries/one'), handled()))
  })

  it("staff change nothing else: not the sender's words, not the stamps", async () => {
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), { ...handled(), message: 'edited' }))
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), { email: 'x@example.com' }))
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), handled({ handled: 'yes' })))
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), handled({ handledBy: 'someone-else' })))
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), handled({ handledAt: Timestamp.now() })))
    await assertFails(updateDoc(doc(staff(), 'inquiries/one'), { ...handled(), note: 'called back' }))
    // Control.
    await assertSucceeds(updateDoc(doc(staff(), 'inquiries/one'), handled()))
  })

  it('staff delete an inquiry; a parent, a visitor and unverified staff cannot', async () => {
    const unverified = db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', staff: true }))
    await assertFails(deleteDoc(doc(parent(), 'inquiries/one')))
    await assertFails(deleteDoc(doc(visitor(), 'inquiries/one')))
    await assertFails(deleteDoc(doc(unverified, 'inquiries/one')))
    // Control: verified staff may, in the same test.
    await assertSucceeds(deleteDoc(doc(staff(), 'inquiries/one')))
  })

  it('a new inquiry cannot be made by staff, handled or not (only the function writes one)', async () => {
    const fresh = { ...inquiry(), timestamp: serverTimestamp() }
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...fresh, ...handled() }))
    await assertFails(setDoc(doc(collection(staff(), 'inquiries')), { ...fresh, handled: true }))
    await assertFails(setDoc(doc(collection(staff(), 'inquiries')), fresh))
  })
})
