// Parent accounts, as a parent uses them, on the production build in Chromium, against the real Auth
// emulator (E2E_AUTH_PORT, 9099 by default). Firestore's server is unreachable here on purpose (the
// offline world refuses it by routing, e2e/fixtures.ts): users/{uid} writes wait in Firestore's
// persistent queue, which these tests read back.
import type { APIRequestContext, Page, Request } from '@playwright/test'
import { answerConnectivityProbe, firestoreUnreachable, queuedFirestoreWrites } from './firestore-offline'
import { anyOf, expect, test } from './fixtures'
import { ONLINE_AUTH_PORT } from './online-world'
import { PASSWORD, uniqueEmail } from './parent-steps'

// The suite's Auth emulator (E2E_AUTH_PORT when a second copy of the suite runs beside this one).
const AUTH_EMULATOR = `http://127.0.0.1:${ONLINE_AUTH_PORT}`
const PROJECT = 'demo-sunbeam'

// Firestore's server is refused here (e2e/fixtures.ts): only its offline messages may be logged.
test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test.beforeEach(({ context }) => answerConnectivityProbe(context))

/** Creates an account directly in the Auth emulator (test setup, not what the test is about). */
async function createAccount(request: APIRequestContext, email: string, displayName: string) {
  const response = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password: PASSWORD, displayName, returnSecureToken: true } },
  )
  expect(response.ok()).toBe(true)
}

interface EmulatorUser {
  localId: string
  email: string
  displayName?: string
  passwordHash?: string
}

/** Reads an account from the Auth emulator with its admin access ('Bearer owner'). */
async function lookupAccount(request: APIRequestContext, email: string): Promise<EmulatorUser | undefined> {
  const response = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
    { data: { email: [email] }, headers: { Authorization: 'Bearer owner' } },
  )
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { users?: EmulatorUser[] }
  return body.users?.[0]
}

/** Firestore's queued writes for a document (its path below /documents/). */
async function queuedWritesFor(page: Page, documentPath: string): Promise<unknown[]> {
  const writes = await queuedFirestoreWrites(page)
  return writes.filter((write) => JSON.stringify(write).includes(`/documents/${documentPath}"`))
}

/** Fills and sends the sign-in form (what these tests watch: unlike the `parent` fixture's signIn). */
async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })

test('sign up creates the account, stores the name and goes to My Profile', async ({
  app,
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'signup')
  await app.goto('/signup')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
  await expect(page.getByText('One of us?')).toBeVisible()
  await page.getByLabel('Name').fill('Grace Parent')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()

  // Firestore never acknowledges the users/{uid} write here; sign-up must not wait for it.
  await expect(toast(page, 'Signed up successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Grace Parent')
  await expect(page.getByLabel('Email')).toHaveValue(email)

  const account = await lookupAccount(request, email)
  expect(account?.displayName).toBe('Grace Parent')

  // users/{uid} waits in Firestore's queue with name, email and the server's timestamp: no password.
  const writes = await queuedWritesFor(page, `users/${account?.localId}`)
  expect(writes).toHaveLength(1)
  const write = JSON.stringify(writes[0])
  expect(write).toContain('"name":{"stringValue":"Grace Parent"}')
  expect(write).toContain(`"email":{"stringValue":"${email}"}`)
  expect(write).toContain('REQUEST_TIME')
  expect(write).not.toContain(PASSWORD)
  expect(write).not.toContain('password')
})

test('sign in goes to My Profile', async ({ app, page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'signin')
  await createAccount(request, email, 'Ada Parent')
  await app.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await submitSignIn(page, email)
  await expect(toast(page, 'Signed in successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByLabel('Name')).toHaveValue('Ada Parent')
})

test.describe('refused by the Auth emulator', () => {
  test.use({
    // The emulator answers a refused sign-in or sign-up with HTTP 400, which Chromium logs.
    allowedConsoleErrors: [
      anyOf(
        firestoreUnreachable,
        /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
      ),
    ],
  })

  test("an e-mail already in use gives 'Something went wrong with registration'", async ({
    app,
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'taken')
    await createAccount(request, email, 'First Owner')
    await app.goto('/signup')
    await page.getByLabel('Name').fill('Second Try')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up Now' }).click()
    await expect(toast(page, 'Something went wrong with registration')).toBeVisible()
    await expect(page).toHaveURL(/\/signup$/)
    await expect(page.getByRole('button', { name: 'Sign Up Now' })).toBeEnabled()
  })

  test("a wrong password gives 'Bad User Credentials'", async ({ app, page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'wrongpw')
    await createAccount(request, email, 'Ada Parent')
    await app.goto('/login')
    await submitSignIn(page, email, 'not-the-password')
    // Said once, beside the form: no toast saying it again.
    await expect(page.locator('form').getByRole('alert')).toHaveText('Bad User Credentials')
    await expect(page.getByText('Bad User Credentials')).toHaveCount(1)
    await expect(page).toHaveURL(/\/login$/)
    await expect(toast(page, 'Signed in successfully')).toHaveCount(0)
    // The right password next: signed in, and the error is gone with the form.
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page, 'Signed in successfully')).toBeVisible()
    await expect(page.getByText('Bad User Credentials')).toHaveCount(0)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)
  })
})

test("Logout says 'Signed out successfully', goes to / and really signs out", async ({
  app,
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'logout')
  await createAccount(request, email, 'Ada Parent')
  await app.goto('/login')
  await submitSignIn(page, email)
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(toast(page, 'Signed out successfully')).toBeVisible()
  await expect(page).toHaveURL(/:\d+\/$/)

  await app.goto('/profile')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
})

test('the guard shows a loader, sends a signed-out visitor to /login and back after sign-in', async ({
  app,
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'guard')
  await createAccount(request, email, 'Ada Parent')
  // Hold the Firebase code for a moment so the pending state can be seen.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/firebase-backend-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await app.goto('/profile')
  await expect(page.getByRole('status').filter({ hasText: 'Checking that you are signed in…' })).toBeVisible()
  release()

  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
  await submitSignIn(page, email)
  await expect(toast(page, 'Signed in successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
})

test('/sign-in leads to /login', async ({ app, page }) => {
  await app.goto('/sign-in')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
})

const NAME_KEPT =
  'Your new name is kept on this device and will be sent by itself as soon as the server can be reached.'

test('a name change is saved once, and only when it changed', async ({ app, page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'rename')
  await createAccount(request, email, 'Ada Parent')
  const profileUpdates: Request[] = []
  page.on('request', (r) => {
    if (r.url().includes('/identitytoolkit.googleapis.com/v1/accounts:update')) profileUpdates.push(r)
  })
  await app.goto('/login')
  await submitSignIn(page, email)
  const name = page.getByLabel('Name')
  await expect(name).toHaveValue('Ada Parent')
  await expect(name).not.toBeEditable()
  await expect(page.getByLabel('Email')).not.toBeEditable()

  // change -> done without editing: nothing is saved.
  await page.getByRole('button', { name: 'change' }).click()
  await expect(name).toBeEditable()
  await page.getByRole('button', { name: 'done' }).click()
  await expect(page.getByRole('button', { name: 'change' })).toBeVisible()
  expect(profileUpdates).toHaveLength(0)
  await expect(page.getByText(NAME_KEPT)).toHaveCount(0)

  // change -> new name -> done: saved once, to the auth profile and users/{uid}.
  await page.getByRole('button', { name: 'change' }).click()
  await name.fill('Ada Lovelace')
  await page.getByRole('button', { name: 'done' }).click()
  await expect(page.getByRole('button', { name: 'change' })).toBeVisible()
  await expect(name).toHaveValue('Ada Lovelace')
  // Firestore's server does not answer here: the parent is told the name is kept on this device and
  // will be sent by itself, never that it is saved (issue 26; the online world sees it saved).
  await expect(page.getByRole('status').filter({ hasText: NAME_KEPT })).toBeVisible()
  await expect(page.getByText('Your name is saved.')).toHaveCount(0)
  expect(profileUpdates).toHaveLength(1)
  const account = await lookupAccount(request, email)
  expect(account?.displayName).toBe('Ada Lovelace')
  const writes = await queuedWritesFor(page, `users/${account?.localId}`)
  expect(writes).toHaveLength(1)
  expect(JSON.stringify(writes[0])).toContain('"name":{"stringValue":"Ada Lovelace"}')

  // The same name again: still one save.
  await page.getByRole('button', { name: 'change' }).click()
  await page.getByRole('button', { name: 'done' }).click()
  await expect(page.getByRole('button', { name: 'change' })).toBeVisible()
  expect(profileUpdates).toHaveLength(1)

  // And it is there after a reload.
  await app.reload()
  await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace')
})

test("'Forgot Password ?' sends Firebase's reset e-mail for the typed address", async ({
  app,
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset')
  await createAccount(request, email, 'Ada Parent')
  await app.goto('/login')
  await page.getByRole('button', { name: 'Forgot Password ?' }).click()
  await expect(
    page.getByText("Type your e-mail address above, then tap 'Forgot Password ?' again."),
  ).toBeVisible()
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('button', { name: 'Forgot Password ?' }).click()
  await expect(
    toast(page, `If ${email} has an account, a password reset e-mail is on its way.`),
  ).toBeVisible()

  const codes = await request.get(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`)
  const { oobCodes } = (await codes.json()) as { oobCodes: { email: string; requestType: string }[] }
  expect(oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')).toHaveLength(1)
})
