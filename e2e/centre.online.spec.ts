// The centre's side against the real backend (e2e/online-world.ts): a member of staff granted by the real
// `npm run staff -- grant EMAIL` (the Admin SDK on the Auth emulator), once their e-mail is verified, sees a parent's new child and a
// new inquiry at /centre, confirms a place that the parent's card shows without a reload, marks the
// inquiry handled (stored on the server, queued while offline), and a parent at /centre sees no data.
// Also axe at 390 px and 1280 px, and screenshots of /centre at both widths.
import type { Page } from '@playwright/test'
import { axeViolations } from './axe'
import { appPage, expect, test } from './fixtures'
import { onlineWorld, plainFields, serverDocument, serverQuery } from './online-world'
import { cardLink, kidCard, PASSWORD, parentSteps } from './parent-steps'
import { followVerificationLink, staffChange, staffCommand } from './staff-command'
import { answerStorage } from './storage-fake'
import { screenshotWholePage } from './whole-page'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

function card(page: Page, heading: string) {
  return page
    .locator('.centre-card')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
}

test('staff granted by the command see a new child and inquiry, confirm a place, mark handled', async ({
  app,
  page,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(240_000)
  const kidName = `Amara ${Date.now().toString(36)}`
  const subject = `Visit ${Date.now().toString(36)}`

  // Every script the parent's tab loads: none of the staff screens' code, on marketing pages or in the
  // parent area, until /centre is opened.
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const staffCode = /\/assets\/(?:centre|firebase-centre|registrations-view|inquiries-page|child-photo)[.-]/

  // A parent registers a child, and the same parent writes through Quick Inquire.
  await answerStorage(page)
  await parent.signUp({ label: 'centre-parent' })
  await parent.fillNewChild({ kidName, photos: 1 })
  await page.getByRole('button', { name: 'Add Child' }).click()
  const kidId = await parent.kidId({ kidName })
  await expect.poll(() => serverDocument(`kids/${kidId}`), { timeout: 20_000 }).not.toBeNull()
  await expect(kidCard(page, kidName)).toHaveClass(/kid-card--saved/, { timeout: 20_000 })
  await app.goto('/contact')
  await page.getByLabel('First name').fill('Bisi')
  await page.getByLabel('Last name').fill('Ade')
  await page.getByLabel('Email').fill('bisi@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill('Is there a place from January?')
  await page.getByRole('button', { name: 'Submit Now' }).click()
  await expect
    .poll(async () => (await serverQuery('inquiries', 'subject', subject)).length, { timeout: 20_000 })
    .toBe(1)
  const [inquiryDoc] = await serverQuery('inquiries', 'subject', subject)
  const inquiryPath = `inquiries/${inquiryDoc?.name.split('/').pop()}`

  expect(scripts.length).toBeGreaterThan(3)
  expect(scripts.filter((path) => staffCode.test(path))).toEqual([])

  // The parent at /centre: one sentence, no data.
  await app.goto('/centre')
  await expect(page.getByText("This area is for Sunbeam's staff.")).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('navigation', { name: 'Centre' })).toHaveCount(0)
  await expect(page.getByText(kidName)).toHaveCount(0)
  await app.goto('/profile')
  await expect(kidCard(page, kidName)).toBeVisible()

  // A member of staff: an ordinary account, then granted by the command while signed in.
  // With the service worker (the suite blocks it by default): /centre must reopen offline.
  const staffContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  })
  const staffPage = await staffContext.newPage()
  const staffApp = appPage(staffPage)
  // Staff sign up as parents do.
  const staff = parentSteps({ page: staffPage, app: staffApp, testInfo })
  try {
    const { email: staffEmail } = await staff.signUp({ label: 'centre-staff' })
    await staffApp.goto('/centre')
    await expect(staffPage.getByText("This area is for Sunbeam's staff.")).toBeVisible({ timeout: 30_000 })
    // Not verified yet: grant refuses, and nothing opens.
    const refused = staffCommand('grant', staffEmail, '--yes')
    expect(refused.status).not.toBe(0)
    expect(refused.output).toContain('has not verified its e-mail')
    await staffApp.goto('/centre')
    await expect(staffPage.getByText("This area is for Sunbeam's staff.")).toBeVisible({ timeout: 30_000 })
    await followVerificationLink(staffEmail)
    staffChange('grant', staffEmail)
    // No new sign-in: /centre asks for a fresh token when the one held says 'not staff'.
    await staffApp.goto('/centre')
    await expect(staffPage.getByRole('heading', { name: 'Sunbeam centre' })).toBeVisible({ timeout: 30_000 })
    const child = card(staffPage, kidName)
    await expect(child).toBeVisible({ timeout: 20_000 })
    await expect(child).toContainText('Ngozi Obi')
    await expect(child).toContainText('New')
    const nav = staffPage.getByRole('navigation', { name: 'Centre' })
    await expect(nav.getByRole('link', { name: /^Inquiries/ })).toContainText(/\d+/)

    // Confirm place: the parent's card says so without a reload.
    await child.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await child.getByLabel('Start date').fill('2027-01-04')
    await child.getByRole('button', { name: `Confirm place for ${kidName}` }).click()
    await expect(child).toContainText('Confirmed from 4 January 2027')
    await expect(kidCard(page, kidName)).toContainText('Place confirmed from 4 January 2027', {
      timeout: 20_000,
    })
    await expect
      .poll(async () => {
        const stored = await serverDocument(`registrations/${kidId}`)
        return stored ? plainFields(stored) : null
      })
      .toMatchObject({ state: 'confirmed', startDate: '2027-01-04', decidedAt: 'timestamp' })
    // Waitlist: live too.
    await child.getByRole('button', { name: `Waitlist ${kidName}` }).click()
    await expect(kidCard(page, kidName)).toContainText('On the waiting list', { timeout: 20_000 })
    // And on the child's page.
    await cardLink(page, kidName).click()
    await expect(page.getByRole('heading', { name: kidName, level: 1 })).toBeVisible()
    await expect(page.getByText('On the waiting list')).toBeVisible()

    // Screenshots and axe at 390 px and 1280 px.
    for (const width of [390, 1280]) {
      await staffPage.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await staffApp.goto('/centre')
      await expect(card(staffPage, kidName)).toBeVisible({ timeout: 20_000 })
      await screenshotWholePage(staffPage, testInfo.outputPath(`centre-${width}.png`))
      expect(await axeViolations(staffPage), `/centre at ${width} px`).toEqual([])
      await staffPage.getByRole('link', { name: /^Inquiries/ }).click()
      await expect(card(staffPage, subject)).toBeVisible({ timeout: 20_000 })
      await screenshotWholePage(staffPage, testInfo.outputPath(`centre-inquiries-${width}.png`))
      expect(await axeViolations(staffPage), `/centre/inquiries at ${width} px`).toEqual([])
    }

    // The inquiry: mailto, Mark handled stored on the server.
    const inquiry = card(staffPage, subject)
    await expect(inquiry.getByRole('link', { name: 'bisi@example.com' })).toHaveAttribute(
      'href',
      'mailto:bisi@example.com',
    )
    await inquiry.getByRole('button', { name: /^Mark handled/ }).click()
    await expect(inquiry).toContainText('Handled')
    await expect
      .poll(async () => {
        const stored = await serverDocument(inquiryPath)
        return stored ? plainFields(stored) : null
      })
      .toMatchObject({ handled: true, handledAt: 'timestamp', subject })

    // Offline: the list last seen stays, and Mark unhandled waits on the device until the connection returns.
    // First the service worker must hold the app and the staff adapter (kept when first used), so that
    // /centre also reopens offline.
    await expect
      .poll(
        () =>
          staffPage.evaluate(async () => {
            if (!navigator.serviceWorker.controller) return false
            const kept = await (await caches.open('sunbeam-app-chunks')).keys()
            return kept.some((request) => /\/assets\/firebase-centre-[\w-]+\.js$/.test(request.url))
          }),
        { timeout: 30_000, message: 'the service worker controls /centre and keeps the staff adapter' },
      )
      .toBe(true)
    await staffContext.setOffline(true)
    await expect(staffPage.getByText('Showing what this device last saw.')).toBeVisible()
    await inquiry.getByRole('button', { name: /^Mark unhandled/ }).click()
    await expect(inquiry).toContainText('Not handled')
    await expect(inquiry).toContainText('Waiting to be sent')
    await expect(card(staffPage, subject)).toContainText('Is there a place from January?')
    expect(plainFields((await serverDocument(inquiryPath)) ?? { name: '', fields: {} }).handled).toBe(true)
    // Reopened offline: what was last seen, the queued mark included, from this device alone.
    await staffApp.reload()
    await expect(staffPage.getByText('Showing what this device last saw.')).toBeVisible({ timeout: 30_000 })
    await expect(card(staffPage, subject)).toContainText('Not handled')
    await expect(card(staffPage, subject)).toContainText('Is there a place from January?')
    expect(plainFields((await serverDocument(inquiryPath)) ?? { name: '', fields: {} }).handled).toBe(true)
    await staffContext.setOffline(false)
    await expect
      .poll(
        async () => plainFields((await serverDocument(inquiryPath)) ?? { name: '', fields: {} }).handled,
        {
          timeout: 20_000,
        },
      )
      .toBe(false)
  } finally {
    await staffContext.close()
  }
})

test('a revoked member of staff, signed in again, sees no data; Sign out leaves /centre', async ({
  app,
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  const { email } = await parent.signUp({ label: 'centre-revoked' })
  await followVerificationLink(email)
  staffChange('grant', email)
  await app.goto('/centre')
  await expect(page.getByRole('heading', { name: 'Sunbeam centre' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('navigation', { name: 'Centre' })).toBeVisible()

  staffChange('revoke', email)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })

  await app.goto('/centre')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcentre$/, { timeout: 30_000 })
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/centre$/, { timeout: 30_000 })
  await expect(page.getByText("This area is for Sunbeam's staff.")).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('navigation', { name: 'Centre' })).toHaveCount(0)
})
