// storage.rules for child photos, against the Storage emulator (npm run test:emulators; needs Java 21).
// Every operation for the owner, another parent and a signed-out visitor, plus the type and size checks.
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing'
import {
  deleteObject,
  type FirebaseStorage,
  getBytes,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage'
import { describe, it } from 'vitest'
import { useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-storage', 'storage')

// rules-unit-testing hands out the compat Storage; the modular functions unwrap it.
const storage = (context: RulesTestContext) => context.storage() as unknown as FirebaseStorage

const alice = () => storage(rules.env.authenticatedContext('alice'))
const bob = () => storage(rules.env.authenticatedContext('bob'))
const visitor = () => storage(rules.env.unauthenticatedContext())

const ALICE_PHOTO = 'images/alice-cover.jpg-R4nd0mId0000000000A'
const jpeg = (size = 1024) => new Uint8Array(size)

async function seedAlicePhoto() {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    await uploadBytes(ref(storage(context), ALICE_PHOTO), jpeg(), { contentType: 'image/jpeg' })
  })
}

describe('images/{userId}-{fileName}-{random id}: upload', () => {
  it('the owner uploads JPEG and PNG photos under their own uid', async () => {
    await assertSucceeds(uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(), { contentType: 'image/jpeg' }))
    await assertSucceeds(
      uploadBytes(ref(alice(), 'images/alice-drawing.png-R4nd0m'), jpeg(), { contentType: 'image/png' }),
    )
  })

  it('a retried upload overwrites the same path', async () => {
    await seedAlicePhoto()
    await assertSucceeds(uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(2048), { contentType: 'image/jpeg' }))
  })

  it('nobody uploads under another uid, and visitors not at all', async () => {
    await assertFails(uploadBytes(ref(bob(), ALICE_PHOTO), jpeg(), { contentType: 'image/jpeg' }))
    await assertFails(uploadBytes(ref(visitor(), ALICE_PHOTO), jpeg(), { contentType: 'image/jpeg' }))
    // A uid that only starts like another one is not it.
    await assertFails(uploadBytes(ref(bob(), 'images/bobby-x.jpg-R'), jpeg(), { contentType: 'image/jpeg' }))
  })

  it('a uid that is the start of another uid owns none of its photos', async () => {
    const abc = () => storage(rules.env.authenticatedContext('abc'))
    const abcd = () => storage(rules.env.authenticatedContext('abcd'))
    const abcdPhoto = 'images/abcd-x.jpg-R4nd0mId0000000000B'
    await assertFails(uploadBytes(ref(abc(), abcdPhoto), jpeg(), { contentType: 'image/jpeg' }))
    await assertSucceeds(uploadBytes(ref(abcd(), abcdPhoto), jpeg(), { contentType: 'image/jpeg' }))
    await assertFails(getMetadata(ref(abc(), abcdPhoto)))
    await assertFails(deleteObject(ref(abc(), abcdPhoto)))
    // And the other way round: 'abcd' does not own what starts with 'abc-'.
    await assertFails(
      uploadBytes(ref(abcd(), 'images/abc-x.jpg-R4nd0mId0000000000C'), jpeg(), { contentType: 'image/jpeg' }),
    )
  })

  it('a name needs something after the uid and its dash', async () => {
    await assertFails(uploadBytes(ref(alice(), 'images/alice-'), jpeg(), { contentType: 'image/jpeg' }))
    await assertFails(uploadBytes(ref(alice(), 'images/alice'), jpeg(), { contentType: 'image/jpeg' }))
    await assertFails(uploadBytes(ref(alice(), 'images/-alice-x.jpg'), jpeg(), { contentType: 'image/jpeg' }))
    await assertSucceeds(uploadBytes(ref(alice(), 'images/alice-x'), jpeg(), { contentType: 'image/jpeg' }))
  })

  it('the owner may upload with private cache control, and change it later', async () => {
    await assertSucceeds(
      uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(), {
        contentType: 'image/jpeg',
        cacheControl: 'private, no-store',
      }),
    )
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { cacheControl: 'private, max-age=0' }))
    await assertFails(updateMetadata(ref(bob(), ALICE_PHOTO), { cacheControl: 'public, max-age=31536000' }))
  })

  it('only images, only up to 5 MB, never empty', async () => {
    await assertFails(uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(), { contentType: 'text/html' }))
    await assertFails(uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(), { contentType: 'image/svg+xml' }))
    await assertFails(
      uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(5 * 1024 * 1024 + 1), { contentType: 'image/jpeg' }),
    )
    await assertFails(uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(0), { contentType: 'image/jpeg' }))
    await assertSucceeds(
      uploadBytes(ref(alice(), ALICE_PHOTO), jpeg(5 * 1024 * 1024), { contentType: 'image/jpeg' }),
    )
  })

  it('nothing outside images/ and nothing nested', async () => {
    await assertFails(uploadBytes(ref(alice(), 'alice-cover.jpg'), jpeg(), { contentType: 'image/jpeg' }))
    await assertFails(
      uploadBytes(ref(alice(), 'images/alice-x/other.jpg'), jpeg(), { contentType: 'image/jpeg' }),
    )
  })
})

describe('images/{userId}-...: read and delete', () => {
  it('only the owner reads a photo through the SDK', async () => {
    await seedAlicePhoto()
    await assertSucceeds(getMetadata(ref(alice(), ALICE_PHOTO)))
    await assertSucceeds(getBytes(ref(alice(), ALICE_PHOTO)))
    await assertFails(getMetadata(ref(bob(), ALICE_PHOTO)))
    await assertFails(getBytes(ref(bob(), ALICE_PHOTO)))
    await assertFails(getMetadata(ref(visitor(), ALICE_PHOTO)))
    await assertFails(getBytes(ref(visitor(), ALICE_PHOTO)))
  })

  it('nobody lists images/ (the names start with parents’ uids), not even a photo owner', async () => {
    await seedAlicePhoto()
    await assertFails(listAll(ref(alice(), 'images')))
    await assertFails(listAll(ref(bob(), 'images')))
    await assertFails(listAll(ref(visitor(), 'images')))
  })

  it('only the owner deletes a photo (replaced photos, deleted children)', async () => {
    await seedAlicePhoto()
    await assertFails(deleteObject(ref(bob(), ALICE_PHOTO)))
    await assertFails(deleteObject(ref(visitor(), ALICE_PHOTO)))
    await assertSucceeds(deleteObject(ref(alice(), ALICE_PHOTO)))
  })
})
