// 'Your Kids' on /profile and the child detail, against fake ports and a real outbox: what each item
// shows, waiting and failed children, the delete flow, and the detail's lines, photos and loaders.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MEND_AGE } from '#parent/outbox/child-kind'
import { OutboxDb } from '#parent/outbox/outbox-db'
import { adoptOldOutbox } from '#parent/outbox/outbox-runtime'
import { notify } from '#shared/ui/notify'
import { permanentError, transientError } from '#testing/backend/fake-kids-ports'
import { childFields, PARENT, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

vi.mock('#shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/ui/notify')>()),
  notify: vi.fn(() => Promise.resolve()),
}))
vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

/** Queues a child whose upload keeps failing (Storage unreachable), so it stays waiting. */
async function queueWaitingChild(kidId: string, kidName: string) {
  // Its uploads fail for now, three times: it waits (1-2 s, 2-4 s, 4-8 s) for as long as a test runs.
  world().storage.uploadFailures.push(transientError(), transientError(), transientError())
  await world().runtime.outbox.add({
    userId: PARENT.uid,
    kidId,
    fields: childFields({ kidName, plan: 'Daily' }),
    photos: [{ name: 'cover.png', type: 'image/png', data: new ArrayBuffer(30) }],
  })
  world().runtime.sender.kick()
  await world().runtime.sender.settled()
}

function item(name: string): HTMLElement {
  const link = screen.getByRole('link', { name: new RegExp(`^${name}`) })
  const li = link.closest('li')
  if (!li) throw new Error(`no list item for ${name}`)
  return li
}

describe("'Your Kids' on /profile", () => {
  it('does not appear when the parent has no children', async () => {
    world.render('/profile')
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    // Wait until both sources have answered, then check.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('heading', { name: 'Your Kids' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('list')).not.toBeInTheDocument()
  })

  it("lists each child with cover, name, gender, '{plan} Plan', a link and edit and delete icons", async () => {
    seedKid(
      world(),
      storedKid('older', { kidName: 'Bola Ade', kidGender: 'Male', plan: 'Monthly', savedAt: 1 }),
    )
    seedKid(
      world(),
      storedKid('newer', { kidName: 'Amara Obi', kidGender: 'Female', plan: 'Weekly', savedAt: 2 }),
    )
    await queueWaitingChild('queued', 'Chidi Eze')
    world.render('/profile')
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Kids' })).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(3))
    // Queued children first, then newest save first (the profile query: timestamp desc).
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.kid-card-name')?.textContent),
    ).toEqual(['Chidi Eze', 'Amara Obi', 'Bola Ade'])

    const amara = item('Amara Obi')
    expect(within(amara).getByText('Female')).toBeInTheDocument()
    expect(within(amara).getByText('Weekly Plan')).toBeInTheDocument()
    // The cover is read with the parent's credentials and shown from the device (an object URL).
    await waitFor(() =>
      expect(amara.querySelector('img.kid-card-cover')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    expect(world().storage.downloads).toContain(storedKid('newer').imgUrls[0])
    expect(within(amara).getByRole('link', { name: /^Amara Obi/ })).toHaveAttribute('href', '/kid/newer')
    expect(within(amara).getByRole('link', { name: 'Edit Amara Obi' })).toHaveAttribute(
      'href',
      '/edit-kid/newer',
    )
    expect(within(amara).getByRole('button', { name: 'Delete Amara Obi' })).toBeInTheDocument()
    expect(within(amara).queryByText('Waiting to upload')).not.toBeInTheDocument()

    const chidi = item('Chidi Eze')
    expect(within(chidi).getByText('Waiting to upload')).toBeInTheDocument()
    expect(within(chidi).getByText('Daily Plan')).toBeInTheDocument()
    // Its cover comes from the device.
    await waitFor(() =>
      expect(chidi.querySelector('img.kid-card-cover')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:test\//),
      ),
    )
  })

  it("deletes after 'Are you sure you want to delete?', which names the child and its photos", async () => {
    const kid = storedKid('kid1', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    seedKid(world(), storedKid('kid2', { kidName: 'Bola Ade', savedAt: 0 }))
    const user = userEvent.setup({ delay: null })
    world.render('/profile')
    await screen.findByRole('heading', { name: 'Your Kids' })
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(2))

    // Cancel: nothing happens.
    await user.click(within(item('Amara Obi')).getByRole('button', { name: 'Delete Amara Obi' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
    expect(dialog).toHaveTextContent(
      `Amara Obi and their ${kid.imgUrls.length} photos will be removed for good.`,
    )
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(2)
    expect(notify).not.toHaveBeenCalled()

    // Confirm: gone at once, then from the backend with its photos.
    await user.click(within(item('Amara Obi')).getByRole('button', { name: 'Delete Amara Obi' }))
    dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete Amara Obi' }))
    await waitFor(() => expect(within(screen.getByRole('main')).getAllByRole('listitem')).toHaveLength(1))
    expect(notify).toHaveBeenCalledWith('success', 'Successfully deleted child')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Kids' })).toHaveFocus())
    await waitFor(() => expect(world().kids.records.has('kid1')).toBe(false))
    // Amara's photos are deleted from storage; Bola's stay.
    await waitFor(() => expect(world().storage.deleted).toEqual(kid.imgUrls))
    expect([...world().storage.objects.keys()]).toEqual(storedKid('kid2').imgUrls)
    expect(world().kids.deletes).toEqual(['kid1'])
    expect(world().kids.records.has('kid2')).toBe(true)

    // The last child goes: the list goes too.
    await user.click(within(item('Bola Ade')).getByRole('button', { name: 'Delete Bola Ade' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Bola Ade' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your Kids' })).not.toBeInTheDocument())
    // Its button gone with the list, focus goes to the page's heading, not to the page itself.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toHaveFocus())
  })

  it('deleting a child still waiting in the outbox discards it; nothing reaches the backend', async () => {
    await queueWaitingChild('queued', 'Chidi Eze')
    const user = userEvent.setup({ delay: null })
    world.render('/profile')
    await screen.findByRole('heading', { name: 'Your Kids' })
    await user.click(within(item('Chidi Eze')).getByRole('button', { name: 'Delete Chidi Eze' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Chidi Eze' }),
    )
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your Kids' })).not.toBeInTheDocument())
    expect(notify).toHaveBeenCalledWith('success', 'Successfully deleted child')
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
    expect(world().kids.saves).toEqual([])
    expect(world().kids.deletes).toEqual([])
  })

  it('a failed child shows as not uploaded with Retry and Discard', async () => {
    world().storage.uploadFailures.push(permanentError('storage/unauthorized'))
    await world().runtime.outbox.add({
      userId: PARENT.uid,
      kidId: 'failed1',
      fields: childFields({ kidName: 'Dayo Bello' }),
      photos: [{ name: 'a.png', type: 'image/png', data: new ArrayBuffer(30) }],
    })
    world().runtime.sender.kick()
    await world().runtime.sender.settled()
    const user = userEvent.setup({ delay: null })
    world.render('/profile')
    await screen.findByRole('heading', { name: 'Your Kids' })
    const dayo = item('Dayo Bello')
    expect(within(dayo).getByText('Not uploaded')).toBeInTheDocument()

    // Retry: this time the upload works and the child is saved, once.
    await user.click(within(dayo).getByRole('button', { name: 'Retry uploading Dayo Bello' }))
    await waitFor(() =>
      expect(within(item('Dayo Bello')).queryByText('Not uploaded')).not.toBeInTheDocument(),
    )
    await waitFor(() => expect(world().kids.records.has('failed1')).toBe(true))
    expect(world().kids.saves).toHaveLength(1)
  })

  it('a new child an older version queued with its age in words is shown to mend, never dropped', async () => {
    // What that version left in its outbox database (version 5): a new child, its age as words.
    const name = `old-outbox-${Date.now()}`
    const old = new OutboxDb(name)
    await old.open()
    const fields = { ...childFields({ kidName: 'Chidi Eze' }), kidAge: '4', kidBirthMonth: '' }
    const path = `images/${PARENT.uid}/cover.png-${'c'.repeat(20)}`
    await old.submissions.add({
      id: 'old-add',
      seq: 1,
      kind: 'add',
      kidId: 'mend1',
      userId: PARENT.uid,
      fields,
      photos: [{ id: 'c'.repeat(20), name: 'cover.png', type: 'image/png', size: 30, path, uploaded: false }],
      keptPaths: [],
      imgPaths: [path],
      cleanupPaths: [],
      state: 'queued',
      handoffStarted: false,
      handedOffAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      rev: 1,
      createdAt: 1,
    })
    await old.photos.add({
      id: 'c'.repeat(20),
      submissionId: 'old-add',
      type: 'image/png',
      data: new ArrayBuffer(30),
    })
    old.close()
    await adoptOldOutbox(name, world().runtime.jobs)
    await world().runtime.sender.settled()

    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/profile')
    await screen.findByRole('heading', { name: 'Your Kids' })
    const chidi = item('Chidi Eze')
    expect(within(chidi).getByText('Not uploaded')).toBeInTheDocument()
    expect(within(chidi).getByText(MEND_AGE)).toBeInTheDocument()
    expect(world().kids.saves).toEqual([])

    // Edit opens the form with the values kept; years and months replace the words, and it is sent.
    await user.click(within(chidi).getByRole('link', { name: 'Edit Chidi Eze' }))
    expect(await screen.findByLabelText('Child Name')).toHaveValue('Chidi Eze')
    await user.type(screen.getByLabelText('Years'), '4')
    await user.type(screen.getByLabelText('Months'), '0')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() =>
      expect(world().kids.records.get('mend1')).toMatchObject({ kidAge: '', imgUrls: [path] }),
    )
    expect(world().kids.saves).toHaveLength(1)
    expect(world().storage.uploads).toEqual([path])
  })

  it("a child that fails for good while 'Your Kids' shows says 'Images not uploaded', once", async () => {
    world.render('/profile')
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    // Queued by no screen that waits for it (an earlier visit, another tab): nobody claimed it.
    world().storage.uploadFailures.push(permanentError('storage/unauthorized'))
    await world().runtime.outbox.add({
      userId: PARENT.uid,
      kidId: 'failed1',
      fields: childFields({ kidName: 'Dayo Bello' }),
      photos: [{ name: 'a.png', type: 'image/png', data: new ArrayBuffer(30) }],
    })
    world().runtime.sender.kick()
    await world().runtime.sender.settled()
    expect(await screen.findByText('Not uploaded')).toBeInTheDocument()
    expect(vi.mocked(notify).mock.calls.filter(([kind]) => kind === 'error')).toEqual([
      [
        'error',
        'Images not uploaded',
        { description: 'Check the photos, then retry or discard it in Your Kids.' },
      ],
    ])
  })

  it('Discard drops a failed child after asking', async () => {
    world().storage.uploadFailures.push(permanentError('storage/unauthorized'))
    await world().runtime.outbox.add({
      userId: PARENT.uid,
      kidId: 'failed1',
      fields: childFields({ kidName: 'Dayo Bello' }),
      photos: [{ name: 'a.png', type: 'image/png', data: new ArrayBuffer(30) }],
    })
    world().runtime.sender.kick()
    await world().runtime.sender.settled()
    const user = userEvent.setup({ delay: null })
    world.render('/profile')
    await screen.findByRole('heading', { name: 'Your Kids' })
    await user.click(
      within(item('Dayo Bello')).getByRole('button', { name: 'Discard the changes to Dayo Bello' }),
    )
    const dialog = screen.getByRole('alertdialog', {
      name: 'Discard the changes to Dayo Bello that were not uploaded?',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your Kids' })).not.toBeInTheDocument())
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
    expect(world().kids.saves).toEqual([])
  })
})

describe('/kid/{kidId}', () => {
  it("shows a loader, then the photos and the labelled lines (age with its unit, '{plan} Plan')", async () => {
    const kid = storedKid('kid1', { kidGender: 'Female', plan: 'Weekly' })
    seedKid(world(), kid)
    const read = world().kids.holdReads()
    world.render('/kid/kid1')
    expect(await within(await screen.findByRole('main')).findByText('Loading child…')).toBeInTheDocument()
    read.release()
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument()
    const lines = Object.fromEntries(
      [...document.querySelectorAll('.kid-line')].map((line) => [
        line.querySelector('dt')?.textContent,
        line.querySelector('dd')?.textContent,
      ]),
    )
    expect(lines).toEqual({
      'Child Name': 'Amara Obi',
      Gender: 'Female',
      Age: '4 years',
      'Parent Name': 'Ngozi Obi',
      'Parent Age': '34 years',
      'Parent Phone': '+234 802 555 0101',
      Plan: 'Weekly Plan',
      Address: '12 Palm Close\nUyo',
    })
    const carousel = screen.getByRole('region', { name: 'Photos of Amara Obi' })
    await waitFor(() =>
      expect(within(carousel).getByRole('img', { name: 'Photo 1 of 2 of Amara Obi' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    expect(within(carousel).getByRole('img', { name: 'Photo 2 of 2 of Amara Obi' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    )
    expect(world().storage.downloads).toEqual(expect.arrayContaining([...kid.imgUrls]))
    expect(within(carousel).queryByRole('tablist')).not.toBeInTheDocument() // no dots
    expect(within(carousel).getByRole('button', { name: 'Pause' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit child' })).toHaveAttribute('href', '/edit-kid/kid1')
  })

  it("a missing child: 'Child does not exist' and home", async () => {
    const { history } = world.render('/kid/missing')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'Child does not exist')
  })

  it("another parent's child reads as missing too", async () => {
    seedKid(world(), storedKid('theirs', { userRef: 'someone-else' }))
    const { history } = world.render('/kid/theirs')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'Child does not exist')
    expect(screen.queryByText('Ngozi Obi')).not.toBeInTheDocument()
  })

  it("another parent's child the rules refuse to read: 'Child does not exist' and home", async () => {
    world().kids.readerId = PARENT.uid
    seedKid(world(), storedKid('refused', { userRef: 'someone-else' }))
    const { history } = world.render('/kid/refused')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'Child does not exist')
    expect(screen.queryByText('Ngozi Obi')).not.toBeInTheDocument()
  })

  it('a child waiting in the outbox is shown from the device, marked as waiting', async () => {
    await queueWaitingChild('queued', 'Chidi Eze')
    world.render('/kid/queued')
    expect(await screen.findByRole('heading', { level: 1, name: 'Chidi Eze' })).toBeInTheDocument()
    expect(document.querySelector('.kid-detail-head')).toHaveTextContent('Waiting to upload')
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo 1 of 1 of Chidi Eze' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:test\//),
      ),
    )
    expect(screen.getByText('Daily Plan')).toBeInTheDocument()
  })
})
