// firestore.rules for kids/{kidId}, against the Firestore emulator (npm run test:emulators; needs Java 21).
// Every operation for the owner, another parent and a signed-out visitor, plus the record's shape.
import { readFileSync } from 'node:fs'
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
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
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'

let env: RulesTestEnvironment

// rules-unit-testing hands out the compat Firestore; the modular functions unwrap it (as its docs show).
const db = (context: RulesTestContext) => context.firestore() as unknown as Firestore

const alice = () => db(env.authenticatedContext('alice'))
const bob = () => db(env.authenticatedContext('bob'))
const visitor = () => db(env.unauthenticatedContext())

const photo = (n: number) =>
  `https://firebasestorage.googleapis.com/v0/b/demo-sunbeam.appspot.com/o/images%2Falice-p${n}.jpg-R${n}?alt=media&token=t${n}`

/** A record as the app writes it (src/shared/records/kid-record.ts plus the server timestamp). */
function kid(owner = 'alice', overrides: Record<string, unknown> = {}) {
  return {
    kidName: 'Amara Obi',
    kidAge: '4',
    kidGender: 'Female',
    disability: false,
    parentName: 'Ngozi Obi',
    parentAge: '34',
    parentPhone: '+234 802 555 0101',
    address: '12 Palm Close\nUyo',
    plan: 'Monthly',
    imgUrls: [photo(1), photo(2)],
    userRef: owner,
    timestamp: serverTimestamp(),
    ...overrides,
  }
}

async function seed(id: string, owner: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'kids', id), { ...kid(owner), timestamp: Timestamp.now() })
  })
}

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-sunbeam-rules-kids',
    firestore: { rules: readFileSync('firestore.rules', 'utf8') },
  })
})

beforeEach(async () => {
  await env.clearFirestore()
})

afterAll(async () => {
  await env.cleanup()
})

describe('kids/{kidId}: create', () => {
  it('lets a parent create a child record as themselves', async () => {
    await assertSucceeds(setDoc(doc(alice(), 'kids/k1'), kid()))
  })

  it('refuses a record in another parent’s name, and visitors', async () => {
    await assertFails(setDoc(doc(bob(), 'kids/k1'), kid('alice')))
    await assertFails(setDoc(doc(visitor(), 'kids/k1'), kid('alice')))
    await assertFails(setDoc(doc(visitor(), 'kids/k1'), kid('')))
  })

  it('refuses a client-made timestamp', async () => {
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { timestamp: Timestamp.fromMillis(0) })))
  })

  it('refuses missing and extra fields', async () => {
    const { address: _address, ...withoutAddress } = kid()
    await assertFails(setDoc(doc(alice(), 'kids/k1'), withoutAddress))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { images: [] })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { admin: true })))
  })

  it('checks the enums and types', async () => {
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { kidGender: 'Other' })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { plan: 'Yearly' })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { disability: 'No' })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { kidAge: 4 })))
    await assertSucceeds(setDoc(doc(alice(), 'kids/k1'), kid('alice', { kidGender: 'Male', plan: 'Daily' })))
  })

  it('refuses empty and over-long text (the limits of kid-record.ts)', async () => {
    const limits = {
      kidName: 80,
      kidAge: 20,
      parentName: 80,
      parentAge: 20,
      parentPhone: 30,
      address: 300,
    }
    for (const [field, max] of Object.entries(limits)) {
      await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { [field]: '' })))
      await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { [field]: 'x'.repeat(max + 1) })))
      await assertSucceeds(
        setDoc(doc(alice(), `kids/ok-${field}`), kid('alice', { [field]: 'x'.repeat(max) })),
      )
    }
  })

  it('needs 1 to 6 photo addresses', async () => {
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [] })))
    await assertFails(
      setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [1, 2, 3, 4, 5, 6, 7].map(photo) })),
    )
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [photo(1), 42] })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [''] })))
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: photo(1) })))
    await assertSucceeds(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [photo(1)] })))
    await assertSucceeds(
      setDoc(doc(alice(), 'kids/k2'), kid('alice', { imgUrls: [1, 2, 3, 4, 5, 6].map(photo) })),
    )
  })
})

describe('kids/{kidId}: read', () => {
  it('only the owner reads a record', async () => {
    await seed('k1', 'alice')
    await assertSucceeds(getDoc(doc(alice(), 'kids/k1')))
    await assertFails(getDoc(doc(bob(), 'kids/k1')))
    await assertFails(getDoc(doc(visitor(), 'kids/k1')))
  })

  it('a missing record reads as refused (nobody learns which ids exist)', async () => {
    await assertFails(getDoc(doc(alice(), 'kids/nope')))
  })

  it('the profile query works for the owner; querying others, or everything, is refused', async () => {
    await seed('k1', 'alice')
    await seed('k2', 'bob')
    const kids = (firestore: Firestore) => collection(firestore, 'kids')
    await assertSucceeds(
      getDocs(query(kids(alice()), where('userRef', '==', 'alice'), orderBy('timestamp', 'desc'))),
    )
    await assertFails(getDocs(query(kids(bob()), where('userRef', '==', 'alice'))))
    await assertFails(getDocs(kids(alice())))
    await assertFails(getDocs(query(kids(visitor()), where('userRef', '==', 'alice'))))
  })
})

describe('kids/{kidId}: update', () => {
  it('the owner overwrites the record with a new server timestamp (the edit screen)', async () => {
    await seed('k1', 'alice')
    await assertSucceeds(setDoc(doc(alice(), 'kids/k1'), kid('alice', { kidName: 'Amara Grace' })))
    await assertSucceeds(updateDoc(doc(alice(), 'kids/k1'), { plan: 'Weekly', timestamp: serverTimestamp() }))
  })

  it('userRef never changes hands', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('bob')))
    await assertFails(updateDoc(doc(alice(), 'kids/k1'), { userRef: 'bob', timestamp: serverTimestamp() }))
  })

  it('an update is validated like a create', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { imgUrls: [] })))
    await assertFails(updateDoc(doc(alice(), 'kids/k1'), { plan: 'Weekly' })) // no new timestamp
    await assertFails(setDoc(doc(alice(), 'kids/k1'), kid('alice', { kidName: 'x'.repeat(81) })))
  })

  it('nobody else updates it', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(bob(), 'kids/k1'), kid('bob')))
    await assertFails(setDoc(doc(bob(), 'kids/k1'), kid('alice')))
    await assertFails(
      updateDoc(doc(visitor(), 'kids/k1'), { kidName: 'Visitor', timestamp: serverTimestamp() }),
    )
  })
})

describe('kids/{kidId}: delete', () => {
  it('only the owner deletes a record', async () => {
    await seed('k1', 'alice')
    await assertFails(deleteDoc(doc(bob(), 'kids/k1')))
    await assertFails(deleteDoc(doc(visitor(), 'kids/k1')))
    await assertSucceeds(deleteDoc(doc(alice(), 'kids/k1')))
  })
})
