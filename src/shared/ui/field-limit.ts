// The forms' length limits, counted as the records and firestore.rules count them: in characters (code
// points), an emoji is 1. The `maxLength` attribute counts UTF-16 units (an emoji is 2), so a name of
// emoji would stop at half the limit: the forms give it no `maxLength` and pass each change through here.
import { characterCount, cutToCharacters } from '../records/record-text'

/**
 * What a text control holds after a change from `previous` to `next`, at most `max` characters: as the
 * browser's maxLength does, typing past the limit is refused and text added at the end is cut to fit.
 * A change that does not lengthen the text is always taken (a longer stored value can still be shortened).
 */
export function limitCharacters(previous: string, next: string, max: number): string {
  const count = characterCount(next)
  if (count <= max || count <= characterCount(previous)) return next
  // Typed or pasted at the end: keep what fits. Anywhere else: refuse the change, as maxLength does.
  if (next.startsWith(previous)) return cutToCharacters(next, Math.max(max, characterCount(previous)))
  return previous
}
