// Issue 26: 'Choose Plan' carries its plan through sign-up or sign-in to the add form, preselected, while
// the button still leads to /profile (the guard sends a signed-out visitor to Sign In first).
import type { Page } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { PASSWORD, uniqueEmail } from './parent-steps'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })
test.beforeEach(({ context }) => answerConnectivityProbe(context))

/** Taps 'Choose Plan' on the card titled `title` on /pricing; the visitor lands on Sign In. */
async function choosePlan(page: Page, title: string) {
  const card = page.getByRole('article', { name: title })
  await card.getByRole('link', { name: 'Choose Plan' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=/)
}

/** From 'My Profile': 'Add your child' opens the form; returns its plan field. */
async function addYourChild(page: Page) {
  await expect(page).toHaveURL(/\/profile\?plan=/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByRole('heading', { name: 'Add Your Child Info' })).toBeVisible()
  return page.getByLabel('Plan')
}

test("'Choose Plan' on Weekly, then Sign Up: the add form has the Weekly plan; then Daily through Sign In", async ({
  app,
  page,
  parent,
}, testInfo) => {
  await app.goto('/pricing')
  await choosePlan(page, 'Weekly Plan')
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
  const email = uniqueEmail(testInfo, 'plan')
  await page.getByLabel('Name').fill('Ngozi Parent')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  await expect(await addYourChild(page)).toHaveValue('Weekly')

  // The same parent, signed out, chooses another plan and signs in.
  await page.getByRole('link', { name: 'Profile', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await parent.signOut()
  await app.goto('/pricing')
  await choosePlan(page, 'Daily Plan')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(await addYourChild(page)).toHaveValue('Daily')

  // 'Add your child' with no plan chosen keeps the spec's default.
  await app.goto('/profile')
  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByLabel('Plan')).toHaveValue('Monthly')
})

test("'Choose Plan' tells a parent already signed in the plan they chose, with 'Add your child' for it", async ({
  app,
  page,
  parent,
}) => {
  await parent.signUp({ label: 'plan-signed-in' })
  await app.goto('/pricing')
  await page.getByRole('article', { name: 'Daily Plan' }).getByRole('link', { name: 'Choose Plan' }).click()
  await expect(page).toHaveURL(/\/profile\?plan=Daily$/)
  const notice = page.getByRole('region', { name: 'You chose the Daily Plan' })
  await expect(notice).toBeVisible()
  await expect(notice).toBeInViewport()
  await expect(page.getByRole('link', { name: 'Add your child' })).toHaveCount(1)
  await notice.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByRole('heading', { name: 'Add Your Child Info' })).toBeVisible()
  await expect(page.getByLabel('Plan')).toHaveValue('Daily')
})
