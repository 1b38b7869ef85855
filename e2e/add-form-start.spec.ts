// The add form starts with the parent's name and phone from their last child (issue 38: a parent typed
// them again for every child), both editable; the child's own details start empty.
import { firestoreUnreachable } from './firestore-offline'
import { expect, test } from './fixtures'
import { answerStorage } from './storage-fake'

test.use({ allowedConsoleErrors: [firestoreUnreachable] })

test("a second child's form has the parent's name and phone from the first, editable", async ({
  page,
  parent,
}) => {
  test.setTimeout(120_000)
  await answerStorage(page)
  await parent.signUp({ label: 'second-child', name: 'Ngozi Parent' })
  // A first child: the account's name is offered as Parent Name; no phone is known yet.
  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByLabel('Parent Name')).toHaveValue('Ngozi Parent')
  await expect(page.getByLabel('Parent Phone')).toHaveValue('')
  await page.getByRole('link', { name: 'Profile', exact: true }).first().click()
  await parent.addChild({
    kidName: 'Ada First',
    parentName: 'Ngozi Obi',
    parentPhone: '0803 123 4567',
    photos: 1,
  })

  await page.getByRole('link', { name: 'Add your child' }).click()
  await expect(page.getByRole('heading', { name: 'Add Your Child Info' })).toBeVisible()
  await expect(page.getByLabel('Parent Name')).toHaveValue('Ngozi Obi')
  await expect(page.getByLabel('Parent Phone')).toHaveValue('0803 123 4567')
  await expect(page.getByLabel('Child Name')).toHaveValue('')
  await expect(page.getByLabel('Parent Age')).toHaveValue('')
  await expect(page.getByLabel('Address')).toHaveValue('')
  // Editable: the second child is saved with the new phone.
  await page.getByLabel('Parent Phone').fill('0803 999 0000')
  await expect(page.getByLabel('Parent Phone')).toHaveValue('0803 999 0000')
})
