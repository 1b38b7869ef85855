// A parent's steps through the real screens (the real Auth emulator): signing up, in and out, the child
// form, and reading 'Your Kids'. Tests get them as the `parent` fixture (e2e/fixtures.ts), the steps of
// the test's own page; `parentSteps` gives the same steps on another page (a second phone, a member of
// staff). Every step takes named options. Photos come from pictures.ts; Storage and Firestore's REST
// API are answered by storage-fake.ts and firestore-rest-fake.ts; Firestore's queue is read by
// firestore-offline.ts.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import type { AppPage } from './app-page'
import { storedRows } from './device-data'
import { photoFiles } from './pictures'

export const PASSWORD = 'sunbeam-secret-1'

// --- A child's test data ---

export interface Child {
  readonly kidName: string
  /** Child Age as typed in its two boxes (the record keeps the month of birth). */
  readonly kidYears: string
  readonly kidMonths: string
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
}

export const amara: Child = {
  kidName: 'Amara Obi',
  kidYears: '4',
  kidMonths: '0',
  parentName: 'Ngozi Obi',
  parentAge: '35',
  parentPhone: '+234 802 555 0101',
  address: '12 Palm Close\nOsongama Estate, Uyo',
}

/** A child's form data: Amara's, with the fields a test cares about overridden (the one builder). */
export function childData(overrides: Partial<Child> = {}): Child {
  return { ...amara, ...overrides }
}

/** A new child with its photos: the form's text (Amara's unless overridden) and how many photos. */
export interface NewChild extends Partial<Child> {
  readonly photos: number
}

// --- The steps ---

/** What a waiting child becomes when its parent signs out (the question signing out asks then). */
export type WaitingChildren = 'keep' | 'delete'

export interface ParentSteps {
  /** Signs a new parent up through /signup; resolves on 'My Profile'. `label` marks the e-mail. */
  signUp(options: { readonly label: string; readonly name?: string }): Promise<{ readonly email: string }>
  /** Signs in through /login; resolves on 'My Profile'. */
  signIn(options: { readonly email: string }): Promise<void>
  /** Logout from /profile; `waitingChildren` answers the question asked when children wait to upload. */
  signOut(options?: { readonly waitingChildren?: WaitingChildren }): Promise<void>
  /** The signed-in parent's uid, from the Auth emulator's session in the page. */
  uid(): Promise<string>
  /** Fills the child form's text fields with `childData(child)`. */
  fillChild(child?: Partial<Child>): Promise<void>
  /** From /profile: opens the add form, fills it and chooses the photos; resolves once they are ready. */
  fillNewChild(child: NewChild): Promise<void>
  /** From /profile: adds the child through the form; resolves on /profile, the child listed, with its id. */
  addChild(child: NewChild): Promise<{ readonly kidId: string }>
  /** The id of a child listed in 'Your Kids' (from its card's link). */
  kidId(options: { readonly kidName: string }): Promise<string>
  /** Deletes a child from 'Your Kids', answering the confirmation (a browser dialog or the app's own). */
  deleteChild(options: { readonly kidName: string }): Promise<void>
}

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `p-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

const WAITING_CHILDREN_ANSWER = { keep: 'Keep and sign out', delete: 'Delete and sign out' } as const

/** A parent's steps on `page` (opened through `app`, which waits until the app is ready). */
export function parentSteps({
  page,
  app,
  testInfo,
}: {
  readonly page: Page
  readonly app: AppPage
  readonly testInfo: TestInfo
}): ParentSteps {
  const onProfile = async () => {
    // Loading Firebase and signing in can take a while on a busy machine.
    await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  }
  const fillChild = async (child: Partial<Child> = {}) => {
    const data = childData(child)
    await page.getByLabel('Child Name').fill(data.kidName)
    await page.getByLabel('Years').fill(data.kidYears)
    await page.getByLabel('Months').fill(data.kidMonths)
    await page.getByLabel('Parent Name').fill(data.parentName)
    await page.getByLabel('Parent Age').fill(data.parentAge)
    await page.getByLabel('Parent Phone').fill(data.parentPhone)
    await page.getByLabel('Address').fill(data.address)
  }
  const fillNewChild = async ({ photos, ...child }: NewChild) => {
    const { kidName } = childData(child)
    await page.getByRole('link', { name: 'Add your child' }).click()
    await fillChild(child)
    await page.getByLabel('Images').setInputFiles(photoFiles(photos, kidName.split(' ')[0]?.toLowerCase()))
    const chosen = page.getByRole('list', { name: 'Chosen photos' })
    await expect(chosen.getByRole('img')).toHaveCount(photos)
    await expect(chosen.getByText('Preparing…')).toHaveCount(0)
  }
  const kidId = async ({ kidName }: { readonly kidName: string }) =>
    (await cardLink(page, kidName).getAttribute('href'))?.split('/').pop() ?? ''
  return {
    async signUp({ label, name = 'Ngozi Parent' }) {
      const email = uniqueEmail(testInfo, label)
      await app.goto('/signup')
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign Up Now' }).click()
      await onProfile()
      return { email }
    },
    async signIn({ email }) {
      await app.goto('/login')
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await onProfile()
    },
    async signOut({ waitingChildren } = {}) {
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
      if (waitingChildren) {
        await page
          .getByRole('alertdialog')
          .getByRole('button', { name: WAITING_CHILDREN_ANSWER[waitingChildren] })
          .click()
      }
      await expect(page.getByText('Signed out successfully')).toBeVisible({ timeout: 20_000 })
      await expect(page).toHaveURL(/\/$/)
    },
    uid: () => currentUid(page),
    fillChild,
    fillNewChild,
    async addChild(child) {
      const { kidName } = childData(child)
      await fillNewChild(child)
      await page.getByRole('button', { name: 'Add Child' }).click()
      await expect(page.getByText('Child added').last()).toBeVisible()
      await expect(page).toHaveURL(/\/profile$/)
      await expect(kidCard(page, kidName)).toBeVisible()
      return { kidId: await kidId({ kidName }) }
    },
    kidId,
    async deleteChild({ kidName }) {
      page.once('dialog', (dialog) => void dialog.accept())
      await kidCard(page, kidName)
        .getByRole('button', { name: `Delete ${kidName}` })
        .click()
      const done = page.getByText('Successfully deleted child')
      const asked = page.getByRole('alertdialog')
      await expect(done.or(asked).first()).toBeVisible()
      if (await asked.isVisible()) await asked.getByRole('button', { name: /^Delete/ }).click()
      await expect(done).toBeVisible()
    },
  }
}

async function currentUid(page: Page): Promise<string> {
  const rows = await storedRows<{ value?: { uid?: string } }>(
    page,
    'firebaseLocalStorageDb',
    'firebaseLocalStorage',
  )
  const uid = rows.find((row) => row.value?.uid)?.value?.uid ?? ''
  expect(uid, 'a signed-in parent').not.toBe('')
  return uid
}

// --- Reading 'Your Kids' ---

/** The link of a child's card: its text starts with the child's name. */
export function cardLink(page: Page, name: string) {
  return page.getByRole('link', { name: new RegExp(`^${name} `) })
}

export function kidCard(page: Page, name: string) {
  return page.locator('.kids-list > li').filter({ has: cardLink(page, name) })
}

/** True once the image has really been decoded (not a broken image). */
export async function imageLoaded(selector: Locator) {
  await expect
    .poll(() =>
      selector.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
}

/** How many child cards 'Your Kids' shows right now (0 when the profile is not on screen). */
export function childCardCount(page: Page): Promise<number> {
  return page.evaluate(() =>
    document.querySelector('h1')?.textContent === 'My Profile'
      ? document.querySelectorAll('.kids-list > li').length
      : -1,
  )
}
