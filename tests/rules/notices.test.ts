// firestore.rules for what the centre's news needs: a parent's notices (read by their owner, marked read
// once, written by nobody but the function), a parent's push devices (their owner's alone) and the
// centre's e-mail choices (staff only). Each refusal sits beside an accepted control.
import { createHash } from 'node:crypto'
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

const rules = useRulesEnvironment('demo-sunbeam-rules-notices', 'firestore')

const db = firestoreOf
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const visitor = () => db(rules.env.unauthenticatedContext())
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))

const notice = {
  kidId: 'kid1',
  kidName: 'Amara',
  text: "Amara's place is confirmed.",
  readAt: null,
  delivered: 'email',
}

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'users/alice/notices/n1'), { ...notice, createdAt: Timestamp.now() })
  })
})

describe('notices', () => {
  it('their owner reads and lists them, newest first; nobody else does', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'users/alice/notices/n1')))
    await assertSucceeds(
      getDocs(query(collection(alice(), 'users/alice/notices'), orderBy('createdAt', 'desc'))),
    )
    for (const store of [bob(), visitor(), staff()]) {
      await assertFails(getDoc(doc(store, 'users/alice/notices/n1')))
      await assertFails(getDocs(collection(store, 'users/alice/notices')))
    }
  })

  it('their owner marks one read, with the server time, once', async () => {
    await assertFails(updateDoc(doc(alice(), 'users/alice/notices/n1'), { readAt: Timestamp.fromMillis(1) }))
    await assertSucceeds(updateDoc(doc(alice(), 'users/alice/notices/n1'), { readAt: serverTimestamp() }))
    await assertFails(updateDoc(doc(alice(), 'users/alice/notices/n1'), { readAt: serverTimestamp() }))
  })

  it('nobody changes their words, writes one or deletes one, staff included', async () => {
    await assertFails(
      updateDoc(doc(alice(), 'users/alice/notices/n1'), { readAt: serverTimestamp(), text: 'Changed' }),
    )
    await assertFails(updateDoc(doc(bob(), 'users/alice/notices/n1'), { readAt: serverTimestamp() }))
    for (const store of [alice(), bob(), staff()]) {
      await assertFails(
        setDoc(doc(store, 'users/alice/notices/n2'), { ...notice, createdAt: serverTimestamp() }),
      )
      await assertFails(deleteDoc(doc(store, 'users/alice/notices/n1')))
    }
  })
})

const p256dh = 'B'.repeat(87)
const device = (overrides: Record<string, unknown> = {}) => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  p256dh,
  auth: 'a'.repeat(22),
  createdAt: serverTimestamp(),
  ...overrides,
})
/** The record's id: SHA-256 of the endpoint, base64url (deviceIdOf; issue 50). */
const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url')
const deviceId = idOf(device().endpoint)

describe('push devices', () => {
  it('their owner keeps one, reads it and deletes it', async () => {
    await assertSucceeds(setDoc(doc(alice(), `users/alice/devices/${deviceId}`), device()))
    await assertSucceeds(getDoc(doc(alice(), `users/alice/devices/${deviceId}`)))
    await assertSucceeds(deleteDoc(doc(alice(), `users/alice/devices/${deviceId}`)))
  })

  it('nobody else reads, writes or deletes one', async () => {
    await assertSucceeds(setDoc(doc(alice(), `users/alice/devices/${deviceId}`), device()))
    for (const store of [bob(), staff(), visitor()]) {
      await assertFails(getDoc(doc(store, `users/alice/devices/${deviceId}`)))
      await assertFails(setDoc(doc(store, `users/alice/devices/${deviceId}`), device()))
      await assertFails(deleteDoc(doc(store, `users/alice/devices/${deviceId}`)))
    }
  })

  it('only an https push service endpoint, the two keys and the server time, under its own id', async () => {
    const ref = doc(alice(), `users/alice/devices/${deviceId}`)
    for (const endpoint of ['http://fcm.googleapis.com/x', 'https://fcm.googleapis.com/a b'])
      await assertFails(setDoc(doc(alice(), `users/alice/devices/${idOf(endpoint)}`), device({ endpoint })))
    await assertFails(setDoc(ref, device({ p256dh: 'short' })))
    await assertFails(setDoc(ref, device({ auth: 'a/b'.repeat(8) })))
    await assertFails(setDoc(ref, device({ createdAt: Timestamp.fromMillis(1) })))
    await assertFails(setDoc(ref, device({ name: 'extra' })))
    await assertFails(setDoc(doc(alice(), 'users/alice/devices/short'), device()))
    await assertSucceeds(setDoc(ref, device()))
  })
})

describe("the centre's e-mail choices", () => {
  const choices = { mailRegistrations: true, mailInquiries: false }

  it('staff read and set the two choices', async () => {
    await assertSucceeds(setDoc(doc(staff(), 'centre/settings'), choices))
    await assertSucceeds(getDoc(doc(staff(), 'centre/settings')))
    await assertFails(setDoc(doc(staff(), 'centre/settings'), { ...choices, mailInquiries: 'no' }))
    await assertFails(setDoc(doc(staff(), 'centre/settings'), { ...choices, to: 'someone@example.com' }))
  })

  it('a parent and a visitor neither read nor set them', async () => {
    await assertSucceeds(setDoc(doc(staff(), 'centre/settings'), choices))
    for (const store of [alice(), visitor()]) {
      await assertFails(getDoc(doc(store, 'centre/settings')))
      await assertFails(setDoc(doc(store, 'centre/settings'), choices))
    }
  })
})

describe('what only the functions keep', () => {
  it('the e-mail choice and unsubscribe token of a parent are read by nobody', async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'users/alice/private/mail'), { unsubscribeToken: 'secret' })
    })
    await assertFails(getDoc(doc(alice(), 'users/alice/private/mail')))
    await assertFails(setDoc(doc(alice(), 'users/alice/private/mail'), { emailNotices: true }))
  })
})
