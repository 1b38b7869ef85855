// The parent area's finish, on the production build in Chromium at 390 px and 1280 px: the 'Add your
// child' button keeps its label readable, the offline bar never covers the page and can be put away,
// toasts use the site's font, and the sign-in screen says why a visitor was sent there. Sign-up runs
// against the real Auth emulator; Firestore's server is unreachable here, as in the rest of the suite.
import type { Locator, Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, settled, test } from './fixtures'
import { amara, kidCard } from './parent-steps'
import { photoFiles } from './pictures'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

/** WCAG contrast ratio of an element's text colour on its own (opaque) background colour. */
async function contrastOf(locator: Locator): Promise<{ ratio: number; color: string; background: string }> {
  const { color, background } = await locator.evaluate((element) => {
    const style = getComputedStyle(element)
    return { color: style.color, background: style.backgroundColor }
  })
  const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = channels(css).map((value) => {
      const c = value / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [number, number]
  return { ratio: (light + 0.05) / (dark + 0.05), color, background }
}

test("'Add your child' keeps a readable label at rest, on hover and after coming back from the form", {
  tag: '@layout',
}, async ({ page, parent }) => {
  test.setTimeout(90_000)
  await parent.signUp({ label: 'contrast' })
  const addKid = page.getByRole('link', { name: 'Add your child' })

  // Toasts are set in the site's font, not sonner's own.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed up successfully' })
  await expect(toast).toBeVisible()
  expect
    .soft(await toast.evaluate((element) => getComputedStyle(element).fontFamily))
    .toMatch(/^"Nunito Variable"/)

  const atRest = await contrastOf(addKid)
  expect(atRest.ratio, JSON.stringify(atRest)).toBeGreaterThanOrEqual(4.5)

  await addKid.hover()
  const hovered = await contrastOf(addKid)
  expect(hovered.ratio, JSON.stringify(hovered)).toBeGreaterThanOrEqual(4.5)

  // A phone keeps the last tap's hover state: after the form and back, the pointer sits on the button.
  await addKid.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await addKid.hover()
  const back = await contrastOf(addKid)
  expect(back.ratio, JSON.stringify(back)).toBeGreaterThanOrEqual(4.5)
  await expect(addKid).toHaveText('Add your child')
})

test("offline, the slim bar never covers the add form's submit button, and Dismiss puts it away", {
  tag: '@layout',
}, async ({ page, context, parent }) => {
  test.setTimeout(90_000)
  await parent.signUp({ label: 'offline-bar' })
  await page.getByRole('link', { name: 'Add your child' }).click()
  const submit = page.getByRole('button', { name: 'Add Child' })
  await expect(submit).toBeVisible()

  await context.setOffline(true)
  // Chromium fires 'offline' itself; the event is sent again in case this browser does not.
  await page.evaluate(() => {
    if (!navigator.onLine) window.dispatchEvent(new Event('offline'))
  })
  const status = page.getByRole('status').filter({ hasText: 'You are offline.' })
  await expect(status).toContainText(
    'You are offline. The site still works, and what you send goes out once you are online.',
  )
  const bar = status.locator('.app-status__offline')
  const barBox = await bar.boundingBox()
  if (!barBox) throw new Error('the offline bar has no box')
  expect(barBox.height, 'a slim bar').toBeLessThanOrEqual(56)
  const viewport = page.viewportSize()
  expect(barBox.y + barBox.height).toBeCloseTo(viewport?.height ?? 0, 0)

  const bottomOf = async (locator: Locator) => {
    const box = await locator.boundingBox()
    if (!box) throw new Error('no box')
    return box.y + box.height
  }

  // Scrolled into view by the page (as a link to it or a focus move would), the button ends above the bar.
  await page.evaluate(() => window.scrollTo(0, 0))
  await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }))
  expect(await bottomOf(submit)).toBeLessThanOrEqual(barBox.y)

  // Reached with the keyboard, the same.
  await page.evaluate(() => window.scrollTo(0, 0))
  await submit.focus()
  await expect(submit).toBeFocused()
  expect(await bottomOf(submit)).toBeLessThanOrEqual(barBox.y)

  // And the very end of the page stays above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await bottomOf(page.locator('footer.site-footer'))).toBeLessThanOrEqual(barBox.y + 1)

  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('You are offline.')).toHaveCount(0)
  // The space it kept is given back.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px')
})

test("'Add Child' stays where it is while picked photos become thumbnails", { tag: '@layout' }, async ({
  page,
  parent,
}) => {
  await parent.signUp({ label: 'steady-button' })
  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByRole('button', { name: 'Add Child' })).toBeVisible()
  // Every change of the form is sampled: is the picker still preparing, how many thumbnails, and where
  // the submit button is on the page. (A parent, or a test, tapping it as the thumbnails arrived used to
  // hit the picker instead: the button jumped down by a row.)
  await page.evaluate(() => {
    const form = document.querySelector('form.kid-form')
    const button = document.querySelector('button.kid-submit')
    if (!form || !button) throw new Error('no add form')
    const samples: { preparing: boolean; thumbnails: number; top: number }[] = []
    Object.assign(window, { sunbeamButtonSamples: samples })
    new MutationObserver(() => {
      const picker = form.querySelector('.photo-picker')
      samples.push({
        preparing: picker?.getAttribute('aria-busy') === 'true',
        thumbnails: form.querySelectorAll('.photo-picker__item:not(.photo-picker__item--pending)').length,
        top: Math.round(button.getBoundingClientRect().top + window.scrollY),
      })
    }).observe(form, { subtree: true, childList: true, attributes: true })
  })
  await page.getByLabel('Images').setInputFiles(photoFiles(2))
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2)
  await expect(page.locator('.photo-picker')).toHaveAttribute('aria-busy', 'false')
  const samples = await page.evaluate(
    () =>
      (
        window as unknown as {
          sunbeamButtonSamples: { preparing: boolean; thumbnails: number; top: number }[]
        }
      ).sunbeamButtonSamples,
  )
  expect(
    samples.some((sample) => sample.preparing),
    'sampled while preparing',
  ).toBe(true)
  expect(
    samples.some((sample) => sample.thumbnails === 2),
    'sampled with both thumbnails',
  ).toBe(true)
  // From the pick on: the tiles' row appears with the pick itself (a mutation of the form before it,
  // seen once under load, is sampled where the button stood before anything was chosen).
  const fromPick = samples.slice(samples.findIndex((sample) => sample.preparing))
  const tops = new Set(fromPick.map((sample) => sample.top))
  expect([...tops], JSON.stringify(samples)).toHaveLength(1)
})

test('the sign-in screen says why when a visitor taps Profile', async ({ app, page }) => {
  await app.goto('/')
  await page.getByRole('link', { name: 'Profile' }).first().click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page.getByText('Please sign in to see your profile.')).toBeVisible()
})

interface ScreenSample {
  heading: string
  loader: boolean
  scrollY: number
  path: string
  /** Where 'Add your child' is on the page (from its top), null while it is not there. */
  addKidTop: number | null
}

/**
 * What the screen shows, sampled every animation frame from now on (in-app navigations keep it), and
 * once more when the samples are taken: a frame's callbacks run before React commits in that frame, so
 * on a slow machine the last frame sampled may precede the screen the test has just seen.
 */
async function sampleScreen(page: Page) {
  await page.evaluate(() => {
    const samples: ScreenSample[] = []
    const record = () => {
      samples.push({
        heading: document.querySelector('main h1')?.textContent ?? '',
        loader: (document.body.textContent ?? '').includes('Checking that you are signed in'),
        scrollY: Math.round(window.scrollY),
        path: location.pathname,
        addKidTop: (() => {
          const link = [...document.querySelectorAll('main a')].find(
            (a) => a.textContent?.trim() === 'Add your child',
          )
          return link ? Math.round(link.getBoundingClientRect().top + window.scrollY) : null
        })(),
      })
    }
    Object.assign(window, { __screenSamples: samples, __screenRecord: record })
    const everyFrame = () => {
      record()
      requestAnimationFrame(everyFrame)
    }
    requestAnimationFrame(everyFrame)
  })
  return {
    /** The samples taken on /profile since the last call, and the loader if it showed anywhere. */
    take: () =>
      page.evaluate(() => {
        const screen = window as unknown as { __screenSamples: ScreenSample[]; __screenRecord: () => void }
        screen.__screenRecord()
        const all = screen.__screenSamples
        const taken = all.splice(0, all.length)
        return {
          loaderShown: taken.some((s) => s.loader),
          profile: taken.filter((s) => s.path === '/profile' && s.heading === 'My Profile'),
        }
      }),
  }
}

test(
  "after signing up, adding and editing a child, 'My Profile' shows at the top at once, never the sign-in loader",
  { tag: '@layout' },
  async ({ app, page, parent }, testInfo) => {
    test.setTimeout(90_000)
    await answerStorage(page)
    await app.goto('/signup')
    let screen = await sampleScreen(page)
    await page.getByLabel('Name').fill('Ngozi Parent')
    await page.getByLabel('Email').fill(`p-top-${testInfo.project.name}-${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('sunbeam-secret-1')
    await page.getByRole('button', { name: 'Sign Up Now' }).click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible({ timeout: 30_000 })
    // The last of the page to be filled in (the notices, from Firestore's cache): nothing moved meanwhile.
    // (The notices section drawn after the page pushed 'Add your child' 290 px down under the finger.)
    await expect(page.getByText(/No notices yet/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Notices' })).toBeVisible()
    await settled(page)
    let seen = await screen.take()
    expect(seen.loaderShown, 'the sign-in loader during sign-up').toBe(false)
    expect(
      [...new Set(seen.profile.map((s) => s.addKidTop))],
      "where 'Add your child' was on My Profile, frame by frame",
    ).toHaveLength(1)

    // Add a child: the submit button is at the end of a long form, so the page is scrolled far down.
    await page.getByRole('link', { name: 'Add your child' }).click()
    await parent.fillChild()
    await page.getByLabel('Images').setInputFiles(photoFiles(1))
    const submit = page.getByRole('button', { name: 'Add Child' })
    await submit.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    screen = await sampleScreen(page)
    await submit.click()
    await expect(kidCard(page, amara.kidName)).toBeVisible()
    seen = await screen.take()
    expect(seen.loaderShown, 'the sign-in loader after Add Child').toBe(false)
    expect(seen.profile.length).toBeGreaterThan(0)
    expect(
      seen.profile.map((s) => s.scrollY).filter((y) => y !== 0),
      'scroll positions on My Profile',
    ).toEqual([])

    // Edit it: the same.
    await kidCard(page, amara.kidName)
      .getByRole('link', { name: `Edit ${amara.kidName}` })
      .click()
    await expect(page.getByLabel('Child Name')).toHaveValue(amara.kidName)
    await page.getByLabel('Plan').selectOption('Daily')
    const editSubmit = page.getByRole('button', { name: 'Edit Child' })
    await editSubmit.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    screen = await sampleScreen(page)
    await editSubmit.click()
    await expect(kidCard(page, amara.kidName)).toContainText('Daily Plan')
    seen = await screen.take()
    expect(seen.loaderShown, 'the sign-in loader after Edit Child').toBe(false)
    expect(seen.profile.length).toBeGreaterThan(0)
    expect(
      seen.profile.map((s) => s.scrollY).filter((y) => y !== 0),
      'scroll positions on My Profile',
    ).toEqual([])
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeInViewport()
  },
)
