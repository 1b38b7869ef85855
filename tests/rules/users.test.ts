// firestore.rules for users/{uid}, against the Firestore emulator (npm run test:emulators; needs Java 21).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore'
import { describe, it } from 'vitest'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-users', 'firestore')

const db = firestoreOf

const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const visitor = () => db(rules.env.unauthenticatedContext())

const aliceRecord = () => ({ name: 'Alice', email: 'alice@example.com', timestamp: serverTimestamp() })

async function seedAlice() {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'users/alice'), {
      name: 'Alice',
      email: 'alice@example.com',
      timestamp: Timestamp.now(),
    })
  })
}

describe('users/{uid}: create', () => {
  it('lets a parent create their own record with name, email and the server time', async () => {
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it("refuses someone else's record, and visitors", async () => {
    await assertFails(setDoc(doc(bob(), 'users/alice'), aliceRecord()))
    await assertFails(setDoc(doc(visitor(), 'users/alice'), aliceRecord()))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it('refuses a password or any other extra field', async () => {
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), password: 'secret123' }))
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), admin: true }))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it('refuses missing fields', async () => {
    await assertFails(setDoc(doc(alice(), 'users/alice'), { name: 'Alice', email: 'alice@example.com' }))
    await assertFails(
      setDoc(doc(alice(), 'users/alice'), { email: 'alice@example.com', timestamp: serverTimestamp() }),
    )
    await assertFails(setDoc(doc(alice(), 'users/alice'), { name: 'Alice', timestamp: serverTimestamp() }))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it('refuses an e-mail other than the signed-in one', async () => {
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), email: 'mallory@example.com' }))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it('refuses a client-made timestamp', async () => {
    await assertFails(
      setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), timestamp: Timestamp.fromMillis(0) }),
    )
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), timestamp: Timestamp.now() }))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), aliceRecord()))
  })

  it('refuses an empty, non-text or over-long name (limit 80)', async () => {
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), name: '' }))
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), name: 42 }))
    await assertFails(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), name: 'x'.repeat(81) }))
    await assertSucceeds(setDoc(doc(alice(), 'users/alice'), { ...aliceRecord(), name: 'x'.repeat(80) }))
  })
})

describe('users/{uid}: the e-mail on the sign-in token', () => {
  it('refuses a record when the token carries no e-mail', async () => {
    const noEmail = db(rules.env.authenticatedContext('carol'))
    await assertFails(
      setDoc(doc(noEmail, 'users/carol'), { name: 'Carol', email: '', timestamp: serverTimestamp() }),
    )
    await assertFails(
      setDoc(doc(noEmail, 'users/carol'), {
        name: 'Carol',
        email: 'carol@example.com',
        timestamp: serverTimestamp(),
      }),
    )
    // Control: the same account with an e-mail on its token.
    const withEmail = db(rules.env.authenticatedContext('carol', { email: 'carol@example.com' }))
    await assertSucceeds(
      setDoc(doc(withEmail, 'users/carol'), {
        name: 'Carol',
        email: 'carol@example.com',
        timestamp: serverTimestamp(),
      }),
    )
  })

  it('compares the e-mail exactly: another case is another e-mail', async () => {
    // The app writes the e-mail Auth hands back (user.email), the very value on the token.
    const mixed = db(rules.env.authenticatedContext('dan', { email: 'Dan.Parent@Example.com' }))
    const record = (email: string) => ({ name: 'Dan', email, timestamp: serverTimestamp() })
    await assertFails(setDoc(doc(mixed, 'users/dan'), record('dan.parent@example.com')))
    await assertFails(setDoc(doc(mixed, 'users/dan'), record('DAN.PARENT@EXAMPLE.COM')))
    await assertSucceeds(setDoc(doc(mixed, 'users/dan'), record('Dan.Parent@Example.com')))
  })
})

describe('users/{uid}: read, update, delete', () => {
  it('only the owner reads the record', async () => {
    await seedAlice()
    await assertSucceeds(getDoc(doc(alice(), 'users/alice')))
    await assertFails(getDoc(doc(bob(), 'users/alice')))
    await assertFails(getDoc(doc(visitor(), 'users/alice')))
  })

  it('the owner changes the name, and only the name', async () => {
    await seedAlice()
    await assertSucceeds(updateDoc(doc(alice(), 'users/alice'), { name: 'Alice Liddell' }))
    await assertSucceeds(
      updateDoc(doc(alice(), 'users/alice'), { name: 'Alice L', timestamp: serverTimestamp() }),
    )
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { email: 'other@example.com' }))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { password: 'secret123' }))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { timestamp: Timestamp.fromMillis(0) }))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { name: '' }))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { name: 'x'.repeat(81) }))
  })

  it('nobody else updates it', async () => {
    await seedAlice()
    await assertFails(updateDoc(doc(bob(), 'users/alice'), { name: 'Bob was here' }))
    await assertFails(updateDoc(doc(visitor(), 'users/alice'), { name: 'Visitor' }))
    // Control: the owner may.
    await assertSucceeds(updateDoc(doc(alice(), 'users/alice'), { name: 'Alice Liddell' }))
  })

  it('the owner deletes their own record (delete my account); nobody else does', async () => {
    await seedAlice()
    await assertFails(deleteDoc(doc(bob(), 'users/alice')))
    await assertFails(deleteDoc(doc(visitor(), 'users/alice')))
    await assertSucceeds(deleteDoc(doc(alice(), 'users/alice')))
  })
})
