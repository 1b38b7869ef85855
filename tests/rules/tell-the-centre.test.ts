// firestore.rules for 'Tell the centre', tellTheCentre/{messageId} (issue 51;
// docs/decisions/0070-attendance-records-and-collection-codes.md): the child's owner creates 'Away today'
// and 'Someone else collects today' (the id chosen on the device) and may withdraw one once; staff read
// them and never write them; nobody deletes one. Each refusal beside its accepted control.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
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
import { asServer, at, centreDay, confirmedChild, DAY, HOUR, KID, MINUTE, people } from './day-fixtures'
import { appId } from './kid-fixtures'
import { useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-tell-the-centre', 'firestore')
const who = () => people(rules.env)
type Store = ReturnType<ReturnType<typeof who>['alice']>

const ID = appId('message1')
const uche = { name: 'Uche Okon', relation: 'Neighbour', phone: '+234 803 555 0199' }

/** 'Away today' as the parent's adapter writes it (tell-the-centre-record.ts, tellMessageData). */
function away(overrides: Record<string, unknown> = {}) {
  return {
    kidId: KID,
    userRef: 'alice',
    day: centreDay(),
    kind: 'away',
    reason: 'ill',
    note: '',
    collector: null,
    deviceAt: at(-MINUTE),
    createdAt: serverTimestamp(),
    withdrawnAt: null,
    ...overrides,
  }
}
const someoneElse = (overrides: Record<string, unknown> = {}) =>
  away({ kind: 'someone-else', reason: null, collector: uche, ...overrides })

const send = (store: Store, data: Record<string, unknown>, id = ID) =>
  setDoc(doc(store, 'tellTheCentre', id), data)
const message = (store: Store, id = ID) => doc(store, 'tellTheCentre', id)

beforeEach(async () => {
  await confirmedChild(rules.env)
})

describe('who tells the centre', () => {
  it('the child’s owner, as themselves; not another parent, staff or nobody', async () => {
    await assertFails(send(who().bob(), away({ userRef: 'bob' })))
    await assertFails(send(who().bob(), away()))
    await assertFails(send(who().alice(), away({ userRef: 'bob' })))
    await assertFails(send(who().sam(), away({ userRef: 'sam' })))
    await assertFails(send(who().nobody(), away()))
    await assertSucceeds(send(who().alice(), away()))
  })

  it('for a child whose place is confirmed (before the first day too)', async () => {
    await asServer(rules.env, `registrations/${KID}`, {
      state: 'waitlisted',
      startDate: null,
      decidedBy: 'sam',
      decidedAt: Timestamp.now(),
    })
    await assertFails(send(who().alice(), away()))
    await confirmedChild(rules.env, centreDay(10))
    await assertSucceeds(send(who().alice(), away()))
  })

  it('under an id the app makes (20 letters and digits), written once', async () => {
    await assertFails(send(who().alice(), away(), 'short'))
    await assertFails(send(who().alice(), away(), `${ID}-x`))
    await assertSucceeds(send(who().alice(), away()))
    // A second write under the same id is an update the rules refuse: the sender reads what is there.
    await assertFails(send(who().alice(), away({ reason: 'holiday' })))
  })
})

describe('what a message holds', () => {
  it('Away today: a reason the form offers, an optional note of at most 300 characters', async () => {
    await assertFails(send(who().alice(), away({ reason: 'bored' })))
    await assertFails(send(who().alice(), away({ reason: null })))
    await assertFails(send(who().alice(), away({ note: 'x'.repeat(301) })))
    await assertFails(send(who().alice(), away({ note: 'Fever\u0000' })))
    await assertFails(send(who().alice(), away({ collector: uche })))
    await assertSucceeds(send(who().alice(), away({ reason: 'other', note: `Fever\n${'x'.repeat(294)}` })))
  })

  it('Someone else collects today: a name, a relation and a phone that can be called', async () => {
    await assertFails(send(who().alice(), someoneElse({ collector: null })))
    await assertFails(send(who().alice(), someoneElse({ collector: { ...uche, phone: 'ring Uche' } })))
    await assertFails(send(who().alice(), someoneElse({ collector: { ...uche, phone: '123456' } })))
    await assertFails(send(who().alice(), someoneElse({ collector: { ...uche, name: 'U'.repeat(81) } })))
    await assertFails(send(who().alice(), someoneElse({ collector: { ...uche, relation: '' } })))
    await assertFails(send(who().alice(), someoneElse({ collector: { ...uche, car: 'red' } })))
    await assertFails(send(who().alice(), someoneElse({ reason: 'ill' })))
    await assertSucceeds(send(who().alice(), someoneElse()))
  })

  it('a day from yesterday (sent late) to 30 days ahead', async () => {
    await assertFails(send(who().alice(), away({ day: centreDay(-2) })))
    await assertFails(send(who().alice(), away({ day: centreDay(31) })))
    await assertSucceeds(send(who().alice(), away({ day: centreDay(-1) })))
    await assertSucceeds(send(who().alice(), away({ day: centreDay(30) }), appId('message2')))
  })

  it('the server’s time, the device’s within bounds, not withdrawn, exactly these fields', async () => {
    await assertFails(send(who().alice(), away({ createdAt: Timestamp.now() })))
    await assertFails(send(who().alice(), away({ deviceAt: at(-9 * DAY) })))
    await assertFails(send(who().alice(), away({ deviceAt: at(DAY + HOUR) })))
    await assertFails(send(who().alice(), away({ withdrawnAt: serverTimestamp() })))
    await assertFails(send(who().alice(), away({ urgent: true })))
    await assertSucceeds(send(who().alice(), away({ deviceAt: at(-3 * HOUR) })))
  })
})

describe('reading and withdrawing', () => {
  beforeEach(async () => {
    await assertSucceeds(send(who().alice(), away()))
  })

  it('the writer and staff read it; another parent does not', async () => {
    await assertSucceeds(getDoc(message(who().alice())))
    await assertSucceeds(
      getDocs(query(collection(who().alice(), 'tellTheCentre'), where('userRef', '==', 'alice'))),
    )
    await assertSucceeds(getDoc(message(who().sam())))
    await assertSucceeds(
      getDocs(query(collection(who().sam(), 'tellTheCentre'), where('day', '==', centreDay()))),
    )
    await assertFails(getDoc(message(who().bob())))
    await assertFails(
      getDocs(query(collection(who().bob(), 'tellTheCentre'), where('userRef', '==', 'alice'))),
    )
    await assertFails(getDocs(collection(who().alice(), 'tellTheCentre')))
    await assertFails(getDoc(message(who().unverified())))
  })

  it('the writer withdraws it once, at the server’s time, changing nothing else', async () => {
    await assertFails(updateDoc(message(who().alice()), { withdrawnAt: Timestamp.now() }))
    await assertFails(
      updateDoc(message(who().alice()), { withdrawnAt: serverTimestamp(), reason: 'holiday' }),
    )
    await assertFails(updateDoc(message(who().bob()), { withdrawnAt: serverTimestamp() }))
    await assertFails(updateDoc(message(who().sam()), { withdrawnAt: serverTimestamp() }))
    await assertSucceeds(updateDoc(message(who().alice()), { withdrawnAt: serverTimestamp() }))
    await assertFails(updateDoc(message(who().alice()), { withdrawnAt: serverTimestamp() }))
  })

  it('nobody deletes it by hand', async () => {
    await assertFails(deleteDoc(message(who().alice())))
    await assertFails(deleteDoc(message(who().sam())))
    await assertSucceeds(getDoc(message(who().alice())))
  })
})
