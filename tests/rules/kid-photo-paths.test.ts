// firestore.rules for the photo paths a kids/{kidId} record may hold, against the Firestore emulator
// (npm run test:emulators): the owner's folder in the app's format, legacy flat names, never another
// parent's photo or a download address. The rest of kids/{kidId}: kids.test.ts.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore'
import { describe, it } from 'vitest'
import { appId, flatPhoto, kidRecord, photo } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-kid-photos', 'firestore')

const db = firestoreOf

const alice = () => db(rules.env.authenticatedContext('alice'))
const _bob = () => db(rules.env.authenticatedContext('bob'))
const _visitor = () => db(rules.env.unauthenticatedContext())

/** What records held before photos became private: a download address with its secret token. */
const downloadUrl = (n: number) =>
  `https://firebasestorage.googleapis.com/v0/b/demo-sunbeam.appspot.com/o/images%2Falice-p${n}.jpg-R${n}?alt=media&token=t${n}`

const kid = kidRecord

async function seed(id: string, owner: string) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(db(context), 'kids', appId(id)), { ...kid(owner), timestamp: Timestamp.now() })
  })
}

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
