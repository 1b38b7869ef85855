// firestore.rules for the enrolment states (docs/decisions/0031-enrolment-states.md): staff offer, waitlist,
// decline and confirm in registrations/{kidId}; the parent answers in registrations/{kidId}/replies/{id},
// once, while the question is open. Each refusal sits beside an accepted control in the same test.
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
  updateDoc,
  where,
} from 'firebase/firestore'
import { beforeEach, describe, it } from 'vitest'
import { appId, decidedOn, storedKidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-enrolment', 'firestore')

const db = firestoreOf
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))

const KID = appId('alicekid')
const OFFER = appId('offer1')
const OFFER2 = appId('offer2')
const ASK = appId('ask1')

/** A date (YYYY-MM-DD) `days` from today, in UTC. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const base = () => ({ decidedBy: 'sam', decidedAt: serverTimestamp(), ...decidedOn() })
const offer = (overrides: Record<string, unknown> = {}) => ({
  state: 'offered',
  startDate: day(30),
  replyBy: day(7),
  offerId: OFFER,
  ...base(),
  ...overrides,
})
const reply = (answer: string, overrides: Record<string, unknown> = {}) => ({
  reply: answer,
  answeredAt: serverTimestamp(),
  answeredBy: 'alice',
  ...overrides,
})
const replyDoc = (firestore: ReturnType<typeof alice>, id: string) =>
  doc(firestore, 'registrations', KID, 'replies', id)

/** Writes the centre's record as the server (the schedule's Admin SDK writes pass the rules too). */
async function asServer(path: string, data: Record<string, unknown>) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), path), data)
  })
}

beforeEach(async () => {
  await asServer(`kids/${KID}`, storedKidRecord('alice'))
})

describe('staff write the states; a parent writes none of them', () => {
  it('staff offer a place with a start date, a reply-by date and a new offer id; a parent cannot', async () => {
    await assertFails(setDoc(doc(alice(), 'registrations', KID), { ...offer(), decidedBy: 'alice' }))
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), offer()))
  })

  it('an offer needs its dates (reply by before the start) and an offer id in the app format', async () => {
    await assertFails(setDoc(doc(staff(), 'registrations', KID), offer({ replyBy: null })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), offer({ replyBy: day(40) })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), offer({ offerId: 'short' })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), offer({ startDate: '4 Jan 2027' })))
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), offer()))
  })

  it('staff waitlist (since a date) and decline with a reason; a decline without one is refused', async () => {
    await assertSucceeds(
      setDoc(doc(staff(), 'registrations', KID), {
        state: 'waitlisted',
        startDate: null,
        waitingSince: day(0),
        ...base(),
      }),
    )
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), {
        state: 'declined',
        startDate: null,
        reason: ' ',
        ...base(),
      }),
    )
    await assertSucceeds(
      setDoc(doc(staff(), 'registrations', KID), {
        state: 'declined',
        startDate: null,
        reason: 'We have no baby places this year.',
        ...base(),
      }),
    )
  })

  it("staff cannot write the schedule's states and fields: withdrawn, a lapse, a question", async () => {
    const waiting = { state: 'waitlisted', startDate: null, ...base() }
    await assertFails(setDoc(doc(staff(), 'registrations', KID), { ...waiting, state: 'withdrawn' }))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), { ...waiting, lapsedOn: day(-1) }))
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), { ...waiting, askId: ASK, askedAt: serverTimestamp() }),
    )
    // Control: the same waiting record without them.
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), waiting))
  })

  it('a parent cannot confirm their own place; staff can, naming what is still missing', async () => {
    const confirmed = { state: 'confirmed', startDate: day(30), ...base() }
    await assertFails(setDoc(doc(alice(), 'registrations', KID), { ...confirmed, decidedBy: 'alice' }))
    await assertFails(setDoc(doc(alice(), 'registrations', KID), confirmed))
    await assertSucceeds(
      setDoc(doc(staff(), 'registrations', KID), { ...confirmed, missing: ['Immunisation record'] }),
    )
  })

  it('staff can put a withdrawn family back on the waiting list (undo), keeping its date', async () => {
    await asServer(`registrations/${KID}`, {
      state: 'withdrawn',
      startDate: null,
      waitingSince: '2026-01-05',
      decidedBy: 'sunbeam-schedule',
      decidedAt: Timestamp.now(),
    })
    await assertFails(
      setDoc(doc(alice(), 'registrations', KID), {
        state: 'waitlisted',
        startDate: null,
        waitingSince: '2026-01-05',
        ...base(),
        decidedBy: 'alice',
      }),
    )
    await assertSucceeds(
      setDoc(doc(staff(), 'registrations', KID), {
        state: 'waitlisted',
        startDate: null,
        waitingSince: '2026-01-05',
        ...base(),
      }),
    )
  })
})

describe("the parent's answers: once, by the owner, while the question is open", () => {
  beforeEach(async () => {
    await asServer(`registrations/${KID}`, { ...offer(), decidedAt: Timestamp.now() })
  })

  it('the owner accepts an open offer; another parent and staff cannot answer for them', async () => {
    await assertFails(setDoc(replyDoc(bob(), OFFER), reply('accepted', { answeredBy: 'bob' })))
    await assertFails(setDoc(replyDoc(staff(), OFFER), reply('accepted', { answeredBy: 'sam' })))
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
    await assertSucceeds(getDoc(replyDoc(staff(), OFFER)))
    await assertFails(getDoc(replyDoc(bob(), OFFER)))
  })

  // How the app follows a reply (replyQuery): a query for its id, before the reply exists and after.
  it('the owner and staff follow a reply by its id; another parent cannot', async () => {
    const byId = (firestore: ReturnType<typeof alice>) =>
      query(collection(firestore, 'registrations', KID, 'replies'), where(documentId(), '==', OFFER))
    await assertSucceeds(getDocs(byId(alice())))
    await assertSucceeds(getDocs(byId(staff())))
    await assertFails(getDocs(byId(bob())))
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
    await assertSucceeds(getDocs(byId(alice())))
    await assertSucceeds(getDocs(byId(staff())))
    await assertFails(getDocs(byId(bob())))
  })

  it('the owner may decline; an answer names the open offer only, with the server time', async () => {
    await assertFails(setDoc(replyDoc(alice(), OFFER2), reply('declined')))
    await assertFails(setDoc(replyDoc(alice(), OFFER), reply('interested')))
    await assertFails(setDoc(replyDoc(alice(), OFFER), reply('declined', { answeredAt: Timestamp.now() })))
    await assertFails(setDoc(replyDoc(alice(), OFFER), { ...reply('declined'), note: 'hi' }))
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('declined')))
  })

  it('an answer is never changed: not by the parent, not by staff, and staff cannot delete it', async () => {
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
    await assertFails(setDoc(replyDoc(alice(), OFFER), reply('declined')))
    await assertFails(updateDoc(replyDoc(staff(), OFFER), { reply: 'declined' }))
    await assertFails(deleteDoc(replyDoc(staff(), OFFER)))
    await assertFails(deleteDoc(replyDoc(alice(), OFFER)))
    // Control: the answer is there, as given.
    await assertSucceeds(getDoc(replyDoc(alice(), OFFER)))
  })

  it('staff cannot reuse an answered offer id for a new offer; a new id is accepted', async () => {
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('declined')))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), offer({ startDate: day(60) })))
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), offer({ offerId: OFFER2 })))
  })

  it('an offer past its reply-by date cannot be accepted; one ending today still can', async () => {
    await asServer(`registrations/${KID}`, { ...offer({ replyBy: day(-2) }), decidedAt: Timestamp.now() })
    await assertFails(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
    await asServer(`registrations/${KID}`, { ...offer({ replyBy: day(1) }), decidedAt: Timestamp.now() })
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
  })

  it('a lapsed offer (the schedule put the child back on the list) cannot be accepted', async () => {
    await asServer(`registrations/${KID}`, {
      state: 'waitlisted',
      startDate: null,
      waitingSince: '2026-10-01',
      lapsedOn: day(-1),
      decidedBy: 'sunbeam-schedule',
      decidedAt: Timestamp.now(),
    })
    await assertFails(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
    // Control: the same answer to the same offer while it was open.
    await asServer(`registrations/${KID}`, { ...offer(), decidedAt: Timestamp.now() })
    await assertSucceeds(setDoc(replyDoc(alice(), OFFER), reply('accepted')))
  })

  it("'Still interested?' is answered within 14 days of being asked, and only with yes", async () => {
    const asked = (at: Timestamp) => ({
      state: 'waitlisted',
      startDate: null,
      waitingSince: '2026-01-05',
      askId: ASK,
      askedAt: at,
      decidedBy: 'sunbeam-schedule',
      decidedAt: Timestamp.now(),
    })
    await asServer(`registrations/${KID}`, asked(Timestamp.fromMillis(Date.now() - 15 * 86_400_000)))
    await assertFails(setDoc(replyDoc(alice(), ASK), reply('interested')))
    await asServer(`registrations/${KID}`, asked(Timestamp.fromMillis(Date.now() - 86_400_000)))
    await assertFails(setDoc(replyDoc(alice(), ASK), reply('accepted')))
    await assertSucceeds(setDoc(replyDoc(alice(), ASK), reply('interested')))
  })
})
