// The device's picture of 'My Profile' (docs/decisions/0033) on a shared phone: parent A's picture is
// drawn for A before the app loads, goes when A signs out, and B's first paint never shows A's children,
// not even for one frame, even with A's picture put back into localStorage by hand. Every child name
// ever in the document is recorded from the first frame on (a MutationObserver and an animation-frame
// sampler, injected before the page's own scripts). The production build, its service worker in control;
// the real Auth emulator; Firestore's server unreachable; Storage answered by the harness.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { kidCard } from './parent-steps'
import { waitForServiceWorker } from './service-worker'
import { answerStorage } from './storage-fake'

test.use({ serviceWorkers: 'allow', allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

const A_CHILDREN = ['Amara Obi', 'Chidi Obi'] as const
const B_CHILD = 'Bola Ade'

interface Seen {
  /** Every child name that was ever in the document. */
  names: string[]
  /** Names seen inside the painter's picture. */
  painted: string[]
}

declare global {
  interface Window {
    sunbeamSeen?: Seen
  }
}

/** In the page, before its scripts: records every child name ever in the document, at every change and frame. */
function recordNames() {
  const seen: Seen = { names: [], painted: [] }
  window.sunbeamSeen = seen
  const look = () => {
    for (const name of document.querySelectorAll('.kid-card-name')) {
      const text = name.textContent ?? ''
      if (!seen.names.includes(text)) seen.names.push(text)
      if (name.closest('#sunbeam-picture') && !seen.painted.includes(text)) seen.painted.push(text)
    }
  }
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true })
  const everyFrame = () => {
    look()
    requestAnimationFrame(everyFrame)
  }
  requestAnimationFrame(everyFrame)
}

/** The installed app reopened on /profile; resolves once the live page lists `children`. */
async function reopen(context: BrowserContext, children: readonly string[]): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript(recordNames)
  await page.goto('/profile', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible({ timeout: 15_000 })
  for (const name of children) await expect(kidCard(page, name)).toBeVisible()
  // The live page is in: the picture is gone.
  await expect(page.locator('#sunbeam-picture')).toHaveCount(0)
  return page
}

/**
 * The painter's picture alone: a page of its own with the app's module scripts answered empty (so only
 * the app shell's inline painter runs), the picture and the parent put into its localStorage first.
 */
async function paintedOnly(browser: Browser, width: number, picture: string, uid: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, serviceWorkers: 'block' })
  await context.route(/\/assets\/(?:framework|rolldown-runtime)-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  )
  await context.addInitScript(
    ({ picture, uid }) => {
      localStorage.setItem('sunbeam-parent', JSON.stringify({ uid, email: null, displayName: null }))
      localStorage.setItem(`sunbeam-picture:${uid}`, picture)
    },
    { picture, uid },
  )
  const page = await context.newPage()
  await page.goto(new URL('/profile', test.info().project.use.baseURL).href)
  await expect(page.locator('#sunbeam-picture .kid-card')).toHaveCount(2)
  await expect(page.locator('#sunbeam-picture img.kid-card-cover')).toHaveCount(2)
  return page
}

const seen = (page: Page) => page.evaluate(() => window.sunbeamSeen as Seen)

/** The picture kept for `uid`, as localStorage has it (null when none). */
const pictureOf = (page: Page, uid: string) =>
  page.evaluate((key) => localStorage.getItem(key), `sunbeam-picture:${uid}`)

test("on a shared phone, B's first paint never shows A's children, not even A's picture put back", async ({
  app,
  browser,
  context,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(150_000)
  await answerStorage(context)
  await app.goto('/')
  await waitForServiceWorker(page)

  // A, with two children whose photos are up (the device keeps copies of them).
  await parent.signUp({ label: 'picture-a' })
  const a = await parent.uid()
  for (const kidName of A_CHILDREN) await parent.addChild({ kidName, photos: 1 })
  await expect(page.locator('.kid-badge')).toHaveCount(0, { timeout: 30_000 })
  // The picture is kept for A: the children, their small covers, nothing with an address or a token.
  await expect
    .poll(async () => {
      const kept = (await pictureOf(page, a)) ?? ''
      return A_CHILDREN.every((name) => kept.includes(name)) && (kept.match(/data:image\/jpeg/g) ?? []).length
    })
    .toBe(2)
  const aPicture = (await pictureOf(page, a)) ?? ''
  expect(aPicture).not.toMatch(/https?:|blob:|token/i)

  // A reopens the app: the picture is drawn before the live page, which then takes over.
  await page.goto('/robots.txt')
  const aAgain = await reopen(context, A_CHILDREN)
  expect((await seen(aAgain)).painted.sort()).toEqual([...A_CHILDREN].sort())
  // The picture alone (the app's scripts left out) and the live page, at a phone's and a computer's
  // width: the same cards in the same places.
  for (const width of [390, 1280]) {
    await aAgain.setViewportSize({ width, height: 844 })
    const painted = await paintedOnly(browser, width, aPicture, a)
    const boxes = (shown: Page, scope: string) =>
      shown.locator(`${scope} .kid-card`).evaluateAll((cards) =>
        cards.map((card) => {
          const { x, y, width, height } = card.getBoundingClientRect()
          return { x, y, width, height }
        }),
      )
    expect(await boxes(painted, '#sunbeam-picture')).toEqual(await boxes(aAgain, '#root'))
    // Down to the end of 'Your Kids' (the live page goes on with 'Your data' and the footer).
    const list = await aAgain.locator('#root .your-kids').boundingBox()
    const clip = { x: 0, y: 0, width, height: Math.ceil((list?.y ?? 0) + (list?.height ?? 0) + 16) }
    for (const [shown, name] of [
      [painted, 'painted'],
      [aAgain, 'live'],
    ] as const)
      await testInfo.attach(`${name}-${width}`, {
        body: await shown.screenshot({
          path: `test-results/parent-picture/${name}-${width}.png`,
          fullPage: true,
          clip,
        }),
        contentType: 'image/png',
      })
    await painted.context().close()
  }
  await aAgain.close()

  // A signs out: A's picture goes with the rest of A's data (the children, which Firestore's unreachable
  // server never acknowledged here, are not kept for A either).
  await app.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await parent.signOut({ waitingChildren: 'delete' })
  expect(await pictureOf(page, a)).toBeNull()

  // B signs in on the same phone and adds a child.
  await parent.signUp({ label: 'picture-b' })
  const b = await parent.uid()
  await parent.addChild({ kidName: B_CHILD, photos: 1 })
  await expect.poll(async () => (await pictureOf(page, b)) ?? '').toContain(B_CHILD)
  await page.goto('/robots.txt')

  // B reopens: B's picture, then B's live page; never one of A's children.
  const bAgain = await reopen(context, [B_CHILD])
  expect((await seen(bAgain)).painted).toEqual([B_CHILD])
  expect((await seen(bAgain)).names).toEqual([B_CHILD])
  await bAgain.close()

  // A's picture put back by hand, under A's key and under B's: still never drawn for B.
  await page.evaluate(
    ({ a, b, picture }) => {
      localStorage.setItem(`sunbeam-picture:${a}`, picture)
      localStorage.setItem(`sunbeam-picture:${b}`, picture)
    },
    { a, b, picture: aPicture },
  )
  const bThen = await reopen(context, [B_CHILD])
  const then = await seen(bThen)
  for (const name of A_CHILDREN) expect(then.names).not.toContain(name)
  expect(then.names).toEqual([B_CHILD])
  // B's live page took B's picture again, over the one put back.
  await expect.poll(async () => (await pictureOf(bThen, b)) ?? '').toContain(B_CHILD)
  expect(await pictureOf(bThen, b)).not.toContain(A_CHILDREN[0])
})
