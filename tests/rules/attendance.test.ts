// firestore.rules for arrivals and collections, attendance/{kidId}_{day}_{kind} (issue 51;
// docs/decisions/0070-attendance-records-and-collection-codes.md): verified staff create them, never
// change or delete them; the family named in them reads them. Each refusal sits beside an accepted
// control in the same test: the same request without the offending part.
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
import { beforeEach, describe, expect, it } from 'vitest'
import { asServer, at, centreDay, confirmedChild, DAY, HOUR, KID, MINUTE, people } from './day-fixtures'
import { appId } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-attendance', 'firestore')
const who = () => people(rules.env)
type Store = ReturnType<ReturnType<typeof who>['sam']>

const TODAY = centreDay()
const MESSAGE = appId('message1')
const eventPath = (kind: 'arrival' | 'collection', day = TODAY, kidId = KID) =>
  `attendance/${kidId}_${day}_${kind}`

/** An event as the door's adapter writes it (attendance-record.ts plus the clock fields). */
function event(kind: 'arrival' | 'collection', overrides: Record<string, unknown> = {}) {
  return {
    kidId: KID,
    userRef: 'alice',
    day: TODAY,
    kind,
    deviceAt: at(-2 * MINUTE),
    sentAt: at(0),
    serverAt: serverTimestamp(),
    recordedBy: 'sam',
    collector:
      kind === 'arrival' ? null : { from: 'file', name: 'Ada Eze', relation: 'Aunt', codeChecked: true },
    ...overrides,
  }
}

const record = (store: Store, kind: 'arrival' | 'collection', overrides: Record<string, unknown> = {}) =>
  setDoc(doc(store, eventPath(kind, (overrides.day as string) ?? TODAY)), event(kind, overrides))

/** An arrival stored today (written with the rules off, as if a door device had sent it). */
const arrived = (day = TODAY) =>
  asServer(rules.env, eventPath('arrival', day), { ...event('arrival', { day }), serverAt: Timestamp.now() })

beforeEach(async () => {
  await confirmedChild(rules.env)
})

describe('who records an arrival', () => {
  it('verified staff; not the staff claim on an unverified account, a parent or nobody', async () => {
    await assertFails(record(who().unverified(), 'arrival', { recordedBy: 'eve' }))
    await assertFails(
      setDoc(doc(who().alice(), eventPath('arrival')), event('arrival', { recordedBy: 'alice' })),
    )
    await assertFails(setDoc(doc(who().nobody(), eventPath('arrival')), event('arrival')))
    await assertSucceeds(record(who().sam(), 'arrival'))
  })

  it('as themselves (recordedBy), for the child’s own family (userRef)', async () => {
    await assertFails(record(who().sam(), 'arrival', { recordedBy: 'tobi' }))
    await assertFails(record(who().sam(), 'arrival', { userRef: 'bob' }))
    await assertSucceeds(record(who().sam(), 'arrival'))
  })

  it('only for a child whose place is confirmed and has started', async () => {
    await asServer(rules.env, `registrations/${KID}`, {
      state: 'offered',
      startDate: centreDay(-30),
      replyBy: centreDay(-31),
      offerId: appId('offer'),
      decidedBy: 'sam',
      decidedAt: Timestamp.now(),
    })
    await assertFails(record(who().sam(), 'arrival'))
    await confirmedChild(rules.env, centreDay(1))
    await assertFails(record(who().sam(), 'arrival'))
    await confirmedChild(rules.env, TODAY)
    await assertSucceeds(record(who().sam(), 'arrival'))
  })

  it('not for a child that does not exist or has no decision', async () => {
    const other = appId('nokid')
    await assertFails(
      setDoc(doc(who().sam(), eventPath('arrival', TODAY, other)), event('arrival', { kidId: other })),
    )
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await deleteDoc(doc(firestoreOf(context), 'registrations', KID))
    })
    await assertFails(record(who().sam(), 'arrival'))
    await confirmedChild(rules.env)
    await assertSucceeds(record(who().sam(), 'arrival'))
  })
})

describe('one arrival per child and day', () => {
  it('a second device’s write of the same arrival is refused, and the first stays as it was', async () => {
    await assertSucceeds(record(who().sam(), 'arrival'))
    await assertFails(record(who().tobi(), 'arrival', { recordedBy: 'tobi', deviceAt: at(-MINUTE) }))
    const stored = await getDoc(doc(who().sam(), eventPath('arrival')))
    expect(stored.data()?.recordedBy).toBe('sam')
    // Control: the second device records another day's arrival.
    await assertSucceeds(record(who().tobi(), 'arrival', { recordedBy: 'tobi', day: centreDay(-1) }))
  })

  it('nobody changes or deletes an event, staff included', async () => {
    await assertSucceeds(record(who().sam(), 'arrival'))
    await assertFails(updateDoc(doc(who().sam(), eventPath('arrival')), { deviceAt: at(-HOUR) }))
    await assertFails(record(who().sam(), 'arrival'))
    await assertFails(deleteDoc(doc(who().sam(), eventPath('arrival'))))
    await assertFails(deleteDoc(doc(who().alice(), eventPath('arrival'))))
  })

  it('the id is the child, the day and the kind of what it holds', async () => {
    const store = who().sam()
    await assertFails(setDoc(doc(store, eventPath('arrival', centreDay(-1))), event('arrival')))
    await assertFails(setDoc(doc(store, eventPath('collection')), event('arrival')))
    await assertFails(setDoc(doc(store, 'attendance', appId('random')), event('arrival')))
    await assertSucceeds(setDoc(doc(store, eventPath('arrival')), event('arrival')))
  })
})

describe('the day and the clocks', () => {
  it('the server’s time is the server’s', async () => {
    await assertFails(record(who().sam(), 'arrival', { serverAt: Timestamp.now() }))
    await assertFails(record(who().sam(), 'arrival', { serverAt: null }))
    await assertSucceeds(record(who().sam(), 'arrival'))
  })

  it('the device’s time is kept however far off, from 8 days behind to a day ahead', async () => {
    await assertFails(record(who().sam(), 'arrival', { deviceAt: at(-8 * DAY - HOUR) }))
    await assertFails(record(who().sam(), 'arrival', { sentAt: at(DAY + HOUR) }))
    await assertFails(record(who().sam(), 'arrival', { deviceAt: Date.now() }))
    await assertFails(record(who().sam(), 'arrival', { sentAt: '08:12' }))
    // Controls: a morning offline (sent hours later) and a clock 40 minutes fast, each accepted.
    await assertSucceeds(record(who().sam(), 'arrival', { deviceAt: at(-4 * HOUR), sentAt: at(40 * MINUTE) }))
  })

  it('a day from 7 days back (a door offline for days) to tomorrow; not 8 back, not 2 ahead', async () => {
    await assertFails(record(who().sam(), 'arrival', { day: centreDay(-8) }))
    await assertFails(record(who().sam(), 'arrival', { day: centreDay(2) }))
    await assertFails(record(who().sam(), 'arrival', { day: '2026-02-31' }))
    await assertFails(record(who().sam(), 'arrival', { day: TODAY.replaceAll('-', '/') }))
    await assertSucceeds(record(who().sam(), 'arrival', { day: centreDay(-7) }))
    await assertSucceeds(record(who().sam(), 'arrival', { day: centreDay(1) }))
  })

  it('exactly its fields: nothing more, nothing left out; an arrival names no collector', async () => {
    const { collector: _collector, ...withoutCollector } = event('arrival')
    await assertFails(record(who().sam(), 'arrival', { note: 'late' }))
    await assertFails(setDoc(doc(who().sam(), eventPath('arrival')), withoutCollector))
    await assertFails(
      record(who().sam(), 'arrival', {
        collector: { from: 'file', name: 'Ada', relation: 'Aunt', codeChecked: true },
      }),
    )
    await assertFails(record(who().sam(), 'arrival', { kind: 'lunch' }))
    await assertSucceeds(record(who().sam(), 'arrival'))
  })
})

describe('a collection', () => {
  it('only once the day’s arrival is there', async () => {
    await assertFails(record(who().sam(), 'collection'))
    await arrived(centreDay(-1))
    await assertFails(record(who().sam(), 'collection'))
    await arrived()
    await assertSucceeds(record(who().sam(), 'collection'))
  })

  it('by a person of the file: a name and relation within bounds, whether the code matched', async () => {
    await arrived()
    const file = (overrides: Record<string, unknown>) => ({
      collector: { from: 'file', name: 'Ada Eze', relation: 'Aunt', codeChecked: false, ...overrides },
    })
    await assertFails(record(who().sam(), 'collection', file({ name: 'A'.repeat(81) })))
    await assertFails(record(who().sam(), 'collection', file({ relation: 'R'.repeat(41) })))
    await assertFails(record(who().sam(), 'collection', file({ name: ' ' })))
    await assertFails(record(who().sam(), 'collection', file({ name: 'Ada\u202EEze' })))
    await assertFails(record(who().sam(), 'collection', file({ codeChecked: 'yes' })))
    await assertFails(record(who().sam(), 'collection', file({ phone: '0803 555 0199' })))
    await assertFails(record(who().sam(), 'collection', { collector: null }))
    await assertSucceeds(record(who().sam(), 'collection', file({ name: 'A'.repeat(80) })))
  })

  const someoneElse = (allowedBy: unknown, overrides: Record<string, unknown> = {}) => ({
    collector: {
      from: 'other',
      name: 'Uche Okon',
      relation: 'Neighbour',
      phone: '+234 803 555 0199',
      allowedBy,
      ...overrides,
    },
  })
  const call = { how: 'call', name: 'Ngozi Obi', phone: '0802 555 0101' }

  it('by someone else only with the parent’s permission, by phone', async () => {
    await arrived()
    const { allowedBy: _allowed, ...noPermission } = someoneElse(call).collector
    await assertFails(record(who().sam(), 'collection', { collector: noPermission }))
    await assertFails(record(who().sam(), 'collection', someoneElse({ how: 'call', name: 'Ngozi Obi' })))
    await assertFails(record(who().sam(), 'collection', someoneElse({ ...call, phone: 'the mother' })))
    await assertFails(record(who().sam(), 'collection', someoneElse({ ...call, how: 'trust' })))
    await assertFails(record(who().sam(), 'collection', someoneElse(call, { phone: '12345' })))
    await assertFails(record(who().sam(), 'collection', someoneElse(call, { phone: '         ' })))
    await assertFails(record(who().sam(), 'collection', someoneElse(call, { relation: '' })))
    await assertSucceeds(record(who().sam(), 'collection', someoneElse(call)))
  })

  it('or by the parent’s own message about this child and this day', async () => {
    await arrived()
    const byMessage = someoneElse({ how: 'message', messageId: MESSAGE })
    const message = (overrides: Record<string, unknown>) =>
      asServer(rules.env, `tellTheCentre/${MESSAGE}`, {
        kidId: KID,
        userRef: 'alice',
        day: TODAY,
        kind: 'someone-else',
        reason: null,
        note: '',
        collector: { name: 'Uche Okon', relation: 'Neighbour', phone: '+234 803 555 0199' },
        deviceAt: Timestamp.now(),
        createdAt: Timestamp.now(),
        withdrawnAt: null,
        ...overrides,
      })
    await assertFails(record(who().sam(), 'collection', byMessage))
    await message({ day: centreDay(-1) })
    await assertFails(record(who().sam(), 'collection', byMessage))
    await message({ kind: 'away', reason: 'ill', collector: null })
    await assertFails(record(who().sam(), 'collection', byMessage))
    await message({ kidId: appId('otherkid') })
    await assertFails(record(who().sam(), 'collection', byMessage))
    await message({})
    await assertFails(
      record(who().sam(), 'collection', someoneElse({ how: 'message', messageId: MESSAGE, extra: 1 })),
    )
    await assertSucceeds(record(who().sam(), 'collection', byMessage))
  })
})

describe('who reads the day', () => {
  beforeEach(async () => {
    await arrived()
  })

  it('the family named in it reads it, one by one and as a query for its own family', async () => {
    await assertSucceeds(getDoc(doc(who().alice(), eventPath('arrival'))))
    await assertSucceeds(
      getDocs(query(collection(who().alice(), 'attendance'), where('userRef', '==', 'alice'))),
    )
    await assertFails(getDocs(collection(who().alice(), 'attendance')))
    await assertFails(getDocs(query(collection(who().alice(), 'attendance'), where('kidId', '==', KID))))
  })

  it('another parent reads nothing of it, and nobody signed in nothing at all', async () => {
    await assertFails(getDoc(doc(who().bob(), eventPath('arrival'))))
    await assertFails(getDoc(doc(who().bob(), eventPath('collection'))))
    await assertFails(getDocs(query(collection(who().bob(), 'attendance'), where('userRef', '==', 'alice'))))
    await assertFails(getDoc(doc(who().nobody(), eventPath('arrival'))))
    // Control: bob's own query, which holds nothing.
    await assertSucceeds(getDocs(query(collection(who().bob(), 'attendance'), where('userRef', '==', 'bob'))))
  })

  it('the child’s owner reads an event not recorded yet as none; a malformed id is refused', async () => {
    await assertSucceeds(getDoc(doc(who().alice(), eventPath('collection'))))
    await assertFails(getDoc(doc(who().alice(), 'attendance', `${KID}_today_collection`)))
  })

  it('staff read every event, one by one and all of a day; the unverified claim reads nothing', async () => {
    await assertSucceeds(getDoc(doc(who().sam(), eventPath('arrival'))))
    await assertSucceeds(getDocs(query(collection(who().sam(), 'attendance'), where('day', '==', TODAY))))
    await assertFails(getDoc(doc(who().unverified(), eventPath('arrival'))))
    await assertFails(getDocs(query(collection(who().unverified(), 'attendance'), where('day', '==', TODAY))))
  })
})
