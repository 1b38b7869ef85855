// A member of staff by invitation (issue 32): `npm run staff -- invite EMAIL` makes the account and prints
// a one-time link (the Auth emulator's own); the person sets their password through it, which proves
// the address, signs in and reaches /centre. Before the link is used, nobody can sign in with it.
import { expect, test } from './fixtures'
import { onlineWorld } from './online-world'
import { uniqueEmail } from './parent-steps'
import { staffCommand } from './staff-command'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

test('invite, then the link, then sign in: /centre opens', async ({ app, page }, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail(testInfo, 'invited-staff')
  const password = 'teacher-secret-7'

  const invited = staffCommand('invite', email)
  expect(invited.status, invited.output).toBe(0)
  expect(invited.output).toContain(`${email} is now staff`)
  const link = invited.output.match(/http:\/\/\S+mode=resetPassword\S+/)?.[0]
  expect(link, invited.output).toBeDefined()

  // The link sets the password (the emulator takes it in the link) and verifies the address.
  const setPassword = (link as string).replace('THEIR_PASSWORD', password)
  await page.goto(setPassword)
  await expect(page.getByText('The password has been successfully updated.')).toBeVisible()
  // A one-time link: used again, it is refused.
  const again = await fetch(setPassword)
  expect(again.status).toBe(400)
  expect(await again.text()).toContain('has already been used')

  await app.goto('/centre')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcentre$/, { timeout: 30_000 })
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/centre$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Sunbeam centre' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('navigation', { name: 'Centre' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
})
