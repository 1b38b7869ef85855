// firestore.rules for a child's age (src/shared/records/kid-age.ts, docs/decisions/0027-child-age.md):
// a new record holds a month of birth within the limits; an older record's free-text age stays valid
// and is kept unchanged on edit, or replaced by a month of birth.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore'
import { describe, expect, it } from 'vitest'
import { birthMonthFor } from '../../src/shared/records/kid-age'
import { appId, kidRecord } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-kid-age', 'firestore')

const alice = () => firestoreOf(rules.env.authenticatedContext('alice'))
const kid = (overrides: Record<string, unknown> = {}) => kidRecord('alice', overrides)
const save = (overrides: Record<string, unknown>, id = 'k1') =>
  setDoc(doc(alice(), `kids/${appId(id)}`), kid(overrides))

/** 'YYYY-MM' of the month `offset` months from this one in UTC (the rules' request.time). */
function utcMonth(offset: number): string {
  const now = new Date()
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** A record saved before ages had a form of their own: free text, no kidBirthMonth at all. */
async function seedLegacy(id: string, kidAge: string) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    const { kidBirthMonth: _none, ...older } = kid({ kidAge })
    await setDoc(doc(firestoreOf(context), 'kids', appId(id)), { ...older, timestamp: Timestamp.now() })
  })
}

describe('kids/{kidId}: a new record’s age is a month of birth', () => {
  it('saves a month of birth from next month back to 12 years 12 months ago (UTC), no further', async () => {
    await assertSucceeds(save({ kidBirthMonth: birthMonthFor(1, 6, new Date()) }))
    await assertSucceeds(save({ kidBirthMonth: utcMonth(1) }))
    await assertSucceeds(save({ kidBirthMonth: utcMonth(-(12 * 12 + 12)) }))
    await assertFails(save({ kidBirthMonth: utcMonth(2) }))
    await assertFails(save({ kidBirthMonth: utcMonth(-(12 * 12 + 13)) }))
  })

  it('refuses what is not a month of birth', async () => {
    for (const value of ['', '2025-13', '2025-00', '2025-1', '25-01', '2025-01-15', 'May 2025', 2025]) {
      await assertFails(save({ kidBirthMonth: value }))
    }
    const { kidBirthMonth: _none, ...without } = kid()
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), without))
  })

  it('refuses free text as a new record’s age, alone or beside a month of birth', async () => {
    await assertFails(save({ kidAge: '4', kidBirthMonth: '' }))
    await assertFails(save({ kidAge: '18 months', kidBirthMonth: '' }))
    await assertFails(save({ kidAge: '4' }))
  })
})

describe('kids/{kidId}: an older record’s free-text age', () => {
  it('stays readable as written', async () => {
    await seedLegacy('k1', '18 months')
    const read = await assertSucceeds(getDoc(doc(alice(), `kids/${appId('k1')}`)))
    expect(read.data()?.kidAge).toBe('18 months')
  })

  it('an edit keeps it unchanged (the whole record written back, as the app saves)', async () => {
    await seedLegacy('k1', '18 months')
    await assertSucceeds(save({ kidAge: '18 months', kidBirthMonth: '', kidName: 'Amara Grace' }))
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { parentAge: '36', timestamp: serverTimestamp() }),
    )
  })

  it('an edit may not change the text, only replace it with a month of birth', async () => {
    await seedLegacy('k1', '2')
    await assertFails(save({ kidAge: '3', kidBirthMonth: '' }))
    await assertFails(save({ kidAge: '2', kidBirthMonth: birthMonthFor(2, 0, new Date()) }))
    await assertSucceeds(save({ kidAge: '', kidBirthMonth: birthMonthFor(2, 3, new Date()) }))
    // Once replaced, the text cannot come back.
    await assertFails(save({ kidAge: '2', kidBirthMonth: '' }))
  })
})
