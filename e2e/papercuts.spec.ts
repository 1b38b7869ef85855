// Issue 26's papercuts, as a visitor and a parent meet them: an unknown path is a real 404, 'Bad User
// Credentials' stays beside the form, the install offer never covers a control, and every question is
// one modal dialog that the keyboard can answer.
import type { Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, settled, test } from './fixtures'
import { notFoundStatusOf } from './not-found-status'
import { amara, kidCard, PASSWORD } from './parent-steps'

/** Chromium's install offer, made by the test (headless Chromium never decides to offer by itself). */
const offerInstall = () => {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => {},
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  })
  window.dispatchEvent(event)
}

/** The controls in the viewport that something else lies over (their centre is not theirs). */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        const x = box.left + box.width / 2
        const y = box.top + box.height / 2
        if (box.width === 0 || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false
        const top = document.elementFromPoint(x, y)
        // A file input is transparent over its styled label: the label counts as the input.
        const label = top?.closest('label')
        return !(top && (element.contains(top) || (label && label.htmlFor === element.id)))
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  )
}

test.describe('unknown paths', () => {
  // One pattern: Playwright reads a two-element array here as (value, options).
  test.use({ allowedConsoleErrors: [notFoundStatusOf('/(?:nope|blog/99|profile/extra)', { pattern: true })] })

  test('answer HTTP 404 with the not-found page titled "Page not found"; the app routes answer 200', async ({
    page,
    request,
  }) => {
    for (const path of ['/nope', '/blog/99', '/profile/extra']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } })
      expect(response.status(), path).toBe(404)
      const html = await response.text()
      expect(html).toContain('<title>Page not found | Sunbeam</title>')
      expect(html).toContain('We could not find that page')
      expect(html).toContain('<meta name="robots" content="noindex" />')
    }
    for (const path of [
      '/',
      '/about',
      '/blog/6',
      '/login',
      '/signup',
      '/profile',
      '/add-kid',
      '/kid/a1',
      '/edit-kid/a1',
    ]) {
      const response = await request.get(path, { headers: { accept: 'text/html' } })
      expect(response.status(), path).toBe(200)
    }
    const response = await page.goto('/nope')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page not found | Sunbeam')
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page')
  })
})

test.describe(() => {
  // The Auth emulator refuses the sign-in with HTTP 400, which Chromium logs.
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
    ],
  })
  test("'Bad User Credentials' stays beside the form until the parent types again", async ({ app, page }) => {
    await app.goto('/login')
    await page.getByLabel('Email Address').fill('nobody-here@example.com')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    const alert = page.locator('form').getByRole('alert')
    await expect(alert).toHaveText('Bad User Credentials', { timeout: 20_000 })
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    // Once, beside the form: no toast says it again.
    await expect(page.getByText('Bad User Credentials')).toHaveCount(1)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await page.getByLabel('Password').press('x')
    await expect(page.getByText('Bad User Credentials')).toHaveCount(0)
    await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid')
  })
})

test.describe('at 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('the install offer covers nothing: it sits above the footer, never on the forms; Sign Up is on the first screen', async ({
    app,
    page,
    parent,
  }) => {
    test.setTimeout(120_000)
    await app.goto('/')
    await app.goto('/about')
    await page.evaluate(offerInstall)
    await page.mouse.wheel(0, 400)
    const offer = page.getByRole('complementary', { name: 'Install the app' })
    await expect(offer.getByRole('button', { name: 'Install app' })).toBeVisible()
    // In the page's flow, between the content and the footer: nothing on screen is under it.
    expect(await offer.evaluate((element) => getComputedStyle(element).position)).toBe('static')
    expect(await coveredControls(page)).toEqual([])

    // Sign In, as a visitor who tapped 'Join Us' gets it: the sign-up way is on the first screen, free.
    await app.goto('/login?redirect=%2Fprofile')
    await page.evaluate(offerInstall)
    await page.mouse.click(200, 400)
    await settled(page)
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
    const signUp = page.getByRole('main').getByRole('link', { name: 'Sign Up' }).first()
    await expect(signUp).toBeInViewport({ ratio: 1 })
    expect(await coveredControls(page)).toEqual([])

    // The add form: no offer over its fields.
    await parent.signUp({ label: 'offer' })
    await app.goto('/add-kid')
    await page.evaluate(offerInstall)
    await page.mouse.wheel(0, 300)
    await settled(page)
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
    for (let y = 0; y < 3; y += 1) {
      expect(await coveredControls(page)).toEqual([])
      await page.mouse.wheel(0, 600)
    }
  })
})

test.describe('questions', () => {
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('delete a child, sign out, delete my account: one modal dialog each, answered by keyboard', async ({
    page,
    context,
    parent,
  }) => {
    test.setTimeout(120_000)
    await parent.signUp({ label: 'dialogs' })
    // In-app, not a new page load: the toasts' code loaded with 'Signed up successfully' stays.
    await parent.fillNewChild({ photos: 2 })
    // Offline: the child waits on this device, so signing out asks what to do with it.
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Add Child' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await context.setOffline(false)

    // Delete: the spec's question, naming the child and its photos; focus inside, Tab stays inside.
    const deleteButton = kidCard(page, amara.kidName).getByRole('button', { name: `Delete ${amara.kidName}` })
    await deleteButton.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`${amara.kidName} and their 2 photos will be removed for good.`)
    expect(await dialog.evaluate((element) => element.matches('dialog:modal'))).toBe(true)
    await expectTabStaysInside(page, dialog, 6)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(deleteButton).toBeFocused()

    // Sign out with a child not uploaded: the same dialog.
    const logout = page.getByRole('main').getByRole('button', { name: 'Logout' })
    await logout.focus()
    await page.keyboard.press('Enter')
    const signOut = page.getByRole('alertdialog', { name: 'Before you sign out' })
    await expect(signOut).toBeVisible()
    await expect(signOut.getByRole('button', { name: 'Keep and sign out' })).toBeFocused()
    await expectTabStaysInside(page, signOut, 8)
    await page.keyboard.press('Escape')
    await expect(signOut).toHaveCount(0)
    await expect(logout).toBeFocused()

    // Delete my account: the password inside the dialog.
    const deleteAccount = page.getByRole('button', { name: 'Delete my account' })
    await deleteAccount.focus()
    await page.keyboard.press('Enter')
    const account = page.getByRole('alertdialog', { name: 'Delete my account' })
    await expect(account.getByLabel('Your password')).toBeFocused()
    await expectTabStaysInside(page, account, 6)
    await page.keyboard.press('Escape')
    await expect(account).toHaveCount(0)
    await expect(deleteAccount).toBeFocused()

    // And the delete itself, by keyboard: Tab to it, Enter.
    await deleteButton.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('button', { name: `Delete ${amara.kidName}` })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Successfully deleted child')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  })
})

/** Presses Tab (and Shift+Tab) `presses` times each: focus never leaves the dialog. */
async function expectTabStaysInside(page: Page, dialog: ReturnType<Page['getByRole']>, presses: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key)
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `${key} ${i + 1}`,
      ).toBe(true)
    }
  }
}
