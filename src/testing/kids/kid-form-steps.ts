// What a parent does in the add/edit form, for the form's tests.
import { screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

export type User = ReturnType<typeof userEvent.setup>

export async function fillChild(user: User) {
  await user.type(await screen.findByLabelText('Child Name'), '  Amara Obi ')
  await user.type(screen.getByLabelText('Years'), '4')
  // Parent Name and Phone may start filled in (the account's name, the last child's): typed over.
  await user.clear(screen.getByLabelText('Parent Name'))
  await user.type(screen.getByLabelText('Parent Name'), 'Ngozi Obi')
  await user.type(screen.getByLabelText('Parent Age'), '34')
  await user.clear(screen.getByLabelText('Parent Phone'))
  await user.type(screen.getByLabelText('Parent Phone'), '+234 802 555 0101')
  await user.type(screen.getByLabelText('Address'), '12 Palm Close{Enter}Uyo')
}

/**
 * Picks `files` as a parent does and waits until they show; `saved` photos are in the picker already (an
 * edit adds to them). The form scales them down first, and a press meanwhile waits for that before it
 * checks anything (a check right after the press raced it).
 */
export async function pickPhotos(user: User, files: File | File[], saved = 0) {
  await user.upload(screen.getByLabelText('Images'), files)
  const count = saved + (Array.isArray(files) ? files.length : 1)
  const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
  await waitFor(() => expect(within(chosen).queryAllByRole('img')).toHaveLength(count))
  expect(within(chosen).queryByText('Preparing…')).toBeNull()
}

/** The error text that describes the field labelled `label`, or null. */
export function errorOf(label: string): string | null {
  const field = screen.getByLabelText(label)
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null
}
