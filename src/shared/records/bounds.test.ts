import { describe, expect, it } from 'vitest'
import {
  cleanFileName,
  cleanText,
  isPushServiceEndpoint,
  MAX_KIDS_PER_PARENT,
  MAX_PUSH_DEVICES_PER_PARENT,
  PUSH_SERVICE_HOSTS,
  sniffDocumentType,
} from './bounds'

describe('the numbers', () => {
  it('are the ones the issue asks for', () => {
    expect(MAX_KIDS_PER_PARENT).toBe(10)
    expect(MAX_PUSH_DEVICES_PER_PARENT).toBe(5)
    expect(PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com')
  })
})

describe('isPushServiceEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGtY',
    'https://db5p.notify.windows.com/w/?token=x',
    'https://FCM.googleapis.com/fcm/send/x',
  ])('accepts a real push service: %s', (url) => {
    expect(isPushServiceEndpoint(url)).toBe(true)
  })

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://127.0.0.1:8443/admin/delete?all=1',
    'https://169.254.169.254/latest/meta-data',
    'https://example.com/push',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com.example/x',
    'https://notfcm.googleapis.co/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://fcm.googleapis.com:8443/x',
    'not a url',
    `https://fcm.googleapis.com/${'a'.repeat(1000)}`,
  ])('refuses anything else: %s', (url) => {
    expect(isPushServiceEndpoint(url)).toBe(false)
  })

  it('accepts the stand-in only where it is named', () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:9/push/x')).toBe(false)
    expect(isPushServiceEndpoint('https://127.0.0.1:9/push/x', ['127.0.0.1'])).toBe(true)
    expect(isPushServiceEndpoint('https://127.0.0.1:9/push/x', ['127.0.0.1:9'])).toBe(true)
    expect(isPushServiceEndpoint('https://127.0.0.1:10/push/x', ['127.0.0.1:9'])).toBe(false)
    expect(isPushServiceEndpoint('http://127.0.0.1:9/push/x', ['127.0.0.1'])).toBe(false)
  })
})

describe('cleanText', () => {
  it('removes control and direction characters', () => {
    expect(cleanText('a\u0000b\u001Bc\u007Fd\u0085e')).toBe('abcd e')
    expect(cleanText('immunisation\u202Efdp.exe')).toBe('immunisationfdp.exe')
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(cleanText(`x${mark}y`)).toBe('xy')
    expect(cleanText('x\u200Ey\u200Fz\u061Cw')).toBe('xyzw')
  })

  it('keeps line breaks only where allowed', () => {
    expect(cleanText('one\r\ntwo\u2028three')).toBe('one two three')
    expect(cleanText('one\r\ntwo\u2028three', { multiline: true })).toBe('one\ntwo\nthree')
    expect(cleanText('a\tb')).toBe('a b')
  })

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(cleanText('Ọmọ́ Adé 👶')).toBe('Ọmọ́ Adé 👶')
  })
})

describe('cleanFileName', () => {
  it('forces the extension of the type', () => {
    expect(cleanFileName('record.html', 'application/pdf')).toBe('record.html.pdf')
    expect(cleanFileName('scan.PDF', 'application/pdf')).toBe('scan.PDF')
    expect(cleanFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg')
    expect(cleanFileName('photo.png', 'image/jpeg')).toBe('photo.jpg')
    expect(cleanFileName('scan.jpg', 'application/pdf')).toBe('scan.pdf')
    expect(cleanFileName('plan', 'image/png')).toBe('plan.png')
  })

  it('removes direction marks, controls and path separators', () => {
    expect(cleanFileName('immunisation\u202Efdp.exe', 'application/pdf')).toBe('immunisationfdp.exe.pdf')
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('_.._etc_passwd.pdf')
    expect(cleanFileName('a\\b\u0000c.pdf', 'application/pdf')).toBe('a_bc.pdf')
    expect(cleanFileName('two\nlines.pdf', 'application/pdf')).toBe('two lines.pdf')
  })

  it('never leaves an empty or hidden name, nor one over 80 characters', () => {
    expect(cleanFileName('', 'application/pdf')).toBe('document.pdf')
    expect(cleanFileName('\u202E.pdf', 'application/pdf')).toBe('document.pdf')
    expect(cleanFileName('.hidden', 'image/png')).toBe('hidden.png')
    const long = cleanFileName(`${'a'.repeat(200)}.pdf`, 'application/pdf')
    expect(Array.from(long)).toHaveLength(80)
    expect(long.endsWith('.pdf')).toBe(true)
  })

  it('is stable: cleaning a clean name changes nothing', () => {
    for (const name of ['x.pdf', 'record.html.pdf', 'document.pdf', 'Ọmọ́.jpg'])
      expect(cleanFileName(name, name.endsWith('.jpg') ? 'image/jpeg' : 'application/pdf')).toBe(name)
  })
})

describe('sniffDocumentType', () => {
  const bytes = (...values: number[]) => new Uint8Array(values)
  it('knows PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffDocumentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf')
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg')
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
  })

  it('refuses anything else, and a signature cut short', () => {
    expect(sniffDocumentType(new TextEncoder().encode('<html><script>'))).toBeNull()
    expect(sniffDocumentType(new TextEncoder().encode('%PDF'))).toBeNull()
    expect(sniffDocumentType(bytes(0xff, 0xd8))).toBeNull()
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull()
    expect(sniffDocumentType(bytes())).toBeNull()
  })
})
