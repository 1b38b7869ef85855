// Helpers of the online world's tests (e2e/*.online.spec.ts): a second device of the same parent, and
// the Auth emulator asked directly. The parent's own steps are in parent-steps.ts.
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test'
import { isConnectivityProbeRefusal, isFirestoreChannelEnded } from './firestore-offline'
import { type AppPage, appPage } from './fixtures'
import { ONLINE_AUTH_PORT } from './online-world'
import { PASSWORD, type ParentSteps, parentSteps } from './parent-steps'
import { answerStorage, type StorageHarness } from './storage-fake'

// The suite's Auth emulator (E2E_AUTH_PORT when a second copy of the suite runs beside this one).
const AUTH_EMULATOR = `http://127.0.0.1:${ONLINE_AUTH_PORT}`

export interface SecondDevice {
  readonly context: BrowserContext
  readonly page: Page
  readonly app: AppPage
  readonly storage: StorageHarness
  /** The parent's steps on this device. */
  readonly parent: ParentSteps
  /**
   * Console errors, uncaught exceptions and off-machine requests on this device (none expected); a
   * Firestore channel the emulator had ended is noted instead (firestore-offline.ts).
   */
  readonly problems: string[]
}

/**
 * Another phone of the same parent: a fresh browser context (its own IndexedDB), Storage answered by
 * its own harness on the first phone's objects (`uploaded`), as the one bucket would.
 */
export async function secondDevice(
  browser: Browser,
  testInfo: TestInfo,
  uploaded: StorageHarness,
): Promise<SecondDevice> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    serviceWorkers: 'block',
  })
  const problems: string[] = []
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    async (route) => {
      problems.push(`off-machine request: ${route.request().url()}`)
      await route.abort()
    },
  )
  const storage = await answerStorage(context)
  // One bucket for both phones: this harness reads and writes the first phone's objects, so a photo
  // uploaded there later (an edit) is here too, and a deleted one is gone from both.
  const mine = storage.objects
  const bucket = uploaded.objects
  mine.get = (key) => bucket.get(key)
  mine.has = (key) => bucket.has(key)
  mine.delete = (key) => bucket.delete(key)
  mine.set = (key, value) => {
    bucket.set(key, value)
    return mine
  }
  const page = await context.newPage()
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const where = msg.location().url
    if (isConnectivityProbeRefusal(msg.text())) return
    if (isFirestoreChannelEnded(msg.text(), where))
      testInfo.annotations.push({ type: 'firestore-channel', description: `${msg.text()} (${where})` })
    else problems.push(`console error: ${msg.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  const app = appPage(page)
  return { context, page, app, storage, parent: parentSteps({ page, app, testInfo }), problems }
}

/** What the Auth emulator answers to signing in with e-mail and password (the app's own call). */
export async function emulatorSignIn(request: APIRequestContext, email: string) {
  const response = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password: PASSWORD, returnSecureToken: true } },
  )
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message?: string } }
  return {
    ok: response.ok(),
    uid: body.localId ?? null,
    idToken: body.idToken ?? null,
    error: body.error?.message ?? null,
  }
}

/** The name on the parent's sign-in profile (the Auth emulator's accounts:lookup). */
export async function profileName(request: APIRequestContext, email: string): Promise<string | null> {
  const { idToken } = await emulatorSignIn(request, email)
  const response = await request.post(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`,
    { data: { idToken } },
  )
  const body = (await response.json()) as { users?: { displayName?: string }[] }
  return body.users?.[0]?.displayName ?? null
}
