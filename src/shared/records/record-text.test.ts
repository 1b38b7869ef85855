import { describe, expect, it } from 'vitest'
import {
  characterCount,
  cleanLine,
  cleanLines,
  cutToCharacters,
  hasForbiddenCharacters,
  isBlank,
  textProblem,
} from './record-text'

// One of each class firestore.rules refuses (tests/rules/text-and-ids.test.ts sends the same classes).
const FORBIDDEN = [
  '\u0000',
  '\t',
  '\r',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
]

describe('record text', () => {
  it('calls each control, separator and bidi class forbidden, in one line and in several', () => {
    for (const char of FORBIDDEN) {
      expect(hasForbiddenCharacters(`a${char}b`, false)).toBe(true)
      expect(hasForbiddenCharacters(`a${char}b`, true)).toBe(true)
    }
    expect(hasForbiddenCharacters('a\nb', false)).toBe(true)
    expect(hasForbiddenCharacters('a\nb', true)).toBe(false)
    // Other scripts, emoji (with joiners) and the LRM/RLM marks are text.
    expect(hasForbiddenCharacters('عمارة 漢字 👨‍👩‍👧 a\u200Eb\u200F', false)).toBe(false)
  })

  it('counts characters, not UTF-16 units, and never cuts an emoji in half', () => {
    expect(characterCount('😀😀')).toBe(2)
    expect('😀😀'.length).toBe(4)
    expect(characterCount('👋🏾')).toBe(2)
    expect(cutToCharacters('ab😀c', 3)).toBe('ab😀')
    expect(cutToCharacters('😀'.repeat(81), 80)).toBe('😀'.repeat(80))
    expect(cutToCharacters('abc', 80)).toBe('abc')
  })

  it('one line: line breaks and tabs become one space, invisible controls and bidi marks go', () => {
    expect(cleanLine('  Ada\t\tLove\r\nlace\u2028 ')).toBe('Ada Love lace')
    expect(cleanLine('\u202EAda\u202C \u0000Obi\u0085')).toBe('Ada Obi')
    expect(cleanLine('\u202E\u2066')).toBe('')
    expect(hasForbiddenCharacters(cleanLine(FORBIDDEN.join('x')), false)).toBe(false)
  })

  it('several lines: every line break becomes \\n, tabs become spaces, the rest of the controls go', () => {
    expect(cleanLines(' 12 Palm\tClose\r\nUyo\rAkwa\u2028Ibom\u2029Nigeria\u0085! ')).toBe(
      '12 Palm Close\nUyo\nAkwa\nIbom\nNigeria\n!',
    )
    expect(cleanLines('Hello  \u202Eworld\u0000')).toBe('Hello  world')
    expect(hasForbiddenCharacters(cleanLines(FORBIDDEN.join('x')), true)).toBe(false)
  })

  it('blank is what trim removes', () => {
    for (const blank of ['', ' ', '\u00A0', '\u3000', '\u2003 \u2009', '\u202F\u205F', '\uFEFF', ' \n ']) {
      expect(isBlank(blank)).toBe(true)
    }
    expect(isBlank(' a ')).toBe(false)
  })

  it('names the problem as the rules would refuse it', () => {
    const line = { min: 1, max: 3, multiline: false }
    expect(textProblem('abc', line)).toBeNull()
    expect(textProblem('😀😀😀', line)).toBeNull()
    expect(textProblem('abcd', line)).toBe('tooLong')
    expect(textProblem('', line)).toBe('required')
    expect(textProblem('\u00A0', line)).toBe('required')
    expect(textProblem('a\nb', line)).toBe('characters')
    expect(textProblem('a\u202Eb', line)).toBe('characters')
    expect(textProblem('a\nb', { ...line, multiline: true })).toBeNull()
    const optional = { min: 0, max: 3, multiline: false }
    expect(textProblem('', optional)).toBeNull()
    expect(textProblem('  ', optional)).toBe('required')
  })
})
