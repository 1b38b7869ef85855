// firestore.rules for inquiries (create-only Quick Inquire messages), against the Firestore emulator
// (npm run test:emulators; needs Java 21).
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
import { inquiryLimits } from '../../src/shared/records/inquiry-record'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-inquiries', 'firestore')

const db = firestoreOf
const visitor = () => db(rules.env.unauthenticatedContext())
const parent = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))

const inquiry = () => ({
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit on Monday morning?',
  timestamp: serverTimestamp(),
})

describe('inquiries: create only', () => {
  it('anyone, signed in or not, may send an inquiry', async () => {
    await assertSucceeds(setDoc(doc(collection(visitor(), 'inquiries')), inquiry()))
    await assertSucceeds(setDoc(doc(collection(parent(), 'inquiries')), inquiry()))
  })

  it('last name and subject may be empty', async () => {
    await assertSucceeds(
      setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), lastName: '', subject: '' }),
    )
  })

  it('nobody reads, lists, changes or deletes inquiries', async () => {
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
    const staff = db(
      rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }),
    )
    await assertSucceeds(getDoc(doc(staff, 'inquiries/one')))
  })

  it('refuses extra or missing fields', async () => {
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), phone: '123' }))
    const { subject: _subject, ...withoutSubject } = inquiry()
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), withoutSubject))
    // Control, in the same test: the inquiry as the app sends it.
    await assertSucceeds(setDoc(doc(collection(visitor(), 'inquiries')), inquiry()))
  })

  it('refuses a client-made timestamp', async () => {
    await assertFails(
      setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), timestamp: Timestamp.fromMillis(0) }),
    )
    // Control, in the same test: the inquiry as the app sends it.
    await assertSucceeds(setDoc(doc(collection(visitor(), 'inquiries')), inquiry()))
  })

  it('refuses an e-mail without @, and non-text values', async () => {
    await assertFails(
      setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), email: 'not-an-email' }),
    )
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), message: 42 }))
    // Control, in the same test: the inquiry as the app sends it.
    await assertSucceeds(setDoc(doc(collection(visitor(), 'inquiries')), inquiry()))
  })

  it('refuses an e-mail with a space or two @; accepts any letters, s included', async () => {
    const send = (email: string) => setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), email })
    for (const email of [
      'ada lovelace@example.com',
      'ada@example .com',
      ' ada@example.com',
      'ada@@example.com',
      'ada@example@com',
    ]) {
      await assertFails(send(email))
    }
    // The pattern's \\s is whitespace, not the letter s.
    for (const email of ['sam.smith@schools.example', 'SS@S.S', 'ada+visits@example.com']) {
      await assertSucceeds(send(email))
    }
  })

  it('enforces the same size limits as the form', async () => {
    for (const field of ['name', 'lastName', 'email', 'subject', 'message'] as const) {
      const { max } = inquiryLimits[field]
      const tooLong = field === 'email' ? `${'a'.repeat(max)}@example.com` : 'x'.repeat(max + 1)
      await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), [field]: tooLong }))
    }
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), name: '' }))
    await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), message: '' }))
    await assertSucceeds(
      setDoc(doc(collection(visitor(), 'inquiries')), {
        ...inquiry(),
        name: 'x'.repeat(inquiryLimits.name.max),
        message: 'x'.repeat(inquiryLimits.message.max),
      }),
    )
  })
})

describe('inquiries: the e-mail is one address, nothing a mailto: link would read as more', () => {
  it('refuses ? & # % , ; / \\ and spaces in the address; the plain address beside them is accepted', async () => {
    for (const email of [
      'ada@x.org?bcc=eve%40evil.example&body=hi',
      'ada@x.org?cc=eve@evil.example',
      'ada&eve@x.org',
      'ada#1@x.org',
      'ada%40x.org@evil.example',
      'ada@x.org,eve@evil.example',
      'ada@x.org;eve@evil.example',
      'ada/eve@x.org',
      'ada\\eve@x.org',
      'ada lovelace@x.org',
      'ada@x.org eve',
    ])
      await assertFails(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), email }))
    // Controls, in the same test: ordinary addresses, plus and dots included.
    for (const email of ['ada@x.org', 'ada.lovelace+visit@mail.x.org', "o'neil@x.ng"])
      await assertSucceeds(setDoc(doc(collection(visitor(), 'inquiries')), { ...inquiry(), email }))
  })
})
