// The text every record holds, checked the same way here (forms, outbox, adapters) and in firestore.rules:
// - no C0 or C1 control character (U+0000–U+001F, DEL U+007F, U+0080–U+009F), no line or paragraph
//   separator (U+2028, U+2029) and no bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069);
//   multi-line text (a child's address, an inquiry's message) may hold '\n', and no other line break;
// - a required field is not blank: it holds something other than the spaces String.prototype.trim removes;
// - lengths are counted in characters (Unicode code points), not UTF-16 units: an emoji is 1.
// The normalizers below make typed or pasted text fit: line breaks become '\n' (or a space in one-line
// fields), tabs become spaces, and the other forbidden characters, which are invisible, are removed.

/** Whether a code point may never be stored (multi-line text may still hold '\n'). */
function forbidden(codePoint: number, multiline: boolean): boolean {
  if (codePoint === 0x0a) return !multiline
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  )
}

/** Whether the text holds a character the rules refuse (see above). */
export function hasForbiddenCharacters(value: string, multiline: boolean): boolean {
  for (const char of value) if (forbidden(char.codePointAt(0) ?? 0, multiline)) return true
  return false
}

/** Length in characters (code points): what the form's limits and the rules count. */
export function characterCount(value: string): number {
  let count = 0
  for (const _char of value) count += 1
  return count
}

/** The first `max` characters, never half an emoji (a surrogate pair stays whole). */
export function cutToCharacters(value: string, max: number): string {
  if (value.length <= max) return value
  return Array.from(value).slice(0, max).join('')
}

/** Whether the text is empty or only spaces (what trim removes). */
export function isBlank(value: string): boolean {
  return value.trim() === ''
}

/** Removes the forbidden characters that are not white space (controls without meaning, bidi marks). */
function dropInvisible(value: string): string {
  let out = ''
  for (const char of value) {
    const codePoint = char.codePointAt(0) ?? 0
    // White space is turned into spaces or line breaks by the callers.
    if (/\s/.test(char) || !forbidden(codePoint, true)) out += char
  }
  return out
}

/** One-line text: every run of white space (line breaks and tabs too) becomes one space; trimmed. */
export function cleanLine(value: string): string {
  return dropInvisible(value).replace(/\s+/g, ' ').trim()
}

/**
 * Multi-line text: each line break ('\r\n', '\r', U+2028, U+2029, U+0085) becomes '\n', tabs and the
 * other white space that is not a plain space become spaces; trimmed. Spaces inside a line are kept.
 */
export function cleanLines(value: string): string {
  return dropInvisible(value.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n'))
    .replace(/[^\S\n ]/g, ' ')
    .trim()
}

export type TextProblem = 'required' | 'tooLong' | 'characters'

/** What is wrong with a (normalized) text value, or null. `min` 0: may be empty, never only spaces. */
export function textProblem(
  value: string,
  limits: { readonly min: number; readonly max: number; readonly multiline: boolean },
): TextProblem | null {
  if (value === '' && limits.min === 0) return null
  if (isBlank(value)) return 'required'
  if (hasForbiddenCharacters(value, limits.multiline)) return 'characters'
  const count = characterCount(value)
  if (count < limits.min) return 'required'
  if (count > limits.max) return 'tooLong'
  return null
}
