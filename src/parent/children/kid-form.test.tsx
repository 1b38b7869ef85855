// The add screen against fake ports and a real outbox: every field, default and message of the
// product, the limits, and the photo picker. Submission outcomes: kid-form-submit.test.tsx; the edit
// screen: kid-form-edit.test.tsx.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'
import { photoMessages } from '#shared/records/kid-photos'
import { notify } from '#shared/ui/notify'
import { errorOf, fillChild, pickPhotos } from '#testing/kids/kid-form-steps'
import { PARENT, pngFile, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'
import { kidMessages } from './kid-messages'
import { PhotoPrepError, preparePhotos } from './photo-prep'

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

describe('/add-kid', () => {
  it("shows 'Add Your Child Info' with every field and the spec's defaults", async () => {
    world.render('/add-kid')
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeInTheDocument()
    for (const label of ['Child Name', 'Years', 'Parent Name', 'Parent Age', 'Parent Phone', 'Address'])
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
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Child Name')).toBe('Please fill in Child Name'))
    expect(errorOf('Years')).toBe('Please fill in Child Age')
    // A first child: Parent Name starts as the account's name (editable), so it is not missing.
    expect(screen.getByLabelText('Parent Name')).toHaveValue(PARENT.displayName)
    expect(errorOf('Parent Name')).toBeNull()
    expect(errorOf('Parent Age')).toBe('Please fill in Parent Age')
    expect(errorOf('Parent Phone')).toBe('Please fill in Parent Phone')
    expect(errorOf('Address')).toBe('Please fill in Address')
    expect(errorOf('Images')).toBe('Please choose at least one image')
    expect(screen.getByLabelText('Child Name')).toHaveFocus()
    expect(screen.getByLabelText('Child Name')).toHaveAttribute('aria-invalid', 'true')
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

  it("starts with the parent's name and phone from their last child, both editable", async () => {
    seedKid(world(), storedKid('kid1', { parentName: 'Ngozi Obi', parentPhone: '+234 802 555 0101' }))
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    const name = await screen.findByLabelText('Parent Name')
    expect(name).toHaveValue('Ngozi Obi')
    expect(screen.getByLabelText('Parent Phone')).toHaveValue('+234 802 555 0101')
    // The child's own details are not copied.
    expect(screen.getByLabelText('Child Name')).toHaveValue('')
    expect(screen.getByLabelText('Parent Age')).toHaveValue('')
    expect(screen.getByLabelText('Address')).toHaveValue('')
    await user.clear(screen.getByLabelText('Parent Phone'))
    await user.type(screen.getByLabelText('Parent Phone'), '0803 123 4567')
    expect(screen.getByLabelText('Parent Phone')).toHaveValue('0803 123 4567')
  })

  it('says the account holds the most children it may before any form is filled in, with ten', async () => {
    for (let index = 1; index <= MAX_KIDS_PER_PARENT; index += 1)
      seedKid(world(), storedKid(`kid${index}`, { kidName: `Child ${index}` }))
    world.render('/add-kid')
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Your Child Info' })).toBeInTheDocument()
    expect(
      await screen.findByText(`You have 10 children registered. ${kidMessages.kidsBound}`),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Child' })).toBeNull()
    expect(screen.queryByLabelText('Child Name')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to My Profile' })).toHaveAttribute('href', '/profile')
  })

  it('opens the form with nine children (the control of the bound)', async () => {
    for (let index = 1; index < MAX_KIDS_PER_PARENT; index += 1)
      seedKid(world(), storedKid(`kid${index}`, { kidName: `Child ${index}` }))
    world.render('/add-kid')
    expect(await screen.findByLabelText('Child Name')).toBeInTheDocument()
    expect(screen.queryByText(kidMessages.kidsBound, { exact: false })).toBeNull()
  })

  it('treats spaces as empty', async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await pickPhotos(user, pngFile('a.png'))
    fireEvent.change(screen.getByLabelText('Parent Name'), { target: { value: '    ' } })
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Parent Name')).toBe('Please fill in Parent Name'))
    expect(errorOf('Child Name')).toBeNull()
    expect(errorOf('Images')).toBeNull()
    expect(await world().runtime.outbox.list(PARENT.uid)).toEqual([])
  })

  it('holds each field to its limit in characters, as the record and the rules count: 80 emoji fit', async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    await pickPhotos(user, pngFile('a.png'))
    const limits = {
      'Child Name': 80,
      'Parent Name': 80,
      'Parent Age': 20,
      'Parent Phone': 30,
    }
    for (const [label, max] of Object.entries({ ...limits, Address: 300 })) {
      const field = screen.getByLabelText(label)
      // No maxLength: it counts UTF-16 units, and would stop a name of emoji at 40.
      expect(field).not.toHaveAttribute('maxlength')
      fireEvent.change(field, { target: { value: '' } })
      fireEvent.change(field, { target: { value: '1'.repeat(max + 1) } })
      expect(field).toHaveValue('1'.repeat(max))
    }
    const name = screen.getByLabelText('Child Name')
    fireEvent.change(name, { target: { value: '' } })
    // Pasted past the limit: what fits is kept, never half an emoji.
    fireEvent.change(name, { target: { value: '😀'.repeat(81) } })
    expect(name).toHaveValue('😀'.repeat(80))
    // Typed at the limit: refused, as the browser's maxLength would.
    await user.type(name, 'B')
    expect(name).toHaveValue('😀'.repeat(80))
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Child added'))
    await waitFor(() => expect(world().kids.records.values().next().value?.kidName).toBe('😀'.repeat(80)))
  })

  it("says 'Max 6 images' on submit with 7 photos: the form stops and loading ends", async () => {
    const user = userEvent.setup({ delay: null })
    world.render('/add-kid')
    await fillChild(user)
    const seven = Array.from({ length: 7 }, (_, i) => pngFile(`p${i}.png`))
    await pickPhotos(user, seven)
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Images')).toBe('Max 6 images'))
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
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Images')).toBe('Only .jpg, .jpeg and .png images can be added'))

    const huge = pngFile('huge.jpg', 10, 'image/jpeg')
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 })
    await user.upload(screen.getByLabelText('Images'), [huge])
    await user.click(screen.getByRole('button', { name: 'Add Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Images')).toBe('Each image must be 25 MB or smaller'))
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
