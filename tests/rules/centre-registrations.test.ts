// firestore.rules for the centre's side (docs/decisions/0023-who-may-see-a-childs-data.md): staff read
// children and parents' records and write the centre's decision in registrations/{kidId}; the child's
// owner reads that decision; nobody else reads or writes any of it. Each refusal sits beside an
// accepted control, so a refusal for an unrelated reason cannot pass as the rule.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore'
import { beforeEach, describe, it } from 'vitest'
import { appId, decidedOn, KID_SAVED_AT, kidRecord, storedKidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-centre-registrations', 'firestore')

const db = firestoreOf
const visitor = () => db(rules.env.unauthenticatedContext())
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const staff = () =>
  db(rules.env.authenticatedContext('sam', { email: 'sam@sunbeam.test', email_verified: true, staff: true }))
/** A token whose claim is not exactly true: not staff. */
const almostStaff = (claim: unknown) =>
  db(rules.env.authenticatedContext('eve', { email: 'eve@example.com', staff: claim }))

const KID = appId('alicekid')
const decision = (overrides: Record<string, unknown> = {}) => ({
  state: 'confirmed',
  startDate: '2027-01-04',
  decidedBy: 'sam',
  decidedAt: serverTimestamp(),
  ...decidedOn(),
  ...overrides,
})

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'kids', KID), storedKidRecord('alice'))
    await setDoc(doc(db(context), 'users/alice'), {
      name: 'Ngozi Obi',
      email: 'alice@example.com',
      timestamp: Timestamp.now(),
    })
  })
})

describe('kids: staff read, never write', () => {
  it('staff read one child and list every child, newest first; another parent and a visitor cannot', async () => {
    await assertSucceeds(getDoc(doc(staff(), 'kids', KID)))
    await assertSucceeds(getDocs(query(collection(staff(), 'kids'), orderBy('timestamp', 'desc'))))
    // Controls: the owner reads it; bob, a visitor and a false claim do not.
    await assertSucceeds(getDoc(doc(alice(), 'kids', KID)))
    await assertFails(getDoc(doc(bob(), 'kids', KID)))
    await assertFails(getDoc(doc(visitor(), 'kids', KID)))
    await assertFails(getDocs(collection(bob(), 'kids')))
    await assertFails(getDocs(collection(almostStaff(false), 'kids')))
    await assertFails(getDocs(collection(almostStaff('true'), 'kids')))
  })

  it("staff cannot change, take over or delete a parent's child record", async () => {
    await assertFails(updateDoc(doc(staff(), 'kids', KID), { plan: 'Weekly', timestamp: serverTimestamp() }))
    await assertFails(setDoc(doc(staff(), 'kids', KID), kidRecord('sam', { imgUrls: ['images/sam-a-b'] })))
    await assertFails(deleteDoc(doc(staff(), 'kids', KID)))
    // Control: the owner may change the plan.
    await assertSucceeds(
      updateDoc(doc(alice(), 'kids', KID), { plan: 'Weekly', timestamp: serverTimestamp() }),
    )
  })
})

describe("users: staff read a parent's record, never write it", () => {
  it('staff read and list users; another parent and a visitor cannot', async () => {
    await assertSucceeds(getDoc(doc(staff(), 'users/alice')))
    await assertSucceeds(getDocs(collection(staff(), 'users')))
    await assertSucceeds(getDoc(doc(alice(), 'users/alice')))
    await assertFails(getDoc(doc(bob(), 'users/alice')))
    await assertFails(getDoc(doc(visitor(), 'users/alice')))
    await assertFails(getDocs(collection(alice(), 'users')))
  })

  it("staff cannot change or delete a parent's record", async () => {
    await assertFails(updateDoc(doc(staff(), 'users/alice'), { name: 'Changed' }))
    await assertFails(deleteDoc(doc(staff(), 'users/alice')))
    await assertSucceeds(updateDoc(doc(alice(), 'users/alice'), { name: 'Changed' }))
  })

  it('a parent cannot give themself the staff flag in their own record', async () => {
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { staff: true }))
    await assertFails(
      setDoc(doc(bob(), 'users/bob'), {
        name: 'Bob',
        email: 'bob@example.com',
        timestamp: serverTimestamp(),
        staff: true,
      }),
    )
    // Control: the same record without it is accepted.
    await assertSucceeds(
      setDoc(doc(bob(), 'users/bob'), {
        name: 'Bob',
        email: 'bob@example.com',
        timestamp: serverTimestamp(),
      }),
    )
  })
})

describe('registrations: written by staff, read by staff and the child owner', () => {
  it('staff confirm a place with a start date, or waitlist (no date)', async () => {
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), decision()))
    await assertSucceeds(
      setDoc(doc(staff(), 'registrations', KID), decision({ state: 'waitlisted', startDate: null })),
    )
    await assertSucceeds(deleteDoc(doc(staff(), 'registrations', KID)))
  })

  it('a parent, the owner included, cannot write a registration', async () => {
    for (const [store, uid] of [
      [alice(), 'alice'],
      [bob(), 'bob'],
      [almostStaff(false), 'eve'],
    ] as const) {
      await assertFails(setDoc(doc(store, 'registrations', KID), decision({ decidedBy: uid })))
    }
    await assertFails(setDoc(doc(visitor(), 'registrations', KID), decision()))
    // Control: staff may.
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), decision()))
    await assertFails(updateDoc(doc(alice(), 'registrations', KID), { state: 'waitlisted', startDate: null }))
    await assertFails(deleteDoc(doc(alice(), 'registrations', KID)))
  })

  it('refuses anything but exactly the decision fields, honestly stamped', async () => {
    await assertFails(setDoc(doc(staff(), 'registrations', KID), { ...decision(), note: 'x' }))
    const { decidedAt: _at, ...withoutTime } = decision()
    await assertFails(setDoc(doc(staff(), 'registrations', KID), withoutTime))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ decidedBy: 'someone-else' })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ decidedAt: Timestamp.now() })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ state: 'accepted' })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ startDate: null })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ startDate: '4 Jan 2027' })))
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ startDate: '2027-13-01' })))
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), decision({ state: 'waitlisted', startDate: '2027-01-04' })),
    )
    // Only for a child that exists.
    await assertFails(setDoc(doc(staff(), 'registrations', appId('nobody')), decision()))
    // Control.
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), decision()))
  })

  it('names the record decided on exactly: its timestamp and its fields as stored now', async () => {
    // A stale or made-up record: another timestamp, a field as it was before the parent changed it, a
    // field left out, one added, the owner copied in.
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), decision({ decidedOn: Timestamp.fromMillis(1) })),
    )
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), decision(decidedOn('alice', { kidAge: '3' }))),
    )
    const { address: _address, ...missing } = decidedOn().decidedRecord
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ decidedRecord: missing })))
    await assertFails(
      setDoc(
        doc(staff(), 'registrations', KID),
        decision({ decidedRecord: { ...decidedOn().decidedRecord, note: 'x' } }),
      ),
    )
    await assertFails(
      setDoc(
        doc(staff(), 'registrations', KID),
        decision({ decidedRecord: { ...decidedOn().decidedRecord, userRef: 'alice' } }),
      ),
    )
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision({ decidedRecord: 'all of it' })))
    // Control: the record as stored.
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), decision()))
    // The parent changes the child: the old decision's record no longer passes; the new one does.
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'kids', KID), {
        ...storedKidRecord('alice', { kidAge: '5' }),
        timestamp: Timestamp.fromMillis(KID_SAVED_AT.toMillis() + 60_000),
      })
    })
    await assertFails(setDoc(doc(staff(), 'registrations', KID), decision()))
    await assertSucceeds(
      setDoc(
        doc(staff(), 'registrations', KID),
        decision({
          ...decidedOn('alice', { kidAge: '5' }),
          decidedOn: Timestamp.fromMillis(KID_SAVED_AT.toMillis() + 60_000),
        }),
      ),
    )
  })

  it('after the child is deleted, staff may not update its registration, only delete it', async () => {
    await assertSucceeds(setDoc(doc(staff(), 'registrations', KID), decision()))
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await deleteDoc(doc(db(context), 'kids', KID))
    })
    await assertFails(
      setDoc(doc(staff(), 'registrations', KID), decision({ state: 'waitlisted', startDate: null })),
    )
    await assertFails(deleteDoc(doc(alice(), 'registrations', KID)))
    // Control: staff delete it.
    await assertSucceeds(deleteDoc(doc(staff(), 'registrations', KID)))
  })

  it("the child's owner reads the decision (and 'none yet'); another parent and a visitor cannot", async () => {
    // No decision yet: the owner's listener must see 'no record', not a refusal.
    await assertSucceeds(getDoc(doc(alice(), 'registrations', KID)))
    await assertFails(getDoc(doc(bob(), 'registrations', KID)))
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'registrations', KID), { ...decision(), decidedAt: Timestamp.now() })
    })
    await assertSucceeds(getDoc(doc(alice(), 'registrations', KID)))
    await assertSucceeds(getDoc(doc(staff(), 'registrations', KID)))
    await assertFails(getDoc(doc(bob(), 'registrations', KID)))
    await assertFails(getDoc(doc(visitor(), 'registrations', KID)))
    // A missing child's registration is nobody's but staff's.
    await assertFails(getDoc(doc(alice(), 'registrations', appId('nobody'))))
  })

  it('only staff list registrations', async () => {
    await assertSucceeds(getDocs(collection(staff(), 'registrations')))
    await assertFails(getDocs(collection(alice(), 'registrations')))
    await assertFails(getDocs(query(collection(alice(), 'registrations'), where('state', '==', 'confirmed'))))
    await assertFails(getDocs(collection(visitor(), 'registrations')))
  })

  // How the app follows one registration (registrationQuery): a query for its id, not a listener on it.
  const byId = (store: ReturnType<typeof alice>, kidId: string) =>
    query(collection(store, 'registrations'), where(documentId(), '==', kidId))

  it("the child's owner lists their own child's record by its id, before a decision and after", async () => {
    await assertSucceeds(getDocs(byId(alice(), KID)))
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'registrations', KID), { ...decision(), decidedAt: Timestamp.now() })
    })
    await assertSucceeds(getDocs(byId(alice(), KID)))
    await assertSucceeds(getDocs(byId(staff(), KID)))
  })

  it("nobody else lists a child's record by its id, nor the owner another child's", async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'registrations', KID), { ...decision(), decidedAt: Timestamp.now() })
    })
    await assertFails(getDocs(byId(bob(), KID)))
    await assertFails(getDocs(byId(visitor(), KID)))
    await assertFails(getDocs(byId(almostStaff(false), KID)))
    // A child that does not exist is nobody's.
    await assertFails(getDocs(byId(alice(), appId('nobody'))))
    // The owner's id among others, or with a filter that is not the id: refused as a whole.
    await assertFails(
      getDocs(query(collection(alice(), 'registrations'), where(documentId(), 'in', [KID, appId('bobkid')]))),
    )
    await assertFails(getDocs(query(collection(alice(), 'registrations'), where(documentId(), '>=', KID))))
    // Control: the same query as the owner.
    await assertSucceeds(getDocs(byId(alice(), KID)))
  })
})
