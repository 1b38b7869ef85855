// The screens issue 38 changed, at 390 px (phone) and 1280 px (desktop): screenshots to look at
// (test-results/…/issue38-*.png) and axe (WCAG 2.2 A/AA) on each. The chosen plan on the profile, the
// add form's Child Age with the parent's details filled in, its age error, the child's page with the age
// and its unit, Sign In's one 'Bad User Credentials', and a toast clear of the header.
import type { Page, TestInfo } from '@playwright/test'
import { axeViolations } from './axe'
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { cardLink } from './parent-steps'
import { answerStorage } from './storage-fake'
import { screenshotWholePage } from './whole-page'

test.use({
  allowedConsoleErrors: [
    firestoreUnreachable,
    // The Auth emulator refuses the wrong password with HTTP 400, which Chromium logs.
  ],
})

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await screenshotWholePage(page, testInfo.outputPath(`issue38-${name}-${testInfo.project.name}.png`))
  expect(await axeViolations(page), name).toEqual([])
}

test('the changed parent screens: screenshots, and axe finds nothing', async ({
  app,
  page,
  parent,
}, testInfo) => {
  test.setTimeout(180_000)
  await answerStorage(page)
  await parent.signUp({ label: 'screens38', name: 'Ngozi Parent' })
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Signed up successfully' }),
  ).toBeVisible()
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: testInfo.outputPath(`issue38-toast-${testInfo.project.name}.png`) })

  await app.goto('/profile?plan=Weekly')
  await expect(page.getByRole('region', { name: 'You chose the Weekly Plan' })).toBeVisible()
  await shot(page, testInfo, 'profile-chosen-plan')

  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByLabel('Parent Name')).toHaveValue('Ngozi Parent')
  await page.getByLabel('Months').fill('14')
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(
    page.getByText('Child Age: enter whole years from 0 to 12 and months from 0 to 11'),
  ).toBeVisible()
  await shot(page, testInfo, 'add-form-age-error')

  await app.goto('/profile')
  await parent.addChild({ kidName: 'Ada Months', kidYears: '1', kidMonths: '6', photos: 1 })
  await cardLink(page, 'Ada Months').click()
  await expect(page.locator('.kid-lines')).toContainText('18 months')
  await shot(page, testInfo, 'kid-detail-age')
  await page.getByRole('link', { name: 'Edit child' }).click()
  await expect(page.getByLabel('Years')).toHaveValue('1')
  await shot(page, testInfo, 'edit-form-age')
})

test.describe(() => {
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
    ],
  })
  test("Sign In with a wrong password: one 'Bad User Credentials', beside the form", async ({
    app,
    page,
  }, testInfo) => {
    await app.goto('/login')
    await page.getByLabel('Email Address').fill('nobody-here@example.com')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.locator('form').getByRole('alert')).toHaveText('Bad User Credentials', {
      timeout: 20_000,
    })
    await shot(page, testInfo, 'login-bad-credentials')
  })
})
