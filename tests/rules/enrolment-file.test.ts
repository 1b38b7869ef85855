// firestore.rules for the enrolment file, enrolments/{kidId} (docs/decisions/0032-enrolment-file.md): the
// child's owner writes it while the place is accepted or confirmed, staff read it and never write it,
// nobody else reads it. Each refusal sits beside an accepted control in the same test.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  type Firestore,
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
import { appId, storedKidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-enrolment-file', 'firestore')

const db = firestoreOf
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))

const KID = appId('alicekid')
const OFFER = appId('offer1')
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const person = (name: string) => ({ name, relation: 'Aunt', phone: '+234 800 000 0001' })
const paper = (name: string, owner = 'alice') => ({
  path: `images/${owner}/${name}-${'R4nd0mId'.padEnd(20, '0')}`,
  type: 'application/pdf',
  fileName: name,
})

/** A file as the app writes it (src/shared/records/enrolment-record.ts plus the server's time). */
function file(overrides: Record<string, unknown> = {}) {
  return {
    emergencyContacts: [person('Ada Eze'), person('Obi Eze')],
    collectors: [person('Ada Eze')],
    mustNotCollect: 'Not the child’s uncle Emeka.',
    allergies: 'Peanuts',
    conditions: 'none',
    medication: 'none',
    actionPlan: paper('plan.pdf'),
    immunisation: { ...paper('card.jpg'), type: 'image/jpeg' },
    immunisationDate: '2026-03-01',
    doctor: { name: 'Dr Bassey', practice: 'Uyo Family Clinic', phone: '+234 800 000 0002' },
    photoConsent: { answer: 'no', name: 'Ngozi Obi', at: 1_790_000_000_000 },
    medicalConsent: { name: 'Ngozi Obi', at: 1_790_000_000_000 },
    policiesConsent: { name: 'Ngozi Obi', at: 1_790_000_000_000, version: '2026-09' },
    userRef: 'alice',
    savedAt: serverTimestamp(),
    ...overrides,
  }
}

const unfinished = () =>
  file({
    emergencyContacts: [],
    collectors: [],
    mustNotCollect: '',
    allergies: '',
    conditions: '',
    medication: '',
    actionPlan: null,
    immunisation: null,
    immunisationDate: '',
    doctor: { name: '', practice: '', phone: '' },
    photoConsent: null,
    medicalConsent: null,
    policiesConsent: null,
  })

async function asServer(path: string, data: Record<string, unknown>) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), path), data)
  })
}

const decided = { decidedBy: 'sam', decidedAt: Timestamp.now() }
const offered = () =>
  asServer(`registrations/${KID}`, {
    state: 'offered',
    startDate: day(30),
    replyBy: day(7),
    offerId: OFFER,
    ...decided,
  })
const accepted = async () => {
  await offered()
  await asServer(`registrations/${KID}/replies/${OFFER}`, {
    reply: 'accepted',
    answeredAt: Timestamp.now(),
    answeredBy: 'alice',
  })
}
const fileOf = (firestore: ReturnType<typeof alice>) => doc(firestore, 'enrolments', KID)

beforeEach(async () => {
  await asServer(`kids/${KID}`, storedKidRecord('alice'))
})

describe('when the owner may write the file', () => {
  it('not before a place is accepted: registered, offered, or offered and declined', async () => {
    await assertFails(setDoc(fileOf(alice()), file()))
    await offered()
    await assertFails(setDoc(fileOf(alice()), file()))
    await asServer(`registrations/${KID}/replies/${OFFER}`, {
      reply: 'declined',
      answeredAt: Timestamp.now(),
      answeredBy: 'alice',
    })
    await assertFails(setDoc(fileOf(alice()), file()))
  })

  it('once the offer is accepted, complete or unfinished, and changed later', async () => {
    await accepted()
    await assertSucceeds(setDoc(fileOf(alice()), unfinished()))
    await assertSucceeds(setDoc(fileOf(alice()), file()))
    await assertSucceeds(updateDoc(fileOf(alice()), { allergies: 'none', savedAt: serverTimestamp() }))
  })

  it('once the place is confirmed (the parent keeps it true), and no longer after a lapse', async () => {
    await asServer(`registrations/${KID}`, { state: 'confirmed', startDate: day(30), ...decided })
    await assertSucceeds(setDoc(fileOf(alice()), file()))
    await asServer(`registrations/${KID}`, {
      state: 'waitlisted',
      startDate: null,
      lapsedOn: day(-1),
      ...decided,
    })
    await assertFails(setDoc(fileOf(alice()), file({ allergies: 'Eggs' })))
  })
})

describe('who reads and writes it', () => {
  it('staff read it and cannot write or delete it; the owner cannot delete it either', async () => {
    await accepted()
    await assertSucceeds(setDoc(fileOf(alice()), file()))
    await assertSucceeds(getDoc(fileOf(staff())))
    await assertFails(updateDoc(fileOf(staff()), { allergies: 'none', savedAt: serverTimestamp() }))
    await assertFails(setDoc(fileOf(staff()), file({ userRef: 'sam' })))
    await assertFails(deleteDoc(fileOf(staff())))
    await assertFails(deleteDoc(fileOf(alice())))
  })

  it('another parent reads nothing and writes nothing; the owner reads, also before a first save', async () => {
    await accepted()
    await assertSucceeds(getDoc(fileOf(alice())))
    await assertSucceeds(setDoc(fileOf(alice()), file()))
    await assertFails(getDoc(fileOf(bob())))
    await assertFails(setDoc(fileOf(bob()), file({ userRef: 'bob' })))
    await assertSucceeds(getDoc(fileOf(alice())))
  })

  it('the owner follows it as a query by its id and their uid; any other list is refused', async () => {
    const byIdAndOwner = (firestore: Firestore, kidId: string, uid: string) =>
      query(
        collection(firestore, 'enrolments'),
        where(documentId(), '==', kidId),
        where('userRef', '==', uid),
      )
    await accepted()
    // Before the first save too: the form listens from the start.
    await assertSucceeds(getDocs(byIdAndOwner(alice(), KID, 'alice')))
    await assertSucceeds(setDoc(fileOf(alice()), file()))
    await assertSucceeds(getDocs(byIdAndOwner(alice(), KID, 'alice')))
    await assertSucceeds(getDocs(byIdAndOwner(staff(), KID, 'alice')))
    // Another child's id, a list by owner alone, or another parent: refused.
    await assertFails(getDocs(byIdAndOwner(alice(), appId('bobkid'), 'alice')))
    await assertFails(getDocs(query(collection(alice(), 'enrolments'), where('userRef', '==', 'alice'))))
    await assertFails(getDocs(byIdAndOwner(bob(), KID, 'bob')))
    await assertFails(getDocs(byIdAndOwner(bob(), KID, 'alice')))
    // A file another family wrote (an id used again): not read by list, as not by get.
    await asServer(`enrolments/${KID}`, file({ userRef: 'bob' }))
    await assertFails(getDoc(fileOf(alice())))
    await assertFails(getDocs(query(collection(alice(), 'enrolments'), where(documentId(), '==', KID))))
    await assertSucceeds(getDocs(byIdAndOwner(staff(), KID, 'bob')))
  })
})

describe('what the file holds', () => {
  beforeEach(accepted)

  it('documents in the owner’s own folder, as photos or PDFs', async () => {
    await assertFails(setDoc(fileOf(alice()), file({ actionPlan: paper('plan.pdf', 'bob') })))
    await assertFails(
      setDoc(fileOf(alice()), file({ actionPlan: { ...paper('plan.doc'), type: 'application/msword' } })),
    )
    await assertFails(
      setDoc(fileOf(alice()), file({ immunisation: { ...paper('x'), path: 'https://example.com/x' } })),
    )
    await assertSucceeds(setDoc(fileOf(alice()), file({ actionPlan: null })))
  })

  it('consents with a typed name and a time; a photo answer of yes or no', async () => {
    await assertFails(setDoc(fileOf(alice()), file({ medicalConsent: { name: ' ', at: 1 } })))
    await assertFails(setDoc(fileOf(alice()), file({ medicalConsent: { name: 'Ngozi Obi' } })))
    await assertFails(
      setDoc(fileOf(alice()), file({ photoConsent: { answer: 'maybe', name: 'Ngozi Obi', at: 1 } })),
    )
    await assertFails(setDoc(fileOf(alice()), file({ policiesConsent: { name: 'Ngozi Obi', at: 1 } })))
    await assertSucceeds(
      setDoc(fileOf(alice()), file({ photoConsent: { answer: 'yes', name: 'Ngozi Obi', at: 1 } })),
    )
  })

  it('at most 4 emergency contacts and 4 collectors, each with its three texts, bounded together', async () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map(person)
    await assertFails(setDoc(fileOf(alice()), file({ emergencyContacts: five })))
    await assertFails(setDoc(fileOf(alice()), file({ collectors: five })))
    await assertFails(setDoc(fileOf(alice()), file({ collectors: [{ name: 'Ada', phone: '1' }] })))
    await assertFails(
      setDoc(
        fileOf(alice()),
        file({ collectors: [{ ...person('Ada'), phone: '1'.repeat(300 - 'AdaAunt'.length + 1) }] }),
      ),
    )
    await assertFails(setDoc(fileOf(alice()), file({ allergies: 'x'.repeat(1001) })))
    await assertFails(setDoc(fileOf(alice()), file({ collectors: [{ ...person('Ada'), name: 7 }] })))
    await assertSucceeds(
      setDoc(fileOf(alice()), file({ emergencyContacts: five.slice(0, 4), collectors: five.slice(1) })),
    )
  })

  it('only its own fields, as its owner, at the server’s time, with a real date shape', async () => {
    await assertFails(setDoc(fileOf(alice()), file({ extra: true })))
    await assertFails(setDoc(fileOf(alice()), file({ userRef: 'bob' })))
    await assertFails(setDoc(fileOf(alice()), file({ savedAt: Timestamp.now() })))
    await assertFails(setDoc(fileOf(alice()), file({ immunisationDate: '1 March 2026' })))
    await assertSucceeds(setDoc(fileOf(alice()), file()))
  })
})
