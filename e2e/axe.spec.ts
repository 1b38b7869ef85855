// Every public and parent screen, checked with axe-core on the WCAG 2.2 A and AA rules, at 390 px
// (phone) and 1280 px (desktop): the page as a visitor or parent sees it, toasts and dialogs included.
import { axeViolations } from './axe'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, scrollThrough, test } from './fixtures'
import { notFoundStatusOf } from './not-found-status'
import { amara, cardLink, kidCard } from './parent-steps'
import { photoFiles } from './pictures'
import { answerStorage } from './storage-fake'

// The marketing pages are checked on the marketing walk (marketing-walk.spec.ts), which loads each once.
const publicScreens = ['/login', '/signup', '/no-such-page']

// The unknown path answers HTTP 404 on purpose, which Chromium logs.
test.use({ allowedConsoleErrors: [notFoundStatusOf('/no-such-page')] })

for (const path of publicScreens) {
  test(`${path}: no WCAG 2.2 A/AA violation`, { tag: '@layout' }, async ({ app, page }) => {
    await app.goto(path)
    // Deferred sections and lazy pictures arrive as the visitor scrolls: the whole page is checked.
    await scrollThrough(page)
    expect(await axeViolations(page)).toEqual([])
  })
}

test('the check itself: text too faint at rest is reported, after what moved has settled', {
  tag: '@layout',
}, async ({ app, page }) => {
  await app.goto('/login')
  await page.evaluate(() => {
    const faint = document.createElement('p')
    faint.id = 'faint-words'
    faint.textContent = 'Faint words'
    Object.assign(faint.style, { color: '#eeeeee', background: '#ffffff' })
    document.querySelector('main')?.append(faint)
    // Something moving as the check begins: the check waits for it, then still finds the faint words.
    const heading = document.querySelector('h1')
    if (heading) {
      heading.style.transition = 'transform 0.3s'
      heading.style.transform = 'translateX(4px)'
    }
  })
  const violations = await axeViolations(page)
  expect(violations.map((violation) => violation.id)).toEqual(['color-contrast'])
  expect(violations[0]?.nodes).toHaveLength(1)
  expect(violations[0]?.nodes.join(' ')).toMatch(/^#faint-words: [\s\S]*contrast of 1\.16/)
})

test('the check itself: a colour on its way is read where it ends, and the page keeps its transitions', async ({
  app,
  page,
}) => {
  await app.goto('/login')
  const duration = await page.evaluate(() => {
    const words = document.createElement('p')
    words.id = 'settling-words'
    words.textContent = 'Settling words'
    // From faint to dark over ten minutes: only the end is a colour anyone reads.
    Object.assign(words.style, { color: '#eeeeee', background: '#ffffff', transition: 'color 600s' })
    document.querySelector('main')?.append(words)
    getComputedStyle(words).color
    words.style.color = '#222222'
    return getComputedStyle(words).transitionDuration
  })
  expect(duration).toBe('600s')
  expect(await axeViolations(page)).toEqual([])
  expect(
    await page.evaluate(() => {
      const words = document.getElementById('settling-words')
      return words && getComputedStyle(words).transitionDuration
    }),
  ).toBe('600s')
})

test.describe('parent screens', { tag: '@layout' }, () => {
  test.use({ allowedConsoleErrors: [firestoreUnreachable] })
  test.beforeEach(({ context }) => answerConnectivityProbe(context))

  test('profile, add, detail, edit, the dialogs and the toasts: no WCAG 2.2 A/AA violation', async ({
    app,
    page,
    parent,
  }) => {
    test.setTimeout(150_000)
    await answerStorage(page)
    await parent.signUp({ label: 'axe' })
    // 'Signed up successfully' is on screen.
    await expect(page.getByText('Signed up successfully')).toBeVisible()
    expect(await axeViolations(page), 'profile with a toast').toEqual([])

    await app.goto('/add-kid')
    await parent.fillChild()
    await page.getByLabel('Images').setInputFiles(photoFiles(2))
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2)
    expect(await axeViolations(page), 'add form').toEqual([])
    await page.getByRole('button', { name: 'Add Child' }).click()
    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 })
    await expect(kidCard(page, amara.kidName)).toBeVisible()
    expect(await axeViolations(page), 'profile with a child').toEqual([])

    await kidCard(page, amara.kidName)
      .getByRole('button', { name: `Delete ${amara.kidName}` })
      .click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    expect(await axeViolations(page), 'delete dialog').toEqual([])
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Delete my account' })).toBeVisible()
    expect(await axeViolations(page), 'delete-account dialog').toEqual([])
    await page.keyboard.press('Escape')

    await cardLink(page, amara.kidName).click()
    await expect(page.getByRole('heading', { level: 1, name: amara.kidName })).toBeVisible()
    expect(await axeViolations(page), 'child detail').toEqual([])

    await page.getByRole('link', { name: 'Edit child' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Child Info' })).toBeVisible()
    expect(await axeViolations(page), 'edit form').toEqual([])
  })
})
