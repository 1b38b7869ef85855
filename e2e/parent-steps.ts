// A parent's steps through the real screens (the real Auth emulator): signing up, in and out, the child
// form, and reading 'Your Kids'. Photos come from pictures.ts; Storage and Firestore's REST API are
// answered by storage-fake.ts and firestore-rest-fake.ts; Firestore's queue is read by
// firestore-offline.ts.
import type { Locator, Page, TestInfo } from '@playwright/test'
import { type AppPage, expect } from './fixtures'
import { photoFiles } from './pictures'

export const PASSWORD = 'sunbeam-secret-1'

// --- A parent ---

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `p-${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`
}

/** Signs a new parent up through /signup; resolves on 'My Profile' with their e-mail. */
export async function signUpFreshParent(app: AppPage, page: Page, testInfo: TestInfo, label: string) {
  const email = uniqueEmail(testInfo, label)
  await app.goto('/signup')
  await page.getByLabel('Name').fill('Ngozi Parent')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up Now' }).click()
  // Loading Firebase and creating the account can take a while on a busy machine.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  return email
}

export async function signInThroughForm(app: AppPage, page: Page, email: string) {
  await app.goto('/login')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
}

/** Logout from /profile; `choice` answers the question asked when children still wait to upload. */
export async function signOutFromProfile(page: Page, choice?: 'Keep and sign out' | 'Delete and sign out') {
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  if (choice) await page.getByRole('alertdialog').getByRole('button', { name: choice }).click()
  await expect(page.getByText('Signed out successfully')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
}

/** The signed-in parent's uid, from the Auth emulator's session in the page. */
export async function currentUid(page: Page): Promise<string> {
  const uid = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const rows = await new Promise<{ value?: { uid?: string } }[]>((resolve, reject) => {
      const read = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll()
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    })
    db.close()
    return rows.find((row) => row.value?.uid)?.value?.uid ?? ''
  })
  expect(uid, 'a signed-in parent').not.toBe('')
  return uid
}

// --- The child form and Your Kids ---

export interface Child {
  readonly kidName: string
  readonly kidAge: string
  readonly parentName: string
  readonly parentAge: string
  readonly parentPhone: string
  readonly address: string
}

export const amara: Child = {
  kidName: 'Amara Obi',
  kidAge: '4',
  parentName: 'Ngozi Obi',
  parentAge: '35',
  parentPhone: '+234 802 555 0101',
  address: '12 Palm Close\nOsongama Estate, Uyo',
}

/** A child's form data: Amara's, with the fields a test cares about overridden (the one builder). */
export function childData(overrides: Partial<Child> = {}): Child {
  return { ...amara, ...overrides }
}

/** Fills the child form with `childData(overrides)`. */
export async function fillChild(page: Page, overrides: Partial<Child> = {}) {
  const child = childData(overrides)
  await page.getByLabel('Child Name').fill(child.kidName)
  await page.getByLabel('Child Age').fill(child.kidAge)
  await page.getByLabel('Parent Name').fill(child.parentName)
  await page.getByLabel('Parent Age').fill(child.parentAge)
  await page.getByLabel('Parent Phone').fill(child.parentPhone)
  await page.getByLabel('Address').fill(child.address)
}

/**
 * From /profile, adds a child named `kidName` with `photos` photos through the add form; resolves
 * back on /profile, the child listed, with its id.
 */
export async function addChildThroughForm(
  page: Page,
  { kidName, photos }: { readonly kidName: string; readonly photos: number },
): Promise<string> {
  await page.getByRole('link', { name: 'Add your child' }).click()
  await fillChild(page, { kidName })
  await page.getByLabel('Images').setInputFiles(photoFiles(photos, kidName.split(' ')[0]?.toLowerCase()))
  await page.getByRole('button', { name: 'Add Child' }).click()
  await expect(page.getByText('Child added').last()).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(kidCard(page, kidName)).toBeVisible()
  return (await cardLink(page, kidName).getAttribute('href'))?.split('/').pop() ?? ''
}

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
