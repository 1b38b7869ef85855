// Ending a session on /profile, through the app's real routes, against fake ports and a real outbox:
// signing out with unsent children (keep them, or delete them), downloading one's data, deleting one's
// account (also when the connection drops half-way).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { strFromU8, unzipSync } from 'fflate'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChildPayload } from '#parent/outbox/child-kind'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { transientError } from '#testing/backend/fake-kids-ports'
import { seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

async function queueChild(kidId: string, kidName: string) {
  await world().runtime.outbox.add({
    userId: 'parent1',
    kidId,
    fields: { ...storedKid(kidId), kidName },
    photos: [{ name: `${kidId}.png`, type: 'image/png', data: new ArrayBuffer(40) }],
  })
}

function main() {
  return within(screen.getByRole('main'))
}

/** The 'Delete my account' button of the dialog that asks for the password (not the one opening it). */
function deleteDialogButton() {
  const dialog = screen.getByRole('alertdialog', { name: 'Delete my account' })
  return within(dialog).getByRole('button', { name: 'Delete my account' })
}

/** Renders /profile and waits for the page (the guard lets the parent in after a moment). */
async function openProfile() {
  const view = world.render('/profile')
  await screen.findByRole('main')
  return view
}

describe('signing out', () => {
  it('with nothing waiting, signs out at once and removes the data kept on the device', async () => {
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await user.click(await main().findByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(world().backend.auth.calls.signOut).toBe(1)
    expect(world().backend.device.clears).toBeGreaterThanOrEqual(1)
    // This device's push subscription is forgotten while the parent is still signed in.
    expect(world().backend.push.calls.turnOff).toBe(1)
  })

  it('with children waiting, says how many; Keep keeps them for the next sign-in', async () => {
    world().storage.uploadFailures.push(transientError(), transientError())
    await queueChild('k1', 'Amara Obi')
    await queueChild('k2', 'Bola Ade')
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await user.click(await main().findByRole('button', { name: 'Logout' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Before you sign out' })
    expect(dialog).toHaveTextContent('2 changes to your children have not been uploaded yet.')
    expect(world().backend.auth.calls.signOut).toBe(0)
    await user.click(within(dialog).getByRole('button', { name: 'Keep and sign out' }))
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(world().backend.auth.calls.signOut).toBe(1)
    expect((await world().runtime.outbox.list('parent1')).map((entry) => entry.kidId).sort()).toEqual([
      'k1',
      'k2',
    ])
  })

  it('with children waiting, Delete removes them (and their photos already uploaded) before signing out', async () => {
    await queueChild('k1', 'Amara Obi')
    // Its photo went up, but the record never reached Firestore.
    world().runtime.sender.bindUser(null)
    world().runtime.jobs.bindUser(null)
    const [entry] = await world().runtime.outbox.list('parent1')
    await world()
      .runtime.jobs.db.jobs.where('id')
      .equals(entry?.id ?? '')
      .modify((job) => {
        const payload = job.payload as ChildPayload
        ;(job as { payload: ChildPayload }).payload = {
          ...payload,
          photos: payload.photos.map((photo) => ({ ...photo, uploaded: true })),
        }
      })
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await user.click(await main().findByRole('button', { name: 'Logout' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Before you sign out' })
    expect(dialog).toHaveTextContent('1 change to your children has not been uploaded yet.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete and sign out' }))
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(await world().runtime.outbox.list('parent1')).toEqual([])
    expect(world().storage.deleted).toEqual([entry?.photos[0]?.path])
  })

  it('Cancel keeps the parent signed in', async () => {
    world().storage.uploadFailures.push(transientError())
    await queueChild('k1', 'Amara Obi')
    const user = userEvent.setup({ delay: null })
    await openProfile()
    await user.click(await main().findByRole('button', { name: 'Logout' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Before you sign out' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(world().backend.auth.calls.signOut).toBe(0)
  })
})

describe("'Download my data'", () => {
  it('gives one zip with the account, every child as JSON and every photo, waiting children included', async () => {
    seedKid(world(), storedKid('saved1', { kidName: 'Amara Obi' }))
    world().backend.notices.add('parent1', {
      id: 'n1',
      kidId: 'saved1',
      kidName: 'Amara Obi',
      text: "Amara Obi's place is confirmed from 4 January 2027.",
      createdAt: Date.UTC(2026, 10, 27, 9),
    })
    world().storage.uploadFailures.push(transientError())
    await queueChild('waiting1', 'Bola Ade')
    let zip: Blob | null = null
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob && blob.type === 'application/zip') zip = blob
      return 'blob:test/zip'
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const user = userEvent.setup({ delay: null })
    await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(main().getByText('Your data is downloaded.')).toBeInTheDocument())
    expect(click).toHaveBeenCalledTimes(1)
    const files = unzipSync(new Uint8Array(await (zip as unknown as Blob).arrayBuffer()))
    const names = Object.keys(files).sort()
    expect(JSON.parse(strFromU8(files['account.json'] ?? new Uint8Array()))).toMatchObject({
      uid: 'parent1',
      email: 'ngozi@example.com',
    })
    // The centre's notices to the parent.
    expect(JSON.parse(strFromU8(files['notices.json'] ?? new Uint8Array()))).toEqual([
      {
        child: 'Amara Obi',
        childId: 'saved1',
        text: "Amara Obi's place is confirmed from 4 January 2027.",
        at: '2026-11-27T09:00:00.000Z',
        readAt: null,
      },
    ])
    const children = names
      .filter((name) => name.endsWith('child.json'))
      .map((name) => JSON.parse(strFromU8(files[name] ?? new Uint8Array())))
    expect(children.map((child) => [child.kidName, child.status]).sort()).toEqual([
      ['Amara Obi', 'saved'],
      ['Bola Ade', 'waiting on this device'],
    ])
    // Every photo: two saved ones (read with the parent's credentials) and the waiting one's.
    expect(names.filter((name) => name.endsWith('.jpg') && !name.includes('enrolment'))).toHaveLength(3)
  })

  it('holds each enrolment file with its documents, the ones still on this device too', async () => {
    seedKid(world(), storedKid('saved1', { kidName: 'Amara Obi' }))
    const card = `images/parent1/card.pdf-${'c'.repeat(20)}`
    world().storage.objects.set(card, {
      data: new Uint8Array([37, 80, 68, 70]).buffer,
      type: 'application/pdf',
    })
    world().backend.centre.enrolments.set('saved1', {
      ...emptyEnrolmentFields(),
      allergies: 'Peanuts',
      immunisation: { path: card, type: 'application/pdf', fileName: 'card.pdf' },
      medicalConsent: { name: 'Ngozi Obi', at: Date.UTC(2026, 10, 27, 9) },
      kidId: 'saved1',
      userRef: 'parent1',
      savedAt: Date.UTC(2026, 10, 27, 9),
    })
    let zip: Blob | null = null
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob && blob.type === 'application/zip') zip = blob
      return 'blob:test/zip'
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const user = userEvent.setup({ delay: null })
    await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(main().getByText('Your data is downloaded.')).toBeInTheDocument())
    const files = unzipSync(new Uint8Array(await (zip as unknown as Blob).arrayBuffer()))
    const folder = Object.keys(files)
      .find((name) => name.endsWith('enrolment.json'))
      ?.replace('/enrolment.json', '')
    expect(JSON.parse(strFromU8(files[`${folder}/enrolment.json`] ?? new Uint8Array()))).toMatchObject({
      allergies: 'Peanuts',
      immunisation: { fileName: 'card.pdf', file: 'enrolment-immunisation-record.pdf' },
      medicalConsent: { name: 'Ngozi Obi', at: '2026-11-27T09:00:00.000Z' },
      status: 'saved',
    })
    expect(strFromU8(files[`${folder}/enrolment-immunisation-record.pdf`] ?? new Uint8Array())).toBe('%PDF')
  })
})

describe("'Delete my account'", () => {
  it('asks for the password; a wrong one deletes nothing', async () => {
    const user = userEvent.setup({ delay: null })
    await openProfile()
    await user.click(await main().findByRole('button', { name: 'Delete my account' }))
    expect(main().getByText(/This removes, for good/)).toBeInTheDocument()
    await user.type(main().getByLabelText('Your password'), 'wrong')
    await user.click(deleteDialogButton())
    expect(await main().findByText(/That password is not right/)).toBeInTheDocument()
    expect(world().backend.auth.calls.deleteAccount).toBe(0)
    expect(world().backend.account.deleted).toEqual([])
  })

  it('deletes every photo and record, the user record, then the sign-in account, and goes home', async () => {
    const kid = storedKid('saved1')
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Delete my account' }))
    await user.type(main().getByLabelText('Your password'), 'pw-parent1')
    await user.click(deleteDialogButton())
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect([...world().storage.deleted].sort()).toEqual([...kid.imgUrls].sort())
    expect(world().backend.account.deleted).toEqual(['kids/saved1', 'users/parent1'])
    expect(world().backend.auth.calls.deleteAccount).toBe(1)
    // The deleted account cannot sign in again.
    await expect(world().backend.auth.signIn('ngozi@example.com', 'pw-parent1')).rejects.toThrow()
  })

  it("also deletes the photos in the parent's folder that no record or outbox here names, and no one else's", async () => {
    const kid = storedKid('saved1')
    seedKid(world(), kid)
    const photo = { data: new ArrayBuffer(8), type: 'image/png' as const }
    // Uploaded from another phone whose child was never saved, and another parent's photo.
    const strayPath = 'images/parent1/other-phone.png-R4nd0mId000000000009'
    const otherPath = 'images/parent2/theirs.png-R4nd0mId000000000008'
    world().storage.objects.set(strayPath, photo)
    world().storage.objects.set(otherPath, photo)
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Delete my account' }))
    await user.type(main().getByLabelText('Your password'), 'pw-parent1')
    await user.click(deleteDialogButton())
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect([...world().storage.deleted].sort()).toEqual([...kid.imgUrls, strayPath].sort())
    expect([...world().storage.objects.keys()]).toEqual([otherPath])
  })

  it('when the photo folder cannot be listed, deletes nothing and says what is left', async () => {
    seedKid(world(), storedKid('saved1'))
    world().storage.listFailures.push(transientError())
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Delete my account' }))
    await user.type(main().getByLabelText('Your password'), 'pw-parent1')
    await user.click(deleteDialogButton())
    expect(await main().findByText(/Not deleted yet: .*1 child record\./)).toBeInTheDocument()
    expect(world().storage.deleted).toEqual([])
    expect(world().backend.account.deleted).toEqual([])
    expect(world().backend.auth.calls.deleteAccount).toBe(0)
    expect(history.location.pathname).toBe('/profile')
  })

  it('when the connection drops half-way, says exactly what is left and keeps the account; again finishes it', async () => {
    seedKid(world(), storedKid('saved1'))
    world().storage.deleteFailures.push(transientError())
    const user = userEvent.setup({ delay: null })
    const { history } = await openProfile()
    await main().findByRole('heading', { name: 'Your Kids' })
    await user.click(main().getByRole('button', { name: 'Delete my account' }))
    await user.type(main().getByLabelText('Your password'), 'pw-parent1')
    const submit = deleteDialogButton()
    await user.click(submit)
    expect(
      await main().findByText(
        /Not deleted yet: 1 photo and 1 child record\. Your sign-in account is kept so you can finish this/,
      ),
    ).toBeInTheDocument()
    expect(world().backend.auth.calls.deleteAccount).toBe(0)
    expect(history.location.pathname).toBe('/profile')

    await user.click(submit)
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(world().backend.auth.calls.deleteAccount).toBe(1)
    expect(world().storage.objects.size).toBe(0)
  })
})
