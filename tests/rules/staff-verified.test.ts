// firestore.rules: the staff claim opens the centre's records only on an account whose e-mail is
// verified (issue 32: a claim granted to whoever signed up first with the centre's address would read
// every child). The same account, the same claim, verified or not: each refusal beside its control.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { collection, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore'
import { beforeEach, describe, it } from 'vitest'
import { appId, decidedOn, storedKidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-staff-verified', 'firestore')

const db = firestoreOf
const sam = (claims: Record<string, unknown>) =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', ...claims }))
const verified = () => sam({ staff: true, email_verified: true })

const KID = appId('alicekid')
type Store = ReturnType<typeof sam>
const reads: readonly (readonly [string, (store: Store) => Promise<unknown>])[] = [
  ['a child', (store: Store) => getDoc(doc(store, 'kids', KID))],
  ['the children', (store: Store) => getDocs(collection(store, 'kids'))],
  ['a parent', (store: Store) => getDoc(doc(store, 'users/alice'))],
  ['the parents', (store: Store) => getDocs(collection(store, 'users'))],
  ['an inquiry', (store: Store) => getDoc(doc(store, 'inquiries/one'))],
  ['the inquiries', (store: Store) => getDocs(collection(store, 'inquiries'))],
  ['a registration', (store: Store) => getDoc(doc(store, 'registrations', KID))],
  ['the registrations', (store: Store) => getDocs(collection(store, 'registrations'))],
]

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    const admin = db(context)
    await setDoc(doc(admin, 'kids', KID), storedKidRecord('alice'))
    await setDoc(doc(admin, 'users/alice'), {
      name: 'Ngozi Obi',
      email: 'alice@example.com',
      timestamp: Timestamp.now(),
    })
    await setDoc(doc(admin, 'inquiries/one'), {
      name: 'Ada',
      lastName: '',
      email: 'ada@example.com',
      subject: '',
      message: 'A visit?',
      timestamp: Timestamp.now(),
    })
    await setDoc(doc(admin, 'registrations', KID), {
      state: 'waitlisted',
      startDate: null,
      decidedBy: 'sam',
      decidedAt: Timestamp.now(),
    })
  })
})

describe('staff: the claim counts only on a verified e-mail', () => {
  for (const [what, read] of reads)
    it(`staff: true with an unverified e-mail reads not ${what}; verified, it does`, async () => {
      await assertFails(read(sam({ staff: true, email_verified: false })))
      await assertFails(read(sam({ staff: true })))
      await assertSucceeds(read(verified()))
    })

  for (const [what, read] of reads)
    it(`a staff claim that is not exactly true reads not ${what}, verified or not`, async () => {
      for (const claim of ['true', 1, false, null])
        await assertFails(read(sam({ staff: claim, email_verified: true })))
      await assertSucceeds(read(verified()))
    })

  it('an unverified member of staff decides nothing; verified, they do', async () => {
    const decision = { state: 'waitlisted', startDate: null, decidedBy: 'sam', ...decidedOn() }
    await assertFails(
      setDoc(doc(sam({ staff: true, email_verified: false }), 'registrations', KID), {
        ...decision,
        decidedAt: serverTimestamp(),
      }),
    )
    await assertSucceeds(
      setDoc(doc(verified(), 'registrations', KID), { ...decision, decidedAt: serverTimestamp() }),
    )
  })
})
