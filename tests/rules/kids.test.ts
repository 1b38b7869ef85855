// firestore.rules for kids/{kidId}, against the Firestore emulator (npm run test:emulators; needs Java 21).
// Every operation for the owner, another parent and a signed-out visitor, plus the record's shape.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
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
import { appId, kidRecord, photo } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-kids', 'firestore')

const db = firestoreOf

const alice = () => db(rules.env.authenticatedContext('alice'))
const bob = () => db(rules.env.authenticatedContext('bob'))
const visitor = () => db(rules.env.unauthenticatedContext())

/** What records held before photos became private: a download address with its secret token. */
const _downloadUrl = (n: number) =>
  `https://firebasestorage.googleapis.com/v0/b/demo-sunbeam.appspot.com/o/images%2Falice-p${n}.jpg-R${n}?alt=media&token=t${n}`

const kid = kidRecord

async function seed(id: string, owner: string) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'kids', appId(id)), { ...kid(owner), timestamp: Timestamp.now() })
  })
}

describe('kids/{kidId}: create', () => {
  it('lets a parent create a child record as themselves', async () => {
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid()))
  })

  it('refuses a record in another parent’s name, and visitors', async () => {
    // Bob's own photos, so only the name on the record is wrong.
    await assertFails(setDoc(doc(bob(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [photo(1, 'bob')] })))
    await assertFails(setDoc(doc(visitor(), `kids/${appId('k1')}`), kid('alice')))
    await assertFails(setDoc(doc(visitor(), `kids/${appId('k1')}`), kid('')))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid()))
  })

  it('refuses a client-made timestamp', async () => {
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { timestamp: Timestamp.fromMillis(0) })),
    )
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid()))
  })

  it('refuses missing and extra fields', async () => {
    const { address: _address, ...withoutAddress } = kid()
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withoutAddress))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { images: [] })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { admin: true })))
    // Control, in the same test: the record as the app writes it.
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid()))
  })

  it('checks the enums and types', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidGender: 'Other' })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { plan: 'Yearly' })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { disability: 'No' })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidAge: 4 })))
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidGender: 'Male', plan: 'Daily' })),
    )
  })

  it('refuses empty and over-long text (the limits of kid-record.ts)', async () => {
    const limits = {
      kidName: 80,
      parentName: 80,
      parentAge: 20,
      parentPhone: 30,
      address: 300,
    }
    for (const [field, max] of Object.entries(limits)) {
      await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { [field]: '' })))
      await assertFails(
        setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { [field]: 'x'.repeat(max + 1) })),
      )
      await assertSucceeds(
        setDoc(doc(alice(), `kids/${appId(`ok${field}`)}`), kid('alice', { [field]: 'x'.repeat(max) })),
      )
    }
  })

  it('needs 1 to 6 photo paths', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [] })))
    await assertFails(
      setDoc(
        doc(alice(), `kids/${appId('k1')}`),
        kid('alice', { imgUrls: [1, 2, 3, 4, 5, 6, 7].map((n) => photo(n)) }),
      ),
    )
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [photo(1), 42] })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [''] })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: photo(1) })))
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [photo(1)] })))
    await assertSucceeds(
      setDoc(
        doc(alice(), `kids/${appId('k2')}`),
        kid('alice', { imgUrls: [1, 2, 3, 4, 5, 6].map((n) => photo(n)) }),
      ),
    )
  })
})

describe('kids/{kidId}: read', () => {
  it('only the owner reads a record', async () => {
    await seed('k1', 'alice')
    await assertSucceeds(getDoc(doc(alice(), `kids/${appId('k1')}`)))
    await assertFails(getDoc(doc(bob(), `kids/${appId('k1')}`)))
    await assertFails(getDoc(doc(visitor(), `kids/${appId('k1')}`)))
  })

  it('a signed-in parent may read a record that does not exist (yet); a visitor may not', async () => {
    await assertSucceeds(getDoc(doc(alice(), `kids/${appId('nope')}`)))
    await assertSucceeds(getDoc(doc(bob(), `kids/${appId('nope')}`)))
    await assertFails(getDoc(doc(visitor(), `kids/${appId('nope')}`)))
  })

  it('a listener opened before the first save sees the record arrive', async () => {
    const seen = await new Promise<boolean[]>((resolve, reject) => {
      const states: boolean[] = []
      const stop = onSnapshot(
        doc(alice(), `kids/${appId('k1')}`),
        (snapshot) => {
          if (snapshot.metadata.hasPendingWrites) return
          states.push(snapshot.exists())
          if (snapshot.exists()) {
            stop()
            resolve(states)
          } else if (states.length === 1) {
            setDoc(doc(alice(), `kids/${appId('k1')}`), kid()).catch(reject)
          }
        },
        reject,
      )
    })
    expect(seen).toEqual([false, true])
  })

  it('another parent’s existing record stays refused once it exists', async () => {
    await assertSucceeds(getDoc(doc(bob(), `kids/${appId('k1')}`)))
    await seed('k1', 'alice')
    await assertFails(getDoc(doc(bob(), `kids/${appId('k1')}`)))
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
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidName: 'Amara Grace' })),
    )
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { plan: 'Weekly', timestamp: serverTimestamp() }),
    )
  })

  it('userRef never changes hands', async () => {
    await seed('k1', 'alice')
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid('bob', { imgUrls: [photo(1, 'alice')] })),
    )
    await assertFails(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { userRef: 'bob', timestamp: serverTimestamp() }),
    )
    // Control: the same update keeping userRef.
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { userRef: 'alice', timestamp: serverTimestamp() }),
    )
  })

  it('an update is validated like a create', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [] })))
    await assertFails(updateDoc(doc(alice(), `kids/${appId('k1')}`), { plan: 'Weekly' })) // no new timestamp
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidName: 'x'.repeat(81) })))
    // Control.
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { plan: 'Weekly', timestamp: serverTimestamp() }),
    )
  })

  it('nobody else updates it', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(bob(), `kids/${appId('k1')}`), kid('bob')))
    await assertFails(setDoc(doc(bob(), `kids/${appId('k1')}`), kid('alice')))
    await assertFails(
      updateDoc(doc(visitor(), `kids/${appId('k1')}`), { kidName: 'Visitor', timestamp: serverTimestamp() }),
    )
    await assertFails(
      updateDoc(doc(bob(), `kids/${appId('k1')}`), { kidName: 'Bob was here', timestamp: serverTimestamp() }),
    )
    // Control: the owner's same update.
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), {
        kidName: 'Amara Grace',
        timestamp: serverTimestamp(),
      }),
    )
  })

  it('offeredOrKept: a record without the field may not keep what it never had', async () => {
    // A record the console wrote without a plan: an update must pick an offered one.
    await rules.env.withSecurityRulesDisabled(async (context) => {
      const { plan: _plan, ...withoutPlan } = kid('alice')
      await setDoc(doc(db(context), 'kids', appId('k2')), { ...withoutPlan, timestamp: Timestamp.now() })
    })
    await assertFails(setDoc(doc(alice(), `kids/${appId('k2')}`), kid('alice', { plan: 'Yearly' })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k2')}`), kid('alice', { plan: null })))
    // Control: an offered plan.
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k2')}`), kid('alice', { plan: 'Daily' })))
  })
})

describe('kids/{kidId}: delete', () => {
  it('only the owner deletes a record', async () => {
    await seed('k1', 'alice')
    await assertFails(deleteDoc(doc(bob(), `kids/${appId('k1')}`)))
    await assertFails(deleteDoc(doc(visitor(), `kids/${appId('k1')}`)))
    await assertSucceeds(deleteDoc(doc(alice(), `kids/${appId('k1')}`)))
  })
})
