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
import { appId, flatPhoto, kidRecord, photo } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-kids', 'firestore')

const db = firestoreOf

const alice = () => db(rules.env.authenticatedContext('alice'))
const bob = () => db(rules.env.authenticatedContext('bob'))
const visitor = () => db(rules.env.unauthenticatedContext())

/** What records held before photos became private: a download address with its secret token. */
const downloadUrl = (n: number) =>
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
  })

  it('refuses a client-made timestamp', async () => {
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { timestamp: Timestamp.fromMillis(0) })),
    )
  })

  it('refuses missing and extra fields', async () => {
    const { address: _address, ...withoutAddress } = kid()
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withoutAddress))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { images: [] })))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { admin: true })))
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
      kidAge: 20,
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

describe('kids/{kidId}: photo paths', () => {
  const withPhotos = (imgUrls: unknown[]) => kid('alice', { imgUrls })

  it('accepts the owner’s own storage paths, file names with dashes included', async () => {
    await assertSucceeds(
      setDoc(
        doc(alice(), `kids/${appId('k1')}`),
        withPhotos([photo(1), 'images/alice/my-first-day.jpeg-abcdefghij0123456789']),
      ),
    )
    // Flat paths of before the folders, too.
    await assertSucceeds(
      setDoc(
        doc(alice(), `kids/${appId('k2')}`),
        withPhotos([flatPhoto(1), 'images/alice-my-first-day.jpeg-abcdefghij0123456789']),
      ),
    )
  })

  it("in a folder, only the writer's own and names in the app's format", async () => {
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([photo(1)])))
    for (const path of [
      photo(1, 'bob'),
      photo(1, 'alicex'),
      photo(1, 'alic'),
      'images/alice/p1.jpg',
      'images/alice/p1.jpg-short',
      'images/alice/My photo.jpg-R4nd0mId000000000001',
      'images/alice/.p1.jpg-R4nd0mId000000000001',
      'images/alice/sub/p1.jpg-R4nd0mId000000000001',
      'images/alice/',
    ]) {
      await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([path])))
    }
  })

  it("a uid holding '-' owns its folder's photos, and no flat path (it could be a shorter uid's)", async () => {
    const ab = () => db(rules.env.authenticatedContext('a-b'))
    await assertSucceeds(setDoc(doc(ab(), `kids/${appId('k1')}`), kid('a-b', { imgUrls: [photo(1, 'a-b')] })))
    await assertFails(
      setDoc(doc(ab(), `kids/${appId('k2')}`), kid('a-b', { imgUrls: [flatPhoto(1, 'a-b')] })),
    )
  })

  it('refuses a download address with a token, an http address and a javascript: string', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([downloadUrl(1)])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([photo(1), downloadUrl(2)])))
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos(['http://example.com/images/alice-p.jpg'])),
    )
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos(['javascript:alert(1)'])))
  })

  it('refuses another parent’s path, and a uid that only starts like the owner’s', async () => {
    await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([photo(1), flatPhoto(2)])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([photo(1, 'bob')])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([photo(1), photo(2, 'bob')])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([flatPhoto(1, 'bob')])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([flatPhoto(1, 'alicex')])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([flatPhoto(1, 'alic')])))
  })

  it('accepts a flat name of the first app (spaces, accents, punctuation); refuses what is unsafe', async () => {
    for (const path of [
      'images/alice-My Photo é.jpg-abc',
      'images/alice-Café (1) & 2: été.jpeg-9f3e',
      'images/alice-x:y',
    ]) {
      await assertSucceeds(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([path])))
    }
    for (const path of [
      // What is left of a download address: a query string, a fragment, an escaped slash.
      'images/alice-p1.jpg?alt=media&token=t1',
      'images/alice-p1.jpg#top',
      'images/alice-x%2Fp1.jpg',
      'images/alice-x\\p1.jpg',
      // Control characters, a line separator, a text-direction override.
      'images/alice-p1\n.jpg',
      'images/alice-p1\u0000.jpg',
      'images/alice-p1\u0085.jpg',
      'images/alice-p1\u2028.jpg',
      'images/alice-gpj\u202E.jpg',
      // Someone else's, even with the accents of a real legacy name.
      'images/bob-My Photo é.jpg-abc',
    ]) {
      await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([path])))
    }
  })

  it('refuses other folders, extra or trailing slashes, and nothing after the uid', async () => {
    for (const path of [
      'photos/alice-p1.jpg-R',
      'images/alice-x/p1.jpg-R',
      'images/alice-p1.jpg-R/',
      '/images/alice-p1.jpg-R',
      'images//alice-p1.jpg-R',
      'images/',
      'images',
      'images/alice-',
      'images/alice',
      'alice-p1.jpg-R',
    ]) {
      await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([path])))
    }
  })

  it('refuses an empty string, a non-string and an over-long path (300 characters at most)', async () => {
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([''])))
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([{ path: photo(1) }])))
    const prefix = 'images/alice-'
    await assertFails(
      setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([prefix + 'x'.repeat(301 - prefix.length)])),
    )
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('k1')}`), withPhotos([prefix + 'x'.repeat(300 - prefix.length)])),
    )
  })

  it('an edit may not bring in someone else’s photo', async () => {
    await seed('k1', 'alice')
    await assertFails(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), {
        imgUrls: [photo(1, 'bob')],
        timestamp: serverTimestamp(),
      }),
    )
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('k1')}`), { imgUrls: [photo(3)], timestamp: serverTimestamp() }),
    )
  })

  it('a legacy record whose photo names hold spaces or accents is edited with its photos kept', async () => {
    const legacy = ['images/alice-My Photo é.jpg-abc', 'images/alice-Café (1).jpeg-9f3e']
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), `kids/${appId('old')}`), {
        ...kid('alice'),
        imgUrls: legacy,
        timestamp: Timestamp.now(),
      })
    })
    // The edit form writes the whole record again, with the stored list as it was.
    await assertSucceeds(
      setDoc(doc(alice(), `kids/${appId('old')}`), kid('alice', { plan: 'Weekly', imgUrls: legacy })),
    )
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('old')}`), { kidName: 'Ada', timestamp: serverTimestamp() }),
    )
    // Kept photos and a new one in the folder, mixed.
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('old')}`), {
        imgUrls: [photo(3), ...legacy],
        timestamp: serverTimestamp(),
      }),
    )
    // Refused beside it: another parent's legacy name, an unsafe one.
    await assertFails(
      updateDoc(doc(alice(), `kids/${appId('old')}`), {
        imgUrls: [...legacy, 'images/bob-My Photo é.jpg-abc'],
        timestamp: serverTimestamp(),
      }),
    )
    await assertFails(
      updateDoc(doc(alice(), `kids/${appId('old')}`), {
        imgUrls: [...legacy, 'images/alice-x%2F..%2Fbob.jpg'],
        timestamp: serverTimestamp(),
      }),
    )
  })

  it('a record that still holds download addresses cannot be saved until they are paths', async () => {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), `kids/${appId('old')}`), {
        ...kid('alice'),
        imgUrls: [downloadUrl(1)],
        timestamp: Timestamp.now(),
      })
    })
    await assertSucceeds(getDoc(doc(alice(), `kids/${appId('old')}`)))
    await assertFails(
      updateDoc(doc(alice(), `kids/${appId('old')}`), { plan: 'Weekly', timestamp: serverTimestamp() }),
    )
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('old')}`), { imgUrls: [photo(1)], timestamp: serverTimestamp() }),
    )
    // The path the app reads out of such an address (storagePathOf), spaces and accents decoded.
    await assertSucceeds(
      updateDoc(doc(alice(), `kids/${appId('old')}`), {
        imgUrls: ['images/alice-My Photo é.jpg-abc'],
        timestamp: serverTimestamp(),
      }),
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
  })

  it('an update is validated like a create', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { imgUrls: [] })))
    await assertFails(updateDoc(doc(alice(), `kids/${appId('k1')}`), { plan: 'Weekly' })) // no new timestamp
    await assertFails(setDoc(doc(alice(), `kids/${appId('k1')}`), kid('alice', { kidName: 'x'.repeat(81) })))
  })

  it('nobody else updates it', async () => {
    await seed('k1', 'alice')
    await assertFails(setDoc(doc(bob(), `kids/${appId('k1')}`), kid('bob')))
    await assertFails(setDoc(doc(bob(), `kids/${appId('k1')}`), kid('alice')))
    await assertFails(
      updateDoc(doc(visitor(), `kids/${appId('k1')}`), { kidName: 'Visitor', timestamp: serverTimestamp() }),
    )
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
