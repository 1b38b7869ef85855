// storage.rules for child photos, against the Storage emulator (npm run test:emulators; needs Java 21 and
// firebase-tools' Storage rules runtime). Every refusal sits beside an accepted control, so a rule that
// refuses everything fails these tests as surely as one that lets everything through.
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing'
import {
  deleteObject,
  type FirebaseStorage,
  getBytes,
  getMetadata,
  list,
  listAll,
  ref,
  type UploadMetadata,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage'
import { describe, expect, it } from 'vitest'
import { useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-storage', 'storage')

// rules-unit-testing hands out the compat Storage; the modular functions unwrap it.
const storage = (context: RulesTestContext) => context.storage() as unknown as FirebaseStorage

const as = (uid: string) => storage(rules.env.authenticatedContext(uid))
const alice = () => as('alice')
const bob = () => as('bob')
const visitor = () => storage(rules.env.unauthenticatedContext())
/** The centre's staff: an Auth user with the custom claim staff: true (issue 24). */
const staff = () => storage(rules.env.authenticatedContext('staff1', { staff: true, email_verified: true }))
/** A claim that is there but not true is not staff. */
const notStaff = () => storage(rules.env.authenticatedContext('helper1', { staff: 'yes' }))

/** A random id as the app makes them (newRandomId: 20 letters and digits). */
const ID = 'R4nd0mId000000000001'
/** A photo as the app names it now: images/{uid}/{safe file name}-{random id}. */
const photoOf = (uid: string, name = 'cover.jpg', id = ID) => `images/${uid}/${name}-${id}`
const ALICE_PHOTO = photoOf('alice')
/** Saved before folders: images/{uid}-{file name}-{random id}, the name as the previous app made it. */
const ALICE_FLAT = `images/alice-cover.jpg-${ID}`
/** Saved by the first app, which kept the picked file's own name. */
const ALICE_LEGACY = 'images/alice-My Photo é.jpg-abc'

const bytes = (size = 1024) => new Uint8Array(size)
const JPEG: UploadMetadata = { contentType: 'image/jpeg', cacheControl: 'private, no-store' }
const PNG: UploadMetadata = { contentType: 'image/png', cacheControl: 'private, no-store' }

const upload = (store: FirebaseStorage, path: string, metadata: UploadMetadata = JPEG, size = 1024) =>
  uploadBytes(ref(store, path), bytes(size), metadata)

/** Puts photos in place as another device (or the app before) left them, rules aside. */
async function seed(...paths: string[]) {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    for (const path of paths) await upload(storage(context), path)
  })
}

describe('images/{uid}/{name}: upload', () => {
  it('the owner uploads JPEG and PNG photos into their own folder; nobody else does', async () => {
    await assertSucceeds(upload(alice(), ALICE_PHOTO))
    await assertSucceeds(upload(alice(), photoOf('alice', 'drawing.png'), PNG))
    await assertFails(upload(bob(), photoOf('alice', 'other.jpg')))
    await assertFails(upload(visitor(), photoOf('alice', 'other.jpg')))
    await assertFails(upload(staff(), photoOf('alice', 'other.jpg')))
  })

  it('a retried upload overwrites the same path', async () => {
    await seed(ALICE_PHOTO)
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG, 2048))
    await assertFails(upload(bob(), ALICE_PHOTO, JPEG, 2048))
  })

  it("a uid holding '-' owns its folder, and a uid that starts another one owns none of it", async () => {
    await assertSucceeds(upload(as('a-b'), photoOf('a-b')))
    await assertFails(upload(as('a'), photoOf('a-b', 'x.jpg')))
    await assertSucceeds(upload(as('abcd'), photoOf('abcd')))
    await assertFails(upload(as('abc'), photoOf('abcd', 'x.jpg')))
  })

  it("names only in the app's format: {safe name}-{20-character random id}, one level", async () => {
    await assertSucceeds(upload(alice(), photoOf('alice', 'My_Photo_e_.jpg')))
    await assertSucceeds(upload(alice(), photoOf('alice', 'x'.repeat(80))))
    await assertFails(upload(alice(), photoOf('alice', 'x'.repeat(81))))
    await assertFails(upload(alice(), photoOf('alice', 'My Photo.jpg')))
    await assertFails(upload(alice(), photoOf('alice', '.hidden.jpg')))
    await assertFails(upload(alice(), photoOf('alice', '-x.jpg')))
    await assertFails(upload(alice(), photoOf('alice', 'x.jpg', 'short')))
    await assertFails(upload(alice(), photoOf('alice', 'x.jpg', `${ID}0`)))
    await assertFails(upload(alice(), 'images/alice/cover.jpg'))
    await assertFails(upload(alice(), `images/alice/sub/cover.jpg-${ID}`))
  })

  it('content type exactly image/jpeg or image/png', async () => {
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG))
    await assertSucceeds(upload(alice(), ALICE_PHOTO, PNG))
    for (const contentType of ['text/html', 'image/svg+xml', 'image/gif', 'image/jpg', 'image/jpeg; x=1'])
      await assertFails(upload(alice(), ALICE_PHOTO, { ...JPEG, contentType }))
  })

  it('a PDF (an enrolment document) in the owner’s folder only; never a flat one, never for another', async () => {
    const PDF: UploadMetadata = { contentType: 'application/pdf', cacheControl: 'private, no-store' }
    await assertSucceeds(upload(alice(), photoOf('alice', 'immunisation.pdf'), PDF))
    await assertFails(upload(bob(), photoOf('alice', 'immunisation.pdf'), PDF))
    await assertFails(upload(alice(), `images/alice-immunisation.pdf-${ID}`, PDF))
    await assertFails(upload(alice(), photoOf('alice', 'immunisation.pdf'), PDF, 5 * 1024 * 1024 + 1))
  })

  it('1 byte to 5 MB', async () => {
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG, 5 * 1024 * 1024))
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG, 1))
    await assertFails(upload(alice(), ALICE_PHOTO, JPEG, 5 * 1024 * 1024 + 1))
    await assertFails(upload(alice(), ALICE_PHOTO, JPEG, 0))
  })

  it('served inline as its own bytes: no download disposition, no content encoding', async () => {
    await assertSucceeds(upload(alice(), ALICE_PHOTO, { ...JPEG, contentDisposition: 'inline' }))
    await assertFails(
      upload(alice(), ALICE_PHOTO, { ...JPEG, contentDisposition: 'attachment; filename="x.html"' }),
    )
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG))
    await assertFails(upload(alice(), ALICE_PHOTO, { ...JPEG, contentEncoding: 'gzip' }))
  })
})

describe('images/: no shared cache may keep a photo', () => {
  it('refuses a public Cache-Control on upload and on update, folder and flat photos alike', async () => {
    for (const cacheControl of ['public, max-age=31536000', 'max-age=31536000', 'private, public', 'PUBLIC'])
      await assertFails(upload(alice(), ALICE_PHOTO, { ...JPEG, cacheControl }))
    await seed(ALICE_PHOTO)
    await seed(ALICE_FLAT)
    await assertFails(updateMetadata(ref(alice(), ALICE_PHOTO), { cacheControl: 'public, max-age=31536000' }))
    await assertFails(updateMetadata(ref(alice(), ALICE_FLAT), { cacheControl: 'public, max-age=31536000' }))
    // Controls, in the same test: private is accepted.
    await assertSucceeds(upload(alice(), ALICE_PHOTO, JPEG))
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_FLAT), { cacheControl: 'private, no-store' }))
  })

  it("a flat photo's update keeps its size and disposition rules", async () => {
    await seed(ALICE_FLAT)
    await assertFails(
      updateMetadata(ref(alice(), ALICE_FLAT), { contentDisposition: 'attachment; filename="x.html"' }),
    )
    await assertFails(updateMetadata(ref(alice(), ALICE_FLAT), { contentEncoding: 'gzip' }))
    // Control.
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_FLAT), { contentDisposition: 'inline' }))
  })
})

describe('images/{uid}/{name}: a metadata update keeps it a photo', () => {
  it('the owner may change its cache policy; nobody else changes anything', async () => {
    await seed(ALICE_PHOTO)
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { cacheControl: 'private, max-age=0' }))
    await assertFails(updateMetadata(ref(bob(), ALICE_PHOTO), { cacheControl: 'private, max-age=0' }))
    await assertFails(updateMetadata(ref(staff(), ALICE_PHOTO), { cacheControl: 'private, max-age=0' }))
  })

  it('a download token is never set, nor set back (issue 50)', async () => {
    await seed(ALICE_PHOTO, ALICE_FLAT)
    const token = {
      customMetadata: { firebaseStorageDownloadTokens: 'a1b2c3d4-0000-4000-8000-000000000000' },
    }
    await assertFails(updateMetadata(ref(alice(), ALICE_PHOTO), token))
    await assertFails(updateMetadata(ref(alice(), ALICE_FLAT), token))
    await assertFails(upload(alice(), photoOf('alice', 'b.jpg'), { ...JPEG, ...token }))
    // Control: other custom metadata and the cache policy may change.
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { customMetadata: { note: 'x' } }))
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { cacheControl: 'private, no-store' }))
  })

  it('its content type stays image/jpeg or image/png', async () => {
    await seed(ALICE_PHOTO)
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { contentType: 'image/png' }))
    await assertFails(updateMetadata(ref(alice(), ALICE_PHOTO), { contentType: 'text/html' }))
    await assertFails(updateMetadata(ref(alice(), ALICE_PHOTO), { contentType: 'application/octet-stream' }))
  })

  it('it stays inline and unencoded', async () => {
    await seed(ALICE_PHOTO)
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_PHOTO), { contentDisposition: 'inline' }))
    await assertFails(
      updateMetadata(ref(alice(), ALICE_PHOTO), { contentDisposition: 'attachment; filename="x.html"' }),
    )
    await assertFails(updateMetadata(ref(alice(), ALICE_PHOTO), { contentEncoding: 'gzip' }))
  })
})

describe('images/{uid}/{name}: read, list and delete', () => {
  it('the owner and staff read a photo; another parent, a visitor and a non-staff claim do not', async () => {
    await seed(ALICE_PHOTO)
    await assertSucceeds(getMetadata(ref(alice(), ALICE_PHOTO)))
    await assertSucceeds(getBytes(ref(alice(), ALICE_PHOTO)))
    await assertSucceeds(getBytes(ref(staff(), ALICE_PHOTO)))
    await assertFails(getBytes(ref(bob(), ALICE_PHOTO)))
    await assertFails(getMetadata(ref(bob(), ALICE_PHOTO)))
    await assertFails(getBytes(ref(visitor(), ALICE_PHOTO)))
    await assertFails(getBytes(ref(notStaff(), ALICE_PHOTO)))
  })

  it('the owner lists their own folder, every photo in it; nobody else does, staff neither', async () => {
    // One uploaded from another phone whose child was never saved: listing is how it is found.
    const stray = photoOf('alice', 'other-phone.png', 'R4nd0mId000000000002')
    await seed(ALICE_PHOTO, stray, photoOf('bob'))
    const listed = await assertSucceeds(listAll(ref(alice(), 'images/alice')))
    expect(listed.items.map((item) => item.fullPath).sort()).toEqual([ALICE_PHOTO, stray].sort())
    await assertSucceeds(list(ref(alice(), 'images/alice'), { maxResults: 1 }))
    await assertFails(listAll(ref(bob(), 'images/alice')))
    await assertFails(listAll(ref(visitor(), 'images/alice')))
    await assertFails(listAll(ref(staff(), 'images/alice')))
    await assertFails(listAll(ref(notStaff(), 'images/alice')))
  })

  it('nobody lists images/ itself or the bucket, not even a photo owner', async () => {
    await seed(ALICE_PHOTO, ALICE_FLAT)
    await assertSucceeds(listAll(ref(alice(), 'images/alice')))
    await assertFails(listAll(ref(alice(), 'images')))
    await assertFails(listAll(ref(alice(), '')))
    await assertFails(listAll(ref(staff(), 'images')))
    await assertFails(listAll(ref(visitor(), 'images')))
  })

  it('only the owner deletes a photo; staff never do', async () => {
    await seed(ALICE_PHOTO)
    await assertFails(deleteObject(ref(bob(), ALICE_PHOTO)))
    await assertFails(deleteObject(ref(visitor(), ALICE_PHOTO)))
    await assertFails(deleteObject(ref(staff(), ALICE_PHOTO)))
    await assertSucceeds(deleteObject(ref(alice(), ALICE_PHOTO)))
  })
})

describe('images/{uid}-{name}: flat photos of before keep working', () => {
  it('the owner reads, overwrites and deletes one; staff only read it; others nothing', async () => {
    await seed(ALICE_FLAT)
    await assertSucceeds(getBytes(ref(alice(), ALICE_FLAT)))
    await assertSucceeds(getBytes(ref(staff(), ALICE_FLAT)))
    await assertFails(getBytes(ref(bob(), ALICE_FLAT)))
    await assertFails(getBytes(ref(visitor(), ALICE_FLAT)))
    await assertSucceeds(upload(alice(), ALICE_FLAT, JPEG, 2048))
    await assertFails(upload(bob(), ALICE_FLAT, JPEG, 2048))
    await assertFails(upload(staff(), ALICE_FLAT, JPEG, 2048))
    await assertFails(deleteObject(ref(staff(), ALICE_FLAT)))
    await assertFails(deleteObject(ref(bob(), ALICE_FLAT)))
    await assertSucceeds(deleteObject(ref(alice(), ALICE_FLAT)))
  })

  it('a name of the first app (spaces, accents) is read, updated and deleted by its owner', async () => {
    await seed(ALICE_LEGACY)
    await assertSucceeds(getBytes(ref(alice(), ALICE_LEGACY)))
    await assertSucceeds(updateMetadata(ref(alice(), ALICE_LEGACY), { cacheControl: 'private, no-store' }))
    await assertFails(updateMetadata(ref(alice(), ALICE_LEGACY), { contentType: 'text/html' }))
    await assertFails(getBytes(ref(bob(), ALICE_LEGACY)))
    await assertSucceeds(deleteObject(ref(alice(), ALICE_LEGACY)))
  })

  it("a new flat photo only in the previous app's name format (a submission it queued)", async () => {
    await assertSucceeds(upload(alice(), ALICE_FLAT))
    await assertFails(upload(alice(), ALICE_LEGACY))
    await assertFails(upload(alice(), 'images/alice-cover.jpg'))
    await assertFails(upload(alice(), ALICE_FLAT, { ...JPEG, contentType: 'text/html' }))
  })

  it("the owner is the whole part before the first '-': no uid owns a longer uid's photos", async () => {
    const abcdPhoto = `images/abcd-x.jpg-${ID}`
    await assertSucceeds(upload(as('abcd'), abcdPhoto))
    await assertFails(upload(as('abc'), `images/abcd-y.jpg-${ID}`))
    await assertFails(getMetadata(ref(as('abc'), abcdPhoto)))
    await assertFails(deleteObject(ref(as('abc'), abcdPhoto)))
    await assertSucceeds(getMetadata(ref(as('abcd'), abcdPhoto)))
    // A uid holding '-' owns no flat photo (it could not be told from a shorter uid's); its folder, yes.
    await assertFails(upload(as('a-b'), `images/a-b-x.jpg-${ID}`))
    await assertSucceeds(upload(as('a-b'), photoOf('a-b')))
  })

  it('a name needs something after the uid and its dash', async () => {
    await assertFails(upload(alice(), 'images/alice-'))
    await assertFails(upload(alice(), 'images/alice'))
    await assertFails(upload(alice(), `images/-alice-x.jpg-${ID}`))
    await assertSucceeds(upload(alice(), `images/alice-x-${ID}`))
  })
})

describe('everything else is closed', () => {
  it('nothing outside images/, for the owner and for staff', async () => {
    await assertSucceeds(upload(alice(), ALICE_PHOTO))
    await assertFails(upload(alice(), `alice/cover.jpg-${ID}`))
    await assertFails(upload(alice(), `other/alice/cover.jpg-${ID}`))
    await assertFails(upload(staff(), `staff/notes.jpg-${ID}`))
  })
})
