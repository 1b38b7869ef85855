// The page guard's one tolerance (e2e/fixtures.ts): a Firestore channel the emulator had already ended
// is the SDK's to recover from, noted on the test, never failed; every other console error still fails.
import { isConnectivityProbeRefusal, isFirestoreChannelEnded } from './firestore-offline'
import { expect, test } from './fixtures'
import { ONLINE_FIRESTORE_PORT } from './online-world'

const badRequest = 'Failed to load resource: the server responded with a status of 400 (Bad Request)'
const database = 'database=projects%2Fdemo-sunbeam%2Fdatabases%2F(default)'
const firestore = `http://127.0.0.1:${ONLINE_FIRESTORE_PORT}`

test("what it lets pass: a channel's request answered 400, the probe's refusal; nothing else", () => {
  // As CI runs 28 and 11 and a loaded repeat logged them, in tests whose assertions all passed.
  for (const where of [
    `${firestore}/google.firestore.v1.Firestore/Listen/channel?VER=8&${database}&SID=pQbbCrlzyDTtW9_drm8xeQ%3D%3D&RID=45258&TYPE=terminate&zx=kyjxc1l2jxu`,
    `${firestore}/google.firestore.v1.Firestore/Write/channel?VER=8&${database}&SID=DNdT_t7zK6kXXefqhj74bg%3D%3D&RID=76655&TYPE=terminate&zx=uu8psi662q41`,
    `${firestore}/google.firestore.v1.Firestore/Write/channel?VER=8&${database}&RID=rpc&SID=59j518NGCbOZjCKMkMRP0g%3D%3D&AID=0&CI=0&TYPE=xmlhttp&zx=bigkvrbp8q1g&t=1`,
  ])
    expect(isFirestoreChannelEnded(badRequest, where), where).toBe(true)
  const probe = `Loading the image 'https://www.google.com/images/cleardot.gif?zx=mnm8aauywmqs' violates the following Content Security Policy directive: "img-src 'self' data: blob:". The action has been blocked.`
  expect(isConnectivityProbeRefusal(probe)).toBe(true)
  expect(isConnectivityProbeRefusal(probe.replace('www.google.com', 'example.com'))).toBe(false)

  // A 400 anywhere else is an answer the app asked for: Auth refusing a password, Firestore's REST API,
  // the functions, the site itself.
  for (const where of [
    `http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`,
    `${firestore}/v1/projects/demo-sunbeam/databases/(default)/documents/kids/abc`,
    `http://127.0.0.1:5011/demo-sunbeam/us-central1/collectionCode`,
    'http://localhost:4183/google.firestore.v1.Firestore/Listen/channel.js',
  ])
    expect(isFirestoreChannelEnded(badRequest, where), where).toBe(false)
  // Another status on a channel, or another message, is not the ended session.
  const listen = `${firestore}/google.firestore.v1.Firestore/Listen/channel?VER=8&TYPE=terminate`
  expect(
    isFirestoreChannelEnded(
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
      listen,
    ),
  ).toBe(false)
  expect(isFirestoreChannelEnded('FirebaseError: Missing or insufficient permissions.', listen)).toBe(false)
})

test('in a page: the ended channel is noted on the test, and the test goes on', async ({
  app,
  page,
}, testInfo) => {
  await app.goto('/login')
  const channel = `${firestore}/google.firestore.v1.Firestore/Listen/channel?VER=8&${database}&SID=gone&RID=7&TYPE=terminate&zx=guard`
  // The emulator's answer to a session it has ended (routes of a test come before the offline world's).
  await page.route(`${firestore}/google.firestore.v1.Firestore/Listen/channel?*`, (route) =>
    route.fulfill({ status: 400, body: 'Unknown SID' }),
  )
  const status = await page.evaluate((url) => fetch(url).then((response) => response.status), channel)
  expect(status).toBe(400)
  await expect
    .poll(() => testInfo.annotations.filter((note) => note.type === 'firestore-channel'))
    .toEqual([{ type: 'firestore-channel', description: `${badRequest} (${channel})` }])
})
