// The painted 'My Profile' is never a dead screen (issue 52, docs/decisions/0071): a returning parent who
// taps the picture before the live page is in gets what the tap asks for. The app's scripts are held
// back here (answered only when the test lets them go), so the picture stays up for as long as the test
// needs: a link in it (a child's card) is followed at once; a button (the phone's 'Menu') is pressed
// again on the live page once it takes over. The production build; the real Auth emulator; Firestore's
// server unreachable; Storage answered by the harness. No service worker, so that the scripts' requests
// reach the network (and this test's hold).
import type { BrowserContext, Page } from '@playwright/test'
import { axeViolations } from './axe'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

const CHILD = 'Amara Obi'
/** The app's module scripts: while held, only the app shell's inline painter runs. */
const APP_SCRIPTS = /\/assets\/[\w-]+\.js$/

/** Holds the app's scripts back until the returned function lets them go. */
async function holdAppScripts(context: BrowserContext): Promise<() => Promise<void>> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const hold = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
    await released
    await route.continue().catch(() => undefined)
  }
  await context.route(APP_SCRIPTS, hold)
  return async () => {
    release()
    await context.unroute(APP_SCRIPTS, hold)
  }
}

/** The app reopened on /profile with its scripts held: the picture is drawn, the live page hidden. */
async function reopenPainted(context: BrowserContext): Promise<{ page: Page; release: () => Promise<void> }> {
  const release = await holdAppScripts(context)
  const page = await context.newPage()
  await page.goto('/profile', { waitUntil: 'commit' })
  await expect(page.locator('#sunbeam-picture .kid-card-name')).toHaveText(CHILD)
  await expect(page.locator('#root')).toBeHidden()
  return { page, release }
}

test('a tap on the painted profile is honoured: a card opens the child, a button is pressed once live', async ({
  context,
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  await answerStorage(context)
  await parent.signUp({ label: 'picture-taps' })
  const { kidId } = await parent.addChild({ kidName: CHILD, photos: 1 })
  await expect(page.locator('.kid-badge')).toHaveCount(0, { timeout: 30_000 })
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('sunbeam-picture:'))),
    )
    .toBe(true)
  await page.goto('/robots.txt')

  // The child's card in the picture: followed at once, while the app's scripts are still held.
  const card = await reopenPainted(context)
  const navigated = card.page.waitForURL(`**/kid/${kidId}`, { waitUntil: 'commit' })
  await card.page.locator('#sunbeam-picture .kid-card-link').click()
  await navigated
  await card.release()
  await expect(card.page.getByRole('heading', { level: 1, name: CHILD })).toBeVisible({ timeout: 20_000 })
  await card.page.close()

  // The phone's 'Menu' in the picture: pressed on the live page as soon as it is in, once.
  const menu = await reopenPainted(context)
  // Its controls answer the pointer, not the keyboard nor assistive technology (they read the live page).
  expect(await axeViolations(menu.page), 'the painted profile').toEqual([])
  await menu.page.locator('#sunbeam-picture .menu-toggle').click()
  // Marked pressed meanwhile, and the page is still the picture.
  await expect(menu.page.locator('#sunbeam-picture .menu-toggle')).toHaveCSS('opacity', '0.6')
  await menu.release()
  await expect(menu.page.locator('#sunbeam-picture')).toHaveCount(0, { timeout: 20_000 })
  const toggle = menu.page.locator('#root .menu-toggle')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle).toHaveText('Close')
  await expect(menu.page).toHaveURL(/\/profile$/)
})
