// Keyboard only (issue 38), at 1280 px where it was walked: Escape cancels the name's 'change' and focus
// goes back to 'change'; after deleting a child from 'Your Kids' focus goes to the page's heading, never
// to the page itself. ('Show photo' at /centre: src/centre/child-photo.test.tsx.)
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test("Escape cancels the name's change: the saved name back, focus on 'change'", async ({ page, parent }) => {
  await parent.signUp({ label: 'kbd-name', name: 'Ngozi Parent' })
  const change = page.getByRole('button', { name: 'change' })
  await change.focus()
  await page.keyboard.press('Enter')
  const name = page.getByLabel('Name', { exact: true })
  await expect(name).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Someone Else')
  await expect(name).toHaveValue('Someone Else')
  await page.keyboard.press('Escape')
  await expect(name).toHaveValue('Ngozi Parent')
  await expect(name).toHaveAttribute('readonly', '')
  await expect(change).toBeFocused()
  await expect(page.getByText(/Your new name/)).toHaveCount(0)
})

test('after deleting a child by keyboard, focus goes to the page’s heading', async ({ page, parent }) => {
  test.setTimeout(90_000)
  await parent.signUp({ label: 'kbd-delete' })
  await parent.addChild({ kidName: 'Tobi Key', photos: 1 })
  await page.getByRole('button', { name: 'Delete Tobi Key' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Delete Tobi Key' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Your Kids' })).toHaveCount(0)
  // The list went with its last child: focus is on 'My Profile', and Tab goes on from there.
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('main').getByRole('button', { name: 'Logout' })).toBeFocused()
})
