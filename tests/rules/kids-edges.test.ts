// firestore.rules for kids/{kidId}: the cases a review found untested (non-text values, deleted fields,
// broader queries, a listener on an id someone else then creates, text limits in emoji and non-Latin
// scripts), and paths no rule opens. Against the Firestore emulator (npm run test:emulators).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  collectionGroup,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore'
import { describe, expect, it } from 'vitest'
import { KID_TEXT_MAX } from '../../src/shared/records/kid-record'
import { characterCount } from '../../src/shared/records/record-text'
import { appId, kidRecord, photo } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-kids-edges', 'firestore')

const db = firestoreOf

const alice = () => db(rules.env.authenticatedContext('alice'))
const bob = () => db(rules.env.authenticatedContext('bob'))
const visitor = () => db(rules.env.unauthenticatedContext())

const kid = (overrides: Record<string, unknown> = {}) => kidRecord('alice', overrides)

const ALL_TEXT_FIELDS = Object.keys(KID_TEXT_MAX) as (keyof typeof KID_TEXT_MAX)[]
// kidAge holds text only in older records, kept unchanged (kid-age.test.ts): a new record's is ''.
const TEXT_FIELDS = ALL_TEXT_FIELDS.filter((field) => field !== 'kidAge')

async function seed(id: string, owner: string) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'kids', appId(id)), {
      ...kid({ userRef: owner, imgUrls: [photo(1, owner)] }),
      timestamp: Timestamp.now(),
    })
  })
}

describe('kids/{kidId}: values of the wrong type', () => {
  it('refuses a number, a boolean, null, a list or a map in every text field', async () => {
    for (const field of [...ALL_TEXT_FIELDS, 'kidBirthMonth']) {
      for (const value of [4, true, null, ['Amara'], { text: 'Amara' }]) {
        await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ [field]: value })))
      }
    }
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid()))
  })

  it('refuses a userRef that is not the uid as text', async () => {
    for (const value of [null, 42, ['alice'], { uid: 'alice' }, true]) {
      await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ userRef: value })))
    }
  })

  it('refuses imgUrls as a map (even one keyed like a list)', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ imgUrls: { 0: photo(1) } })))
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ imgUrls: { a: photo(1), b: photo(2) } })),
    )
  })

  it('an update may not delete a field (deleteField())', async () => {
    await seed('k1', 'alice')
    for (const field of [
      ...ALL_TEXT_FIELDS,
      'kidBirthMonth',
      'imgUrls',
      'userRef',
      'plan',
      'disability',
      'kidGender',
    ]) {
      await assertFails(
        updateDoc(doc(alice(), `kids/${appId('k1')}`), {
          [field]: deleteField(),
          timestamp: serverTimestamp(),
        }),
      )
    }
    await assertFails(updateDoc(doc(alice(), `kids/${appId('k1')}`), { timestamp: deleteField() }))
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { plan: 'Daily', timestamp: serverTimestamp() }),
    )
  })
})

describe('kids/{kidId}: text at the limits, counted as the form counts (characters, not UTF-16 units)', () => {
  // The form counts characters (code points, record-text.ts characterCount); the rules must count the
  // same, or the server refuses what the form let through. An emoji is 1 character (2 UTF-16 units); an
  // emoji with a skin tone is 2 characters, and so is a letter with a combining mark.
  const scripts = {
    emoji: '😀',
    'emoji with skin tone': '👋🏾',
    'Yoruba with combining marks': 'ọ̀',
    Chinese: '漢',
    Arabic: 'ع',
    Devanagari: 'क',
  }

  for (const [name, unit] of Object.entries(scripts)) {
    it(`${name}: exactly at each limit is saved, one character more is refused`, async () => {
      const unitChars = characterCount(unit)
      for (const field of TEXT_FIELDS) {
        const max = KID_TEXT_MAX[field]
        const atLimit = unit.repeat(Math.floor(max / unitChars)) + 'x'.repeat(max % unitChars)
        expect(characterCount(atLimit)).toBe(max)
        await assertSucceeds(setDoc(doc(alice(), `kids/${appId(`ok${field}`)}`), kid({ [field]: atLimit })))
        await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ [field]: `${atLimit}x` })))
        await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ [field]: `${atLimit}${unit}` })))
      }
    })
  }

  it('an emoji counts as 1: 80 fill an 80-character name (160 UTF-16 units), 81 are refused', async () => {
    expect('😀'.repeat(80).length).toBe(160)
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ kidName: '😀'.repeat(80) })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k2')}`), kid({ kidName: '😀'.repeat(81) })))
    // The 300-character address, in emoji across lines.
    const address = `${'🏠'.repeat(149)}\n${'🌴'.repeat(150)}`
    expect(characterCount(address)).toBe(300)
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k3')}`), kid({ address })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k4')}`), kid({ address: `${address}🌴` })))
  })
})

describe('kids/{kidId}: a gender or plan the app does not offer (an older app, the console)', () => {
  async function seedOdd(id: string) {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'kids', appId(id)), {
        ...kid({ kidGender: 'Non-binary', plan: 'Yearly' }),
        timestamp: Timestamp.now(),
      })
    })
  }

  it('an edit keeps it: the whole record written back with it unchanged, as the app saves', async () => {
    await seedOdd('k1')
    await assertSucceeds(
      setDoc(
        doc(alice(), `kids/${appId('k1')}`),
        kid({ kidGender: 'Non-binary', plan: 'Yearly', kidName: 'Amara Grace Obi' }),
      ),
    )
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { parentAge: '36', timestamp: serverTimestamp() }),
    )
  })

  it('an edit may replace it with an offered value, never with another value not offered', async () => {
    await seedOdd('k1')
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ kidGender: 'Other', plan: 'Yearly' })),
    )
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ kidGender: 'Non-binary', plan: 'Fortnightly' })),
    )
    // Accepted controls: the offered values.
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ kidGender: 'Male', plan: 'Yearly' })),
    )
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ kidGender: 'Male', plan: 'Daily' })),
    )
    // Once replaced, the old value is not offered any more.
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid({ plan: 'Yearly' })))
  })

  it('a new record may not hold it, nor may another parent keep it on their write', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k2')}`), kid({ kidGender: 'Non-binary' })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k3')}`), kid({ plan: 'Yearly' })))
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k4')}`), kid()))
    await seedOdd('k5')
    await assertFails(
      setDoc(
        doc(bob(), `kids/${appId('k5')}`),
        kidRecord('bob', { kidGender: 'Non-binary', plan: 'Yearly', imgUrls: [photo(1, 'bob')] }),
      ),
    )
  })
})

describe('kids/{kidId}: queries', () => {
  const kids = (firestore: Firestore) => collection(firestore, 'kids')

  it("refuses an 'in' query, even one listing only the parent's own uid with another", async () => {
    await seed('k1', 'alice')
    await seed('k2', 'bob')
    await assertFails(getDocs(query(kids(alice()), where('userRef', 'in', ['alice', 'bob']))))
    await assertFails(getDocs(query(kids(alice()), where('userRef', 'in', ['bob']))))
  })

  it('refuses an orderBy-only query and a query on another field', async () => {
    await seed('k1', 'alice')
    await assertFails(getDocs(query(kids(alice()), orderBy('timestamp', 'desc'))))
    await assertFails(getDocs(query(kids(alice()), where('plan', '==', 'Monthly'))))
  })

  it('refuses collection-group queries on kids, even filtered on the parent', async () => {
    await seed('k1', 'alice')
    await assertFails(getDocs(collectionGroup(alice(), 'kids')))
    await assertFails(getDocs(query(collectionGroup(alice(), 'kids'), where('userRef', '==', 'alice'))))
  })
})

describe('kids/{kidId}: a listener on an id that is missing, then created by someone else', () => {
  it('gets "no record", then is refused when the record appears: never the record', async () => {
    const events: string[] = []
    const refused = new Promise<void>((resolve) => {
      const stop = onSnapshot(
        doc(bob(), `kids/${appId('k1')}`),
        (snapshot) => {
          events.push(snapshot.exists() ? `record of ${snapshot.get('userRef')}` : 'no record')
          if (!snapshot.metadata.fromCache && !snapshot.exists() && events.length === 1) {
            // The listener has the server's 'no record': now its owner creates it.
            setDoc(doc(alice(), `kids/${appId('k1')}`), kid()).catch((error: unknown) =>
              events.push(String(error)),
            )
          }
        },
        (error) => {
          events.push(`refused: ${(error as { code?: string }).code}`)
          stop()
          resolve()
        },
      )
    })
    await refused
    expect(events).toEqual(['no record', 'refused: permission-denied'])
    // The record is there, and still Alice's alone.
    await assertSucceeds(getDoc(doc(alice(), `kids/${appId('k1')}`)))
    await assertFails(getDoc(doc(bob(), `kids/${appId('k1')}`)))
  })
})

describe('paths no rule opens', () => {
  it('refuses every read and write in an unknown collection', async () => {
    for (const store of [alice(), visitor()]) {
      await assertFails(setDoc(doc(store, 'admins/alice'), { admin: true }))
      await assertFails(getDoc(doc(store, 'admins/alice')))
      await assertFails(getDocs(collection(store, 'admins')))
    }
  })

  it("refuses subcollections, even under the parent's own records", async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}/notes/n1`), { text: 'hi' }))
    await assertFails(getDocs(collection(alice(), `kids/${appId('k1')}/notes`)))
    await assertFails(setDoc(doc(alice(), 'users/alice/private/p1'), { text: 'hi' }))
    await assertFails(getDoc(doc(alice(), 'users/alice/private/p1')))
    await assertFails(setDoc(doc(visitor(), 'inquiries/i1/replies/r1'), { text: 'hi' }))
  })
})
