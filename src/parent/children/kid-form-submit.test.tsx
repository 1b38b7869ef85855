// What each outcome of an add submission says and does (online, offline, uploads failing for now,
// hanging or for good), against fake ports and a real outbox.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { birthMonthFor } from '#shared/records/kid-age'
import { notify } from '#shared/ui/notify'
import { permanentError, transientError } from '#testing/backend/fake-kids-ports'
import { fillChild } from '#testing/kids/kid-form-steps'
import { PARENT, pngFile, useKidsWorld } from '#testing/kids/kids-world'

vi.mock('#shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/ui/notify')>()),
  notify: vi.fn(() => Promise.resolve()),
}))
// jsdom cannot decode or draw pictures: the photos go into the outbox as picked.
vi.mock('./photo-prep', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./photo-prep')>()
  const { preparePhotosAsPicked } = await import('#testing/kids/photos-as-picked')
  return { ...actual, preparePhotos: vi.fn(preparePhotosAsPicked) }
})
// Typing into a dozen fields through a real router and IndexedDB takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

describe('/add-kid submissions', () => {
  it("online: shows the overlay while uploading, then 'Child added' and /profile; the record is saved once", async () => {
    const user = userEvent.setup({ delay: null })
    // Hold the second upload so the overlay can be seen with its progress.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const realUpload = world().storage.upload.bind(world().storage)
    world().storage.upload = async (path, photo, onProgress) => {
      if (world().storage.uploads.length === 1) await gate
      return realUpload(path, photo, onProgress)
    }
    const { history } = world.render('/add-kid')
    await fillChild(user)
    await user.selectOptions(screen.getByLabelText('Child Gender'), 'Female')
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'false')
    await user.selectOptions(screen.getByLabelText('Plan'), 'Daily')
    await user.upload(screen.getByLabelText('Images'), [pngFile('cover.png'), pngFile('second.png')])
    // Scaled down at once and shown as thumbnails, the first as the cover.
    const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() =>
      expect(
        within(chosen)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Photo 1, the cover: cover.png', 'Photo 2: second.png']),
    )
    await user.click(screen.getByRole('button', { name: 'Add Child' }))

    const overlay = await within(screen.getByRole('main')).findByRole('status')
    expect(overlay).toHaveTextContent('Saving your child…')
    await waitFor(() =>
      expect(within(overlay).getByRole('progressbar', { name: 'Upload progress' })).toHaveValue(50),
    )
    release()

    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child added')
    expect(world().kids.saves).toHaveLength(1)
    const [saved] = world().kids.saves
    expect(saved?.record).toMatchObject({
      kidName: 'Amara Obi',
      kidAge: '',
      kidBirthMonth: birthMonthFor(4, 0, new Date()),
      kidGender: 'Female',
      disability: true,
      parentName: 'Ngozi Obi',
      parentAge: '34',
      parentPhone: '+234 802 555 0101',
      address: '12 Palm Close\nUyo',
      plan: 'Daily',
      userRef: PARENT.uid,
    })
    expect(saved?.record.imgUrls).toHaveLength(2)
    expect(saved?.record.imgUrls[0]).toContain('cover.png')
    expect(world().storage.uploads[0]).toMatch(/^images\/parent1\/cover\.png-[A-Za-z0-9]{20}$/)
    await waitFor(async () => expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([]))
  })

  it("offline: accepts the child at once with 'Child added' and the upload note, and keeps it queued", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    world().storage.uploadFailures.push(transientError(), transientError())
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), pngFile('a.png'))
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child added', {
      description: 'It will upload by itself when you are back online.',
    })
    const entries = await world().runtime.outbox.list(PARENT.uid)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.fields?.kidName).toBe('Amara Obi')
    expect(world().kids.saves).toEqual([])
  })

  it("online with an upload failing for now: 'Child added', no red, it uploads by itself", async () => {
    world().storage.uploadFailures.push(transientError())
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), pngFile('a.png'))
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child added', {
      description: 'It will finish uploading by itself: Your Kids shows how far it is.',
    })
    expect(vi.mocked(notify).mock.calls.filter(([kind]) => kind === 'error')).toEqual([])
    const [entry] = await world().runtime.outbox.list(PARENT.uid)
    expect(entry?.state).toBe('queued')
    expect(entry?.attempts).toBe(1)
    expect(world().kids.records.size).toBe(0) // no half-saved record
  })

  it('online with an upload that hangs: the parent is let go after a few seconds, and it goes on', async () => {
    let release = () => {}
    world().storage.hold = new Promise((resolve) => {
      release = resolve
    })
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), pngFile('a.png'))
    const pressed = Date.now()
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'), { timeout: 6_000 })
    const waited = Date.now() - pressed
    expect(waited).toBeGreaterThanOrEqual(2_900)
    expect(waited).toBeLessThan(5_000)
    expect(notify).toHaveBeenCalledWith('success', 'Child added', {
      description: 'It will finish uploading by itself: Your Kids shows how far it is.',
    })
    // The upload finishes later, by itself.
    release()
    world().storage.hold = null
    await waitFor(() => expect(world().kids.saves).toHaveLength(1))
  })

  it("a permanent failure: 'Images not uploaded' once, and the child stops as failed", async () => {
    world().storage.uploadFailures.push(permanentError('storage/unauthorized'))
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), pngFile('a.png'))
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('error', 'Images not uploaded', {
      description: 'Check the photos, then retry or discard it in Your Kids.',
    })
    expect(vi.mocked(notify).mock.calls.filter(([kind]) => kind === 'error')).toHaveLength(1)
    const [entry] = await world().runtime.outbox.list(PARENT.uid)
    expect(entry?.state).toBe('failed')
  })
})
