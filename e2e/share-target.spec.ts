// Photos shared to the installed app from the phone's share sheet (Web Share Target): the manifest
// offers the app for images, and the service worker takes the post, keeps the images on the device in
// the format of src/shared/device/shared-photos.ts, and sends the parent to the add form naming the
// share. Chromium has no share sheet to drive here, so a page the worker controls posts the same
// multipart form the share sheet would.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  isShareId,
  SHARE_TARGET_ACTION,
  SHARED_PHOTO_NAME_HEADER,
  SHARED_PHOTOS_CACHE,
  SHARED_PHOTOS_FIELD,
  sharedPhotoKey,
} from '../src/shared/device/shared-photos'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { amara, imageLoaded, kidCard, PASSWORD } from './parent-steps'
import { cacheStorageEntries, outDir, waitForServiceWorker } from './service-worker'

// The service worker is what this file tests: let it run (the other suites block it).
test.use({ serviceWorkers: 'allow' })

interface SharedFile {
  name: string
  mimeType: string
  buffer: Buffer
}

const png = (name: string, file: string): SharedFile => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(join(outDir, 'icons', file)),
})

test('the manifest offers the app as a share target for photos', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [{ name: 'photos', accept: ['image/jpeg', 'image/png', '.jpg', '.jpeg', '.png'] }],
    },
  })
})

/**
 * Shares `files` as the share sheet does, from a page the worker controls, and returns where the
 * parent lands: a signed-out visitor is sent from the add form to /login, which keeps the add form's
 * address (with the share) to come back to.
 */
async function share(
  page: Page,
  files: SharedFile[],
  { signedIn = false }: { readonly signedIn?: boolean } = {},
): Promise<string> {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = action
      form.enctype = 'multipart/form-data'
      const title = Object.assign(document.createElement('input'), { name: 'title', value: 'First week' })
      const photos = Object.assign(document.createElement('input'), {
        type: 'file',
        name: field,
        multiple: true,
      })
      form.append(title, photos)
      form.id = 'share-sheet'
      document.body.append(form)
    },
    { action: SHARE_TARGET_ACTION, field: SHARED_PHOTOS_FIELD },
  )
  await page.locator('#share-sheet input[type="file"]').setInputFiles(files)
  await Promise.all([
    page.waitForURL(signedIn ? /\/add-kid\?/ : /\/login\?/),
    page.locator('#share-sheet').evaluate((form: HTMLFormElement) => form.submit()),
  ])
  // A signed-in parent lands on the add form itself.
  if (signedIn) return `${new URL(page.url()).pathname}${new URL(page.url()).search}`
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  return new URL(page.url()).searchParams.get('redirect') ?? ''
}

/** A share's photos as the app reads them back: name, type and bytes, in order. */
async function sharedPhotos(page: Page, shareId: string) {
  const keys = Array.from({ length: 8 }, (_, index) => sharedPhotoKey(shareId, index))
  return page.evaluate(
    async ({ cacheName, keys, nameHeader }) => {
      const cache = await caches.open(cacheName)
      const photos: { name: string; type: string | null; bytes: number[] }[] = []
      for (const key of keys) {
        const response = await cache.match(key)
        if (!response) break
        photos.push({
          name: decodeURIComponent(response.headers.get(nameHeader) ?? ''),
          type: response.headers.get('Content-Type'),
          bytes: [...new Uint8Array(await response.arrayBuffer())],
        })
      }
      return photos
    },
    { cacheName: SHARED_PHOTOS_CACHE, keys, nameHeader: SHARED_PHOTO_NAME_HEADER },
  )
}

test('two shared photos are kept on the device, and the parent is sent to the add form naming the share', async ({
  page,
}) => {
  const files = [png('first-day.png', 'icon-192.png'), png('painting.png', 'shortcut-add-kid-96.png')]
  const redirect = await share(page, files)
  const target = new URL(redirect, 'http://sunbeam.local')
  expect(target.pathname).toBe('/add-kid')
  const shareId = target.searchParams.get('share')
  expect(isShareId(shareId), `share id ${shareId}`).toBe(true)

  expect(await sharedPhotos(page, shareId as string)).toEqual(
    files.map((file) => ({ name: file.name, type: 'image/png', bytes: [...file.buffer] })),
  )
})

test('a share keeps only the images, and one without any opens the add form with nothing kept', async ({
  page,
}) => {
  const notes: SharedFile = {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Allergic to peanuts'),
  }
  const photo = png('garden.png', 'icon-192.png')
  const redirect = await share(page, [notes, photo])
  const shareId = new URL(redirect, 'http://sunbeam.local').searchParams.get('share') as string
  expect(isShareId(shareId)).toBe(true)
  expect(await sharedPhotos(page, shareId)).toEqual([
    { name: 'garden.png', type: 'image/png', bytes: [...photo.buffer] },
  ])

  expect(await share(page, [notes])).toBe('/add-kid')
  // Nothing of that share anywhere: only the first share's photo is kept.
  const kept = (await cacheStorageEntries(page)).filter((entry) =>
    entry.startsWith(`${SHARED_PHOTOS_CACHE}:`),
  )
  expect(kept).toHaveLength(1)
})

test('a share of more than six photos keeps the first six, and the add form is told some were left out', async ({
  page,
}) => {
  const files = Array.from({ length: 8 }, (_, index) => png(`photo-${index + 1}.png`, 'icon-192.png'))
  const redirect = await share(page, files)
  const target = new URL(redirect, 'http://sunbeam.local')
  expect(target.pathname).toBe('/add-kid')
  expect(target.searchParams.get('shared')).toBe('some-left-out')
  const shareId = target.searchParams.get('share') as string
  expect((await sharedPhotos(page, shareId)).map((photo) => photo.name)).toEqual(
    files.slice(0, 6).map((file) => file.name),
  )
})

test("another site's form posting to the share target is not a share: nothing is kept", async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  // Another origin on this machine (127.0.0.1 is not localhost to the browser), with a form that posts
  // photos to the app's share target, as any site could.
  const elsewhere = `http://127.0.0.1:${new URL(baseURL as string).port}/another-site`
  await page.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Another site</title><form id="share-sheet" method="post" enctype="multipart/form-data" action="${baseURL}${SHARE_TARGET_ACTION}"><input type="file" name="${SHARED_PHOTOS_FIELD}" multiple></form>`,
    }),
  )
  await page.goto(elsewhere)
  await page.locator('#share-sheet input[type="file"]').setInputFiles([png('planted.png', 'icon-192.png')])
  await Promise.all([
    page.waitForURL(/\/login\?/),
    page.locator('#share-sheet').evaluate((form: HTMLFormElement) => form.submit()),
  ])
  // The add form, with no share named and nothing kept on the device.
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/add-kid')
  expect(
    (await cacheStorageEntries(page)).filter((entry) => entry.startsWith(`${SHARED_PHOTOS_CACHE}:`)),
  ).toEqual([])
})

test.describe('through sign-in to the add form', () => {
  // Signing in loads Firebase, whose Firestore server is absent from the suite.
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('two shared photos open the add form with both attached, after signing in on the way', async ({
    page,
    context,
    parent,
  }) => {
    test.setTimeout(90_000)
    // A parent with an account, signed out on this phone.
    const { email } = await parent.signUp({ label: 'share' })
    await parent.signOut()

    const files = [png('first-day.png', 'icon-192.png'), png('painting.png', 'shortcut-add-kid-96.png')]
    const redirect = await share(page, files)
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === redirect)
    await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()

    // Both photos are in the picker, in the order shared, the first as the cover.
    const chosen = page.getByRole('list', { name: 'Chosen photos' })
    await expect(chosen.getByRole('img')).toHaveCount(2)
    await expect(chosen.getByRole('img').first()).toHaveAccessibleName(/^Photo 1, the cover: first-day/)
    await expect(chosen.getByRole('img').nth(1)).toHaveAccessibleName(/^Photo 2: painting/)
    for (const thumbnail of await chosen.getByRole('img').all()) await imageLoaded(thumbnail)

    // Added offline, the child waits with both photos, and the share is no longer kept on the device.
    await parent.fillChild()
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Add Child' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(kidCard(page, amara.kidName)).toContainText('0 of 2 photos uploaded')
    await expect
      .poll(async () =>
        (await cacheStorageEntries(page)).filter((entry) => entry.startsWith(`${SHARED_PHOTOS_CACHE}:`)),
      )
      .toEqual([])
  })

  test('a signed-in parent sharing eight photos reads on the add form that some were left out', async ({
    page,
    parent,
  }, testInfo) => {
    test.setTimeout(90_000)
    await parent.signUp({ label: 'share-bound' })
    const files = Array.from({ length: 8 }, (_, index) => png(`photo-${index + 1}.png`, 'icon-192.png'))
    await share(page, files, { signedIn: true })
    await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
    const note = page.getByText(
      'Some of the shared photos were left out: the form takes max 6 images, each 25 MB or smaller.',
    )
    await expect(note).toBeVisible()
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(6)
    await page.screenshot({ path: testInfo.outputPath('share-left-out-390.png') })
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(note).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('share-left-out-1280.png') })
  })
})
