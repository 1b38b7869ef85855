// The screens issue 34 added, at 390 px (phone) and 1280 px (desktop), against the emulators:
// screenshots to look at (test-results/…/notices-*.png) and axe (WCAG 2.2 A/AA) on each. My Profile with
// an unread and a read notice, the bar with the unread count, and /centre's 'E-mails to the centre'.
import type { Page, TestInfo } from '@playwright/test'
import { axeViolations } from './axe'
import { chromiumLaunchOptions } from './chromium'
import { appPage, expect, test } from './fixtures'
import { onlineWorld, putServerDocument } from './online-world'
import { parentSteps } from './parent-steps'
import { followVerificationLink, staffChange } from './staff-command'
import { screenshotWholePage } from './whole-page'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

// The whole browser: the headless shell the rest of the suite runs in answers every page that
// notifications are blocked, so its notices region shows that note instead of 'Tell me when the centre
// answers', which a parent's browser shows until they choose (docs/decisions/0034).
test.use({ launchOptions: chromiumLaunchOptions })

async function shot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await screenshotWholePage(page, testInfo.outputPath(`notices-${name}-${width}.png`))
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([])
  }
}

test('the notices and the e-mail choices: screenshots at 390 and 1280 px, and axe finds nothing', async ({
  page,
  browser,
  parent,
}, testInfo) => {
  test.setTimeout(180_000)
  await parent.signUp({ label: 'notices-screens', name: 'Ngozi Eze' })
  const uid = await parent.uid()
  const notice = (kidName: string, text: string, at: string, readAt: string | null) => ({
    kidId: { stringValue: `screens${kidName}`.padEnd(20, '0') },
    kidName: { stringValue: kidName },
    text: { stringValue: text },
    createdAt: { timestampValue: at },
    readAt: readAt ? { timestampValue: readAt } : { nullValue: null },
    delivered: { stringValue: 'email' },
  })
  await putServerDocument(
    `users/${uid}/notices/older`,
    notice(
      'Bola',
      'Bola is on the waiting list. We will tell you when a place opens.',
      '2026-11-20T09:15:00Z',
      '2026-11-20T10:00:00Z',
    ),
  )
  await putServerDocument(
    `users/${uid}/notices/newer`,
    notice('Amara', "Amara's place is confirmed from 4 January 2027.", '2026-11-27T08:05:00Z', null),
  )
  const region = page.getByRole('region', { name: 'Notices' })
  await expect(region.getByRole('link')).toHaveCount(2)
  await expect(page.locator('.notices-bar__link')).toHaveText('Notices 1 unread')
  await shot(page, testInfo, 'profile')

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const staffPage = await staffContext.newPage()
  const staffApp = appPage(staffPage)
  try {
    const { email } = await parentSteps({ page: staffPage, app: staffApp, testInfo }).signUp({
      label: 'notices-screens-staff',
    })
    await followVerificationLink(email)
    staffChange('grant', email)
    await staffApp.goto('/centre')
    const choices = staffPage.getByRole('region', { name: 'E-mails to the centre' })
    await expect(choices.getByRole('checkbox', { name: 'A new registration' })).toBeChecked({
      timeout: 30_000,
    })
    await choices.scrollIntoViewIfNeeded()
    await shot(staffPage, testInfo, 'centre')
  } finally {
    await staffContext.close()
  }
})
