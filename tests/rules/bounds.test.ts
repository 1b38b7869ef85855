// firestore.rules for the bounds of issue 50: a deleted child's id cannot be taken over (decision 0035),
// push devices only at real push services under the id their endpoint gives, the inquiry ceiling and
// the retention period readable by staff only. Each refusal sits beside an accepted control.
import { createHash } from 'node:crypto'
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
} from 'firebase/firestore'
import { describe, expect, it } from 'vitest'
import { appId, decidedOn, kidRecord, storedKidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-bounds', 'firestore')

const db = firestoreOf
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const mallory = () => db(rules.env.authenticatedContext('mallory', { email: 'mallory@example.com' }))
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))

async function asServer(path: string, data: Record<string, unknown>) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), path), data)
  })
}
async function deleteAsServer(path: string) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await deleteDoc(doc(db(context), path))
  })
}

const KID = appId('alicekid')
const OFFER = appId('offer1')
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Alice's child, the centre's confirmed place, her reply and her enrolment file, as stored. */
async function aliceFamily(registrationOwner: string | null = 'alice') {
  await asServer(`kids/${KID}`, storedKidRecord('alice'))
  const { userRef: _userRef, ...named } = decidedOn('alice')
  await asServer(`registrations/${KID}`, {
    state: 'confirmed',
    startDate: day(30),
    decidedBy: 'sam',
    decidedAt: Timestamp.now(),
    ...named,
    ...(registrationOwner === null ? {} : { userRef: registrationOwner }),
  })
  await asServer(`registrations/${KID}/replies/${OFFER}`, {
    reply: 'accepted',
    answeredAt: Timestamp.now(),
    answeredBy: 'alice',
  })
  await asServer(`enrolments/${KID}`, {
    allergies: 'Peanuts',
    conditions: 'Asthma',
    userRef: 'alice',
    savedAt: Timestamp.now(),
  })
}

describe('a deleted child’s id is never taken over (decision 0035)', () => {
  it('nobody creates a child under the id while its registration or enrolment file is there', async () => {
    await aliceFamily()
    // Alice deletes her child; kidDeleted has not run yet.
    await assertSucceeds(deleteDoc(doc(alice(), `kids/${KID}`)))
    await assertFails(setDoc(doc(mallory(), `kids/${KID}`), kidRecord('mallory')))
    // Only the enrolment file left (a clean-up stopped half-way): still refused.
    await deleteAsServer(`registrations/${KID}`)
    await assertFails(setDoc(doc(mallory(), `kids/${KID}`), kidRecord('mallory')))
    // Control: once the clean-up is done, the id is free (a random id nobody else holds).
    await deleteAsServer(`enrolments/${KID}`)
    await assertSucceeds(setDoc(doc(mallory(), `kids/${KID}`), kidRecord('mallory')))
  })

  it('a child made under the id anyway (the console, an old record) reads none of the first family’s', async () => {
    await aliceFamily()
    // Control: Alice reads her own family's records.
    await assertSucceeds(getDoc(doc(alice(), `registrations/${KID}`)))
    await assertSucceeds(getDoc(doc(alice(), `registrations/${KID}/replies/${OFFER}`)))
    await assertSucceeds(getDoc(doc(alice(), `enrolments/${KID}`)))
    // The id taken over past the create check: Mallory owns kids/{KID} now.
    await asServer(`kids/${KID}`, storedKidRecord('mallory'))
    await assertFails(getDoc(doc(mallory(), `registrations/${KID}`)))
    await assertFails(getDoc(doc(mallory(), `registrations/${KID}/replies/${OFFER}`)))
    await assertFails(
      getDocs(query(collection(mallory(), `registrations/${KID}/replies`), where(documentId(), '==', OFFER))),
    )
    await assertFails(getDoc(doc(mallory(), `enrolments/${KID}`)))
    // Nor writes the first family's file or answers its questions.
    await assertFails(
      setDoc(doc(mallory(), `registrations/${KID}/replies/${appId('ask1')}`), {
        reply: 'interested',
        answeredAt: serverTimestamp(),
        answeredBy: 'mallory',
      }),
    )
  })

  it('staff write the family a decision is for; another family is refused', async () => {
    await asServer(`kids/${KID}`, storedKidRecord('alice'))
    const decision = (owner: unknown) => ({
      state: 'waitlisted',
      startDate: null,
      decidedBy: 'sam',
      decidedAt: serverTimestamp(),
      ...decidedOn('alice'),
      userRef: owner,
    })
    const { userRef: _userRef, ...withoutOwner } = decision('alice')
    await assertFails(setDoc(doc(staff(), `registrations/${KID}`), withoutOwner))
    await assertFails(setDoc(doc(staff(), `registrations/${KID}`), decision('mallory')))
    await assertSucceeds(setDoc(doc(staff(), `registrations/${KID}`), decision('alice')))
  })

  it('with nothing decided yet, the owner hears there is no reply; another parent is refused', async () => {
    await asServer(`kids/${KID}`, storedKidRecord('alice'))
    const reply = (who: () => ReturnType<typeof alice>) => doc(who(), `registrations/${KID}/replies/${OFFER}`)
    await assertSucceeds(getDoc(reply(alice)))
    await assertSucceeds(
      getDocs(query(collection(alice(), `registrations/${KID}/replies`), where(documentId(), '==', OFFER))),
    )
    await assertFails(getDoc(reply(mallory)))
  })

  it('a decision of before issue 50 (no userRef) still reads for the child’s owner', async () => {
    await aliceFamily(null)
    await assertSucceeds(getDoc(doc(alice(), `registrations/${KID}`)))
    await assertFails(getDoc(doc(mallory(), `registrations/${KID}`)))
  })
})

/** A device record's id: SHA-256 of the endpoint, base64url without padding (deviceIdOf). */
const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url')
const device = (endpoint: string) => ({
  endpoint,
  p256dh: 'B'.repeat(87),
  auth: 'a'.repeat(22),
  createdAt: serverTimestamp(),
})
const putDevice = (endpoint: string, id = idOf(endpoint)) =>
  setDoc(doc(alice(), `users/alice/devices/${id}`), device(endpoint))

describe('push devices (issue 50)', () => {
  it('the id is the endpoint’s hash: one endpoint is one record', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def'
    expect(idOf(endpoint)).toHaveLength(43)
    await assertFails(putDevice(endpoint, 'd'.repeat(43)))
    await assertFails(putDevice(endpoint, idOf(`${endpoint}x`)))
    await assertSucceeds(putDevice(endpoint))
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGtYb3Z0',
    'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
  ])('a real push service’s endpoint is kept: %s', async (endpoint) => {
    await assertSucceeds(putDevice(endpoint))
  })

  it.each([
    'https://127.0.0.1:8443/admin/delete?all=1',
    'https://169.254.169.254/latest/meta-data/',
    'https://example.com/push',
    'https://fcm.googleapis.com.evil.example/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user@fcm.googleapis.com/fcm/send/x',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com\\@evil.example/x',
  ])('any other address is refused: %s', async (endpoint) => {
    await assertFails(putDevice(endpoint))
  })

  it('the tests’ stand-in only where centre/pushStandIn names its host', async () => {
    const standIn = 'https://127.0.0.1:9/push/this-browser'
    await assertFails(putDevice(standIn))
    await asServer('centre/pushStandIn', { hosts: ['127.0.0.1'] })
    await assertSucceeds(putDevice(standIn))
    await assertFails(putDevice('https://169.254.169.254/latest/meta-data/'))
    // Nobody but the server names a stand-in.
    await assertFails(setDoc(doc(alice(), 'centre/pushStandIn'), { hosts: ['169.254.169.254'] }))
    await assertFails(setDoc(doc(staff(), 'centre/pushStandIn'), { hosts: ['169.254.169.254'] }))
  })
})

describe('the inquiry ceiling and the retention period', () => {
  it('staff read the overall hourly count; a parent reads no count', async () => {
    await asServer('inquiryQuota/all', { sent: [Date.now()], limit: 60 })
    await asServer('inquiryQuota/address-abc', { sent: [Date.now()] })
    await assertSucceeds(getDoc(doc(staff(), 'inquiryQuota/all')))
    await assertFails(getDoc(doc(alice(), 'inquiryQuota/all')))
    await assertFails(getDoc(doc(staff(), 'inquiryQuota/address-abc')))
    await assertFails(setDoc(doc(staff(), 'inquiryQuota/all'), { sent: [], limit: 1000 }))
  })

  it('staff set the retention period in days, within 30 days and 10 years', async () => {
    await assertSucceeds(setDoc(doc(staff(), 'centre/retention'), { days: 365 }))
    await assertSucceeds(getDoc(doc(staff(), 'centre/retention')))
    await assertFails(setDoc(doc(staff(), 'centre/retention'), { days: 7 }))
    await assertFails(setDoc(doc(staff(), 'centre/retention'), { days: 365, extra: true }))
    await assertFails(setDoc(doc(alice(), 'centre/retention'), { days: 365 }))
    await assertFails(getDoc(doc(alice(), 'centre/retention')))
  })
})
