// firestore.rules for the register (docs/decisions/0078-the-register.md): centre/today, the 'not seen'
// time and the register's period, which verified staff read and set within bounds; and the month's
// register, a query on attendance by day that staff make and a parent may not. Each refusal sits beside
// an accepted control in the same test: the same request without the offending part.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { collection, doc, getDoc, getDocs, limit, orderBy, query, setDoc, where } from 'firebase/firestore'
import { describe, it } from 'vitest'
import { people } from './day-fixtures'
import { useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-day-settings', 'firestore')
const who = () => people(rules.env)
const SETTINGS = { notSeenAt: '09:30', registerMonths: 24 }

describe('centre/today: the day’s settings', () => {
  it('verified staff read and set them; a parent, an unverified claim or a visitor does not', async () => {
    const { sam, alice, unverified, nobody } = who()
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), SETTINGS))
    await assertSucceeds(getDoc(doc(sam(), 'centre/today')))
    await assertFails(setDoc(doc(alice(), 'centre/today'), SETTINGS))
    await assertFails(getDoc(doc(alice(), 'centre/today')))
    await assertFails(setDoc(doc(unverified(), 'centre/today'), SETTINGS))
    await assertFails(getDoc(doc(unverified(), 'centre/today')))
    await assertFails(getDoc(doc(nobody(), 'centre/today')))
  })

  it('takes a time from 06:00 to 13:50 only, as HH:MM', async () => {
    const { sam } = who()
    for (const notSeenAt of ['05:59', '13:51', '14:00', '9:30', '09:30 ', '24:00', 930])
      await assertFails(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, notSeenAt }))
    // The control: the bounds themselves.
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, notSeenAt: '06:00' }))
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, notSeenAt: '13:50' }))
  })

  it('takes a register of 3 to 120 whole months only', async () => {
    const { sam } = who()
    for (const registerMonths of [2, 121, 12.5, '12', 0])
      await assertFails(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, registerMonths }))
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, registerMonths: 3 }))
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, registerMonths: 120 }))
  })

  it('takes both fields and nothing else', async () => {
    const { sam } = who()
    await assertFails(setDoc(doc(sam(), 'centre/today'), { notSeenAt: '09:30' }))
    await assertFails(setDoc(doc(sam(), 'centre/today'), { registerMonths: 24 }))
    await assertFails(setDoc(doc(sam(), 'centre/today'), { ...SETTINGS, day: '2026-12-06' }))
    await assertSucceeds(setDoc(doc(sam(), 'centre/today'), SETTINGS))
  })

  it('leaves centre/notSeenCheck to the functions', async () => {
    const { sam } = who()
    await assertFails(getDoc(doc(sam(), 'centre/notSeenCheck')))
    await assertFails(setDoc(doc(sam(), 'centre/notSeenCheck'), { day: '2026-12-06' }))
    // The control: the settings beside it.
    await assertSucceeds(getDoc(doc(sam(), 'centre/today')))
  })
})

describe('the register: a month of attendance', () => {
  const month = (store: ReturnType<ReturnType<typeof who>['sam']>, extra: ReturnType<typeof where>[] = []) =>
    query(
      collection(store, 'attendance'),
      where('day', '>=', '2026-11-01'),
      where('day', '<=', '2026-11-31'),
      ...extra,
      orderBy('day'),
      limit(1000),
    )

  it('staff query a month of every family; a parent only their own family’s', async () => {
    const { sam, alice, unverified } = who()
    await assertSucceeds(getDocs(month(sam())))
    await assertFails(getDocs(month(alice())))
    await assertFails(getDocs(month(unverified())))
    // The control: the parent's query for their own family's events.
    await assertSucceeds(getDocs(month(alice(), [where('userRef', '==', 'alice')])))
  })
})
