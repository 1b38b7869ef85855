// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  forgetParentPictures,
  type ParentPicture,
  PICTURE_KEY_PREFIX,
  PICTURE_VERSION,
  type PictureNode,
  parsePicture,
  pictureNodeOf,
  readPicture,
  samePicture,
  writePicture,
} from './parent-picture'

afterEach(() => localStorage.clear())

const SMALL_JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='

/** A card as 'Your Kids' renders it, with the worst a screen could hold in it. */
function card(name: string): HTMLElement {
  const item = document.createElement('li')
  item.className = 'kid-card kid-card--waiting'
  item.innerHTML = `
    <div class="kid-card-main">
      <a class="kid-card-link" href="/kid/k1" aria-labelledby="x1">
        <img class="kid-card-cover" src="blob:http://localhost/1234" alt="" width="96" height="96">
        <span class="kid-card-text"><strong class="kid-card-name">${name}</strong>
          <span class="registration-status registration-status--offered">Place offered from 1 Dec: reply by 8 Dec</span>
          <span class="kid-badge kid-badge--waiting">Waiting to upload</span></span>
      </a>
      <a href="https://firebasestorage.googleapis.com/v0/b/x/o/images%2Fp1?alt=media&amp;token=secret-token">photo</a>
      <img src="https://firebasestorage.googleapis.com/v0/b/x/o/p.jpg?token=secret-token" alt="">
      <button type="button" class="kid-icon-button" onclick="steal()" style="color:red" aria-label="Edit ${name}">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 17.25V21h3.75z" fill="currentColor"></path></svg>
      </button>
    </div>
    <p class="kid-sync" role="status"><span>Waiting for a connection · 0 of 1 photos uploaded</span></p>
    <script>steal()</script>`
  return item
}

function pictureOf(uid: string, nodes: PictureNode[]): ParentPicture {
  return {
    v: PICTURE_VERSION,
    uid,
    entry: '/assets/framework-1.js',
    stylesheets: ['/assets/notices-1.css'],
    nodes,
  }
}

describe('a picture of the screen', () => {
  it('keeps the markup, the words and a small cover; no address with a scheme, no token, no script', () => {
    const node = pictureNodeOf(card('Amara Obi'), { coverOf: () => SMALL_JPEG })
    const text = JSON.stringify(node)
    expect(text).toContain('Amara Obi')
    expect(text).toContain('Place offered from 1 Dec: reply by 8 Dec')
    expect(text).toContain('Waiting for a connection · 0 of 1 photos uploaded')
    expect(text).toContain('"class":"kid-card-cover"')
    expect(text).toContain(SMALL_JPEG)
    expect(text).toContain('"svg:path"')
    for (const absent of [
      'https:',
      'blob:',
      'token',
      'steal',
      'onclick',
      'style',
      'script',
      'aria-labelledby',
    ])
      expect(text).not.toContain(absent)
  })

  it('keeps no cover that is not a small JPEG made on the device', () => {
    const node = pictureNodeOf(card('Amara Obi'), { coverOf: () => 'https://example.com/a.jpg' })
    expect(JSON.stringify(node)).not.toContain('example.com')
  })

  it("reads a form control's current value", () => {
    const input = document.createElement('input')
    input.setAttribute('value', 'Old name')
    input.value = 'Ada Obi'
    expect(pictureNodeOf(input)).toEqual(['input', { value: 'Ada Obi' }, []])
  })
})

describe('the picture store', () => {
  it('keeps one picture per parent, read back only for that parent', () => {
    const ada = pictureOf('ada', ['Ada'])
    const bola = pictureOf('bola', ['Bola'])
    expect(writePicture(ada)).toBe(true)
    expect(writePicture(bola)).toBe(true)
    expect(readPicture('ada')).toEqual(ada)
    expect(readPicture('bola')).toEqual(bola)
    // A record under one parent's key that names another is nobody's.
    localStorage.setItem(`${PICTURE_KEY_PREFIX}bola`, JSON.stringify(ada))
    expect(readPicture('bola')).toBeNull()
  })

  it('keeps a parent with no children and one with twelve', () => {
    const empty = pictureOf('ada', [['main', { class: 'profile' }, []]])
    writePicture(empty)
    expect(readPicture('ada')).toEqual(empty)
    const list = document.createElement('ul')
    for (let index = 1; index <= 12; index += 1) list.append(card(`Child ${index}`))
    const twelve = pictureOf('ada', [pictureNodeOf(list, { coverOf: () => SMALL_JPEG }) as PictureNode])
    writePicture(twelve)
    expect(readPicture('ada')).toEqual(twelve)
    const stored = localStorage.getItem(`${PICTURE_KEY_PREFIX}ada`) ?? ''
    expect(stored.match(/kid-card-name/g)).toHaveLength(12)
    expect(stored).not.toMatch(/https:|blob:|token/)
  })

  it('refuses records it cannot trust: another version, a network address, a damaged one', () => {
    const good = pictureOf('ada', [['img', { class: 'kid-card-cover', src: SMALL_JPEG }, []]])
    expect(parsePicture(JSON.stringify(good), 'ada')).toEqual(good)
    const withAddress = pictureOf('ada', [['img', { src: 'https://firebasestorage.googleapis.com/x' }, []]])
    expect(parsePicture(JSON.stringify(withAddress), 'ada')).toBeNull()
    const withLink = pictureOf('ada', [['a', { href: 'https://example.com/?token=1' }, []]])
    expect(parsePicture(JSON.stringify(withLink), 'ada')).toBeNull()
    expect(parsePicture(JSON.stringify({ ...good, v: 2 }), 'ada')).toBeNull()
    expect(parsePicture('{', 'ada')).toBeNull()
    expect(parsePicture(null, 'ada')).toBeNull()
  })

  it('forgets every parent’s picture, and nothing else', () => {
    writePicture(pictureOf('ada', []))
    writePicture(pictureOf('bola', []))
    localStorage.setItem('sunbeam-other', 'kept')
    forgetParentPictures()
    expect(readPicture('ada')).toBeNull()
    expect(readPicture('bola')).toBeNull()
    expect(localStorage.getItem('sunbeam-other')).toBe('kept')
  })

  it('compares two pictures by their markup, whatever the photos’ bytes', () => {
    const a: PictureNode[] = [['img', { class: 'kid-card-cover', src: SMALL_JPEG }, []]]
    const b: PictureNode[] = [['img', { class: 'kid-card-cover', src: '/other' }, []]]
    const placeholder: PictureNode[] = [['span', { class: 'kid-card-cover kid-photo-placeholder' }, []]]
    expect(samePicture(a, b)).toBe(true)
    expect(samePicture(a, placeholder)).toBe(false)
  })
})
