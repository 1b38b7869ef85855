// The add and edit screens against fake ports and a real outbox: every field, default and message of
// the product, and what each outcome of a submission says and does.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { permanentError, transientError } from '../shared/backend/testing/fake-kids-ports'
import { photoMessages } from '../shared/records/kid-photos'
import { notify } from '../shared/ui/notify'
import { PhotoPrepError, preparePhotos } from './photo-prep'
import { PARENT, pngFile, seedKid, storedKid, useKidsWorld } from './testing/kids-world'

vi.mock('../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/ui/notify')>()),
  notify: vi.fn(() => Promise.resolve()),
}))
// jsdom cannot decode or draw pictures: the photos go into the outbox as picked.
vi.mock('./photo-prep', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./photo-prep')>()
  const { preparePhotosAsPicked } = await import('./testing/photos-as-picked')
  return { ...actual, preparePhotos: vi.fn(preparePhotosAsPicked) }
})
// Typing into a dozen fields through a real router and IndexedDB takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

async function fillChild(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Child Name'), '  Amara Obi ')
  await user.type(screen.getByLabelText('Child Age'), '4')
  await user.type(screen.getByLabelText('Parent Name'), 'Ngozi Obi')
  await user.type(screen.getByLabelText('Parent Age'), '34')
  await user.type(screen.getByLabelText('Parent Phone'), '+234 802 555 0101')
  await user.type(screen.getByLabelText('Address'), '12 Palm Close{Enter}Uyo')
}

/**
 * Picks photos as a parent does and waits until they show: the form scales them down first, and a
 * press meanwhile waits for that before it checks anything (a check right after the press raced it).
 */
/** Picks `files`; `saved` photos are in the picker already (an edit adds to them). */
async function pickPhotos(user: ReturnType<typeof userEvent.setup>, files: File | File[], saved = 0) {
  await user.upload(screen.getByLabelText('Images'), files)
  const count = saved + (Array.isArray(files) ? files.length : 1)
  const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
  await waitFor(() => expect(within(chosen).queryAllByRole('img')).toHaveLength(count))
  expect(within(chosen).queryByText('Preparing…')).toBeNull()
}

function errorOf(label: string): string | null {
  const field = screen.getByLabelText(label)
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null
}

describe('/add-kid', () => {
  it("shows 'Add Your Child Info' with every field and the spec's defaults", async () => {
    world.render('/add-kid')
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeInTheDocument()
    for (const label of ['Child Name', 'Child Age', 'Parent Name', 'Parent Age', 'Parent Phone', 'Address'])
      expect(screen.getByLabelText(label)).toBeRequired()
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA')
    expect(screen.getByLabelText('Child Gender')).toHaveValue('Male')
    expect(
      within(screen.getByLabelText('Child Gender'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Male', 'Female'])
    const disability = screen.getByRole('group', { name: 'Disability' })
    expect(within(disability).getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(disability).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByLabelText('Plan')).toHaveValue('Monthly')
    expect(
      within(screen.getByLabelText('Plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Monthly', 'Weekly', 'Daily'])
    const images = screen.getByLabelText('Images')
    expect(images).toHaveAttribute('accept', '.jpg,.png,.jpeg')
    expect(images).toHaveAttribute('multiple')
    expect(images).toBeRequired()
    expect(images).toHaveAccessibleDescription('The first image will be the cover, max 6')
    expect(screen.getByRole('button', { name: 'Add Child' })).toBeInTheDocument()
    // The form starts with its loading flag false: no overlay.
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument()
  })

  it('says what is missing for every empty field, focuses the first, and queues nothing', async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await user.click(await screen.findByRole('button', { name: 'Add Child' }))
    expect(errorOf('Child Name')).toBe('Please fill in Child Name')
    expect(errorOf('Child Age')).toBe('Please fill in Child Age')
    expect(errorOf('Parent Name')).toBe('Please fill in Parent Name')
    expect(errorOf('Parent Age')).toBe('Please fill in Parent Age')
    expect(errorOf('Parent Phone')).toBe('Please fill in Parent Phone')
    expect(errorOf('Address')).toBe('Please fill in Address')
    expect(errorOf('Images')).toBe('Please choose at least one image')
    expect(screen.getByLabelText('Child Name')).toHaveFocus()
    expect(screen.getByLabelText('Child Name')).toHaveAttribute('aria-invalid', 'true')
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

  it('treats spaces as empty and refuses text over its limit', async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await pickPhotos(user, pngFile('a.png'))
    fireEvent.change(screen.getByLabelText('Child Name'), { target: { value: 'A'.repeat(81) } })
    fireEvent.change(screen.getByLabelText('Parent Name'), { target: { value: '    ' } })
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'x'.repeat(301) } })
    fireEvent.change(screen.getByLabelText('Child Age'), { target: { value: '1'.repeat(21) } })
    fireEvent.change(screen.getByLabelText('Parent Phone'), { target: { value: '1'.repeat(31) } })
    fireEvent.change(screen.getByLabelText('Parent Age'), { target: { value: '1'.repeat(21) } })
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    expect(errorOf('Child Name')).toBe('Child Name must be at most 80 characters')
    expect(errorOf('Parent Name')).toBe('Please fill in Parent Name')
    expect(errorOf('Address')).toBe('Address must be at most 300 characters')
    expect(errorOf('Child Age')).toBe('Child Age must be at most 20 characters')
    expect(errorOf('Parent Phone')).toBe('Parent Phone must be at most 30 characters')
    expect(errorOf('Parent Age')).toBe('Parent Age must be at most 20 characters')
    expect(errorOf('Images')).toBeNull()
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

  it("says 'Max 6 images' on submit with 7 photos: the form stops and loading ends", async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    const seven = Array.from({ length: 7 }, (_, i) => pngFile(`p${i}.png`))
    await pickPhotos(user, seven)
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    expect(errorOf('Images')).toBe('Max 6 images')
    expect(notify).toHaveBeenCalledWith('error', 'Max 6 images')
    expect(screen.getByLabelText('Images')).toHaveFocus()
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument()
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
    expect(world().storage.uploads).toEqual([])
  })

  it('accepts 6 photos (the limit itself)', async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await user.upload(
      screen.getByLabelText('Images'),
      Array.from({ length: 6 }, (_, i) => pngFile(`p${i}.png`)),
    )
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Child added'))
    expect(world().kids.records.values().next().value?.imgUrls).toHaveLength(6)
  })

  it('refuses files that are not jpg, jpeg or png, and files over 25 MB', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), [pngFile('a.png'), pngFile('b.gif', 10, 'image/gif')])
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    expect(errorOf('Images')).toBe('Only .jpg, .jpeg and .png images can be added')

    const huge = pngFile('huge.jpg', 10, 'image/jpeg')
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 })
    await user.upload(screen.getByLabelText('Images'), [huge])
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    expect(errorOf('Images')).toBe('Each image must be 25 MB or smaller')
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

  it('says so when a photo is still too large after scaling down on the device', async () => {
    vi.mocked(preparePhotos).mockRejectedValueOnce(new PhotoPrepError(photoMessages.imageTooBigAfterScaling))
    world.render('/add-kid')
    const user = userEvent.setup({ delay: null })
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), pngFile('big.png'))
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() =>
      expect(errorOf('Images')).toBe(
        'An image is still larger than 5 MB after resizing; please choose a smaller one',
      ),
    )
    expect(screen.getByRole('button', { name: 'Add Child' })).toBeInTheDocument()
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

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
      kidAge: '4',
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
  it('the picker: photos are thumbnails at once; the parent removes one and picks the cover', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await user.upload(screen.getByLabelText('Images'), [pngFile('a.png'), pngFile('b.png'), pngFile('c.png')])
    const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(chosen).getAllByRole('img')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    await user.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }))
    expect(
      within(chosen)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Photo 1, the cover: c.png', 'Photo 2: b.png'])
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(async () => expect(await world().runtime.outbox.list(PARENT.uid)).toHaveLength(1))
    const [entry] = await world().runtime.outbox.list(PARENT.uid)
    expect(entry?.photos.map((photo) => photo.name)).toEqual(['c.png', 'b.png'])
  })
})

describe('/edit-kid/{kidId}', () => {
  it('the saved photos: another cover and one removed; the removed one is deleted once saved', async () => {
    const kid = storedKid('kid1')
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(chosen).getAllByRole('img')).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }))
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toEqual([kid.imgUrls[1]]))
    await waitFor(() => expect(world().storage.deleted).toEqual([kid.imgUrls[0]]))
    expect(world().storage.uploads).toEqual([]) // nothing uploaded again
  })

  it("is pre-filled; saving without new photos keeps them: 'Child edited' and /profile", async () => {
    const kid = storedKid('kid1', { disability: true, kidGender: 'Female' })
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Your Child Info' })).toBeInTheDocument()
    expect(screen.getByLabelText('Child Name')).toHaveValue('Amara Obi')
    expect(screen.getByLabelText('Child Age')).toHaveValue('4')
    expect(screen.getByLabelText('Child Gender')).toHaveValue('Female')
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Parent Name')).toHaveValue('Ngozi Obi')
    expect(screen.getByLabelText('Parent Age')).toHaveValue('34')
    expect(screen.getByLabelText('Parent Phone')).toHaveValue('+234 802 555 0101')
    expect(screen.getByLabelText('Address')).toHaveValue('12 Palm Close\nUyo')
    expect(screen.getByLabelText('Plan')).toHaveValue('Weekly')
    expect(screen.getByLabelText('Images')).not.toBeRequired()
    const current = screen.getByRole('list', { name: 'Chosen photos' })
    // Photos are private: shown from the device, through object URLs, never a storage address.
    await waitFor(() =>
      expect(
        within(current)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual([expect.stringMatching(/^blob:/), expect.stringMatching(/^blob:/)]),
    )

    await user.clear(screen.getByLabelText('Child Age'))
    await user.type(screen.getByLabelText('Child Age'), '5')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child edited')
    expect(world().kids.records.get('kid1')).toMatchObject({
      kidAge: '5',
      imgUrls: kid.imgUrls,
      disability: true,
    })
    expect(world().kids.saves).toHaveLength(1)
    expect(world().storage.deleted).toEqual([])
  })

  it('new photos are added to the saved ones (3 of 6); the new one made the cover, a removed one deleted once saved', async () => {
    const kid = storedKid('kid1')
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    await screen.findByRole('heading', { name: 'Edit Your Child Info' })
    expect(screen.getByText(/Your saved photos stay and new ones are added to them/)).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Images'), [pngFile('new.png')])
    const chosen = screen.getByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(chosen).getAllByRole('img')).toHaveLength(3))
    expect(screen.getByText('3 of 6')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toHaveLength(3))
    const imgUrls = world().kids.records.get('kid1')?.imgUrls ?? []
    expect(imgUrls[0]).toContain('new.png')
    expect(imgUrls.slice(1)).toEqual(kid.imgUrls)
    expect(world().storage.deleted).toEqual([])

    // Again: the first saved photo removed. It is deleted from storage once the edit is saved.
    history.push('/edit-kid/kid1')
    const again = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(again).getAllByRole('img')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toEqual([imgUrls[0], imgUrls[2]]))
    await waitFor(() => expect(world().storage.deleted).toEqual([kid.imgUrls[0]]))
    expect(world().storage.uploads).toHaveLength(1) // the new photo, once
  })

  it("checks the same rules: empty fields and 'Max 6 images'", async () => {
    seedKid(world(), storedKid('kid1'))
    const user = userEvent.setup({ delay: null })
    world.render('/edit-kid/kid1')
    await screen.findByRole('heading', { name: 'Edit Your Child Info' })
    await user.clear(screen.getByLabelText('Parent Phone'))
    await pickPhotos(
      user,
      Array.from({ length: 7 }, (_, i) => pngFile(`p${i}.png`)),
      2,
    )
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    expect(errorOf('Parent Phone')).toBe('Please fill in Parent Phone')
    expect(errorOf('Images')).toBe('Max 6 images')
    expect(notify).toHaveBeenCalledWith('error', 'Max 6 images')
    expect(world().kids.saves).toEqual([])
  })

  it("another parent's child: 'You can not edit that child' and home", async () => {
    seedKid(world(), storedKid('kid2', { userRef: 'someone-else' }))
    const { history } = world.render('/edit-kid/kid2')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'You can not edit that child')
    expect(screen.queryByLabelText('Child Name')).not.toBeInTheDocument()
  })

  it("another parent's child the rules refuse to read: 'You can not edit that child' and home", async () => {
    world().kids.readerId = PARENT.uid
    seedKid(world(), storedKid('kid3', { userRef: 'someone-else' }))
    const { history } = world.render('/edit-kid/kid3')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'You can not edit that child')
    expect(screen.queryByLabelText('Child Name')).not.toBeInTheDocument()
  })

  it("a child that does not exist: 'Child does not exist' and home", async () => {
    const read = world().kids.holdReads()
    const { history } = world.render('/edit-kid/nope')
    expect(await within(await screen.findByRole('main')).findByText('Loading child…')).toBeInTheDocument()
    read.release()
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'Child does not exist')
  })

  it('editing a child still waiting in the outbox updates its queued submission', async () => {
    world().storage.uploadFailures.push(transientError())
    const id = await world().runtime.outbox.add({
      userId: PARENT.uid,
      kidId: 'queued1',
      fields: storedKid('queued1'),
      photos: [{ name: 'q.png', type: 'image/png', data: new ArrayBuffer(20) }],
    })
    world().runtime.sender.kick()
    await world().runtime.sender.settled()
    const user = userEvent.setup({ delay: null })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { history } = world.render('/edit-kid/queued1')
    expect(await screen.findByLabelText('Child Name')).toHaveValue('Amara Obi')
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    await user.clear(screen.getByLabelText('Child Name'))
    await user.type(screen.getByLabelText('Child Name'), 'Amara Grace')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child edited', {
      description: 'It will upload by itself when you are back online.',
    })
    const entries = await world().runtime.outbox.list(PARENT.uid)
    expect(entries.map((entry) => entry.id)).toEqual([id])
    expect(entries[0]?.fields?.kidName).toBe('Amara Grace')
    expect(entries[0]?.photos).toHaveLength(1)
  })
})
