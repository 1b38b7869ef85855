// firestore.rules: the text rules every record shares (src/shared/records/record-text.ts), kid ids in
// the app's format, and what a read of a missing child record tells. Each refusal stands beside an
// accepted control that differs from it only in the one thing refused. Against the Firestore emulator
// (npm run test:emulators).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import { doc, getDoc, onSnapshot, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore'
import { describe, expect, it } from 'vitest'
import { newRandomId } from '../../src/shared/records/ids'
import { KID_TEXT_MAX, type KidTextField } from '../../src/shared/records/kid-record'
import { characterCount, hasForbiddenCharacters, isBlank } from '../../src/shared/records/record-text'
import { kidRecord, photo } from './kid-fixtures'
import { firestoreOf, useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-text', 'firestore')

const db = firestoreOf
const alice = () => db(rules.env.authenticatedContext('alice', { email: 'alice@example.com' }))
const bob = () => db(rules.env.authenticatedContext('bob', { email: 'bob@example.com' }))
const visitor = () => db(rules.env.unauthenticatedContext())

/** One photo, unlike kidRecord's two. */
const kid = (overrides: Record<string, unknown> = {}) =>
  kidRecord('alice', { imgUrls: [photo(1)], ...overrides })

/** assertFails / assertSucceeds that say which case failed. */
async function refused(write: Promise<unknown>, what: string) {
  try {
    await assertFails(write)
  } catch (error) {
    throw new Error(`${what}: expected a refusal`, { cause: error })
  }
}
async function accepted(write: Promise<unknown>, what: string) {
  try {
    await assertSucceeds(write)
  } catch (error) {
    throw new Error(`${what}: expected it to be accepted`, { cause: error })
  }
}

const saveKid = (fields: Record<string, unknown>, id = newRandomId()) =>
  setDoc(doc(alice(), 'kids', id), kid(fields))
const createUser = (name: unknown) =>
  setDoc(doc(alice(), 'users/alice'), { name, email: 'alice@example.com', timestamp: serverTimestamp() })

// kidAge: text only in older records, kept unchanged (tests/rules/kid-age.test.ts); a new record's is ''.
const ONE_LINE_KID_FIELDS: KidTextField[] = ['kidName', 'parentName', 'parentAge', 'parentPhone']

/** Each class of character the rules refuse in every text field, with one example each. */
const FORBIDDEN: Record<string, string> = {
  'NUL (C0)': '\u0000',
  'tab (C0)': '\t',
  'carriage return (C0)': '\r',
  'escape (C0)': '\u001B',
  'unit separator U+001F (C0)': '\u001F',
  DEL: '\u007F',
  'C1 U+0080': '\u0080',
  'next line U+0085 (C1)': '\u0085',
  'C1 U+009F': '\u009F',
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'left-to-right embedding U+202A': '\u202A',
  'right-to-left embedding U+202B': '\u202B',
  'pop directional formatting U+202C': '\u202C',
  'left-to-right override U+202D': '\u202D',
  'right-to-left override U+202E': '\u202E',
  'left-to-right isolate U+2066': '\u2066',
  'right-to-left isolate U+2067': '\u2067',
  'first strong isolate U+2068': '\u2068',
  'pop directional isolate U+2069': '\u2069',
}

/** Only spaces: each is what String.prototype.trim removes, so the app's form calls these empty. */
const BLANKS = [' ', '   ', '\u00A0', '\u3000', '\u2003 \u2009', '\u202F\u205F', '\uFEFF', '\u1680']

describe('the app agrees with these cases', () => {
  it('record-text.ts calls every forbidden example forbidden and every blank blank', () => {
    for (const char of Object.values(FORBIDDEN)) {
      expect(hasForbiddenCharacters(`a${char}b`, false)).toBe(true)
      expect(hasForbiddenCharacters(`a${char}b`, true)).toBe(true)
    }
    expect(hasForbiddenCharacters('a\nb', true)).toBe(false)
    expect(hasForbiddenCharacters('a\nb', false)).toBe(true)
    for (const blank of BLANKS) expect(isBlank(blank)).toBe(true)
  })
})

describe('kids/{kidId}: text', () => {
  for (const field of [...ONE_LINE_KID_FIELDS, 'address'] as const) {
    it(`${field}: refused when only spaces; a letter among the same spaces is saved`, async () => {
      await Promise.all(
        BLANKS.flatMap((blank) => [
          refused(saveKid({ [field]: blank }), `${field}: ${JSON.stringify(blank)}`),
          accepted(saveKid({ [field]: `${blank}1${blank}` }), `${field}: 1 in ${JSON.stringify(blank)}`),
        ]),
      )
    })

    it(`${field}: refused with each control or bidi class; the same text without it is saved`, async () => {
      // Sent together (each its own record): forty one after another took 20 s on a busy machine.
      await Promise.all(
        Object.entries(FORBIDDEN).flatMap(([name, char]) => [
          refused(saveKid({ [field]: `12${char}34` }), `${field}: ${name}`),
          refused(saveKid({ [field]: char.repeat(2) }), `${field}: only ${name}`),
        ]),
      )
      await assertSucceeds(saveKid({ [field]: '1234' }))
    })
  }

  it('an address of empty lines is blank; one digit among them is saved', async () => {
    await assertFails(saveKid({ address: ' \n \n' }))
    await assertSucceeds(saveKid({ address: ' \n1\n' }))
  })

  it('a line break only in the address', async () => {
    for (const field of ONE_LINE_KID_FIELDS) {
      await assertFails(saveKid({ [field]: '12\n34' }))
      await assertSucceeds(saveKid({ [field]: '12 34' }))
    }
    await assertSucceeds(saveKid({ address: '12 Palm Close\nOsongama Estate\n\nUyo' }))
    await assertFails(saveKid({ address: '12 Palm Close\r\nUyo' }))
  })

  it('right-to-left text and other scripts are saved as they are', async () => {
    await assertSucceeds(
      saveKid({ kidName: 'عمارة أوبي', parentName: 'נגוזי', address: 'शांति मार्ग 12\n漢字 通り 3' }),
    )
    // Marks that are not embeddings, overrides or isolates (LRM, RLM, ZWJ in an emoji) are kept.
    await assertSucceeds(saveKid({ kidName: 'Amara\u200E Obi\u200F', parentName: '👨‍👩‍👧 Obi' }))
  })

  it('an edit is held to the same text rules as a create', async () => {
    const id = newRandomId()
    await assertSucceeds(saveKid({}, id))
    await assertFails(updateDoc(doc(alice(), 'kids', id), { kidName: '   ', timestamp: serverTimestamp() }))
    await assertFails(
      updateDoc(doc(alice(), 'kids', id), { kidName: 'Amara\u202E', timestamp: serverTimestamp() }),
    )
    await assertFails(updateDoc(doc(alice(), 'kids', id), { kidAge: '4\n', timestamp: serverTimestamp() }))
    await assertSucceeds(
      updateDoc(doc(alice(), 'kids', id), { kidName: 'Amara', timestamp: serverTimestamp() }),
    )
  })

  it('limits count characters: at each limit in emoji is saved, one more is refused', async () => {
    for (const [field, max] of Object.entries(KID_TEXT_MAX)) {
      if (field === 'kidAge') continue // only an older record's, kept unchanged (kid-age.test.ts)
      const atLimit = '😀'.repeat(max)
      expect(characterCount(atLimit)).toBe(max)
      await assertSucceeds(saveKid({ [field]: atLimit }))
      await assertFails(saveKid({ [field]: `${atLimit}😀` }))
    }
  })
})

describe('kids/{kidId}: ids in the app’s format', () => {
  it('creates a record only under a 20-letter-and-digit id, as newRandomId makes', async () => {
    await assertSucceeds(saveKid({}, newRandomId()))
    await assertSucceeds(saveKid({}, 'AbCdEfGhIjKlMnOpQr09'))
    for (const id of [
      'k1',
      'AbCdEfGhIjKlMnOpQr0', // 19
      'AbCdEfGhIjKlMnOpQr012', // 21
      'AbCdEfGhIjKlMnOpQr-9',
      'AbCdEfGhIjKlMnOpQr_9',
      'AbCdEfGhIjKlMnOpQr.9',
      'AbCdEfGhIjKlMnOpQrsé',
      'AbCdEfGhIjKlMnOpQr 9',
    ]) {
      await refused(saveKid({}, id), id)
    }
  })
})

describe('kids/{kidId}: a read of a missing record', () => {
  async function seed(id: string, owner: string) {
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(db(context), 'kids', id), {
        ...kid({ userRef: owner, imgUrls: [photo(1, owner)] }),
        timestamp: Timestamp.now(),
      })
    })
  }

  it('under any id not in the app’s format, is refused exactly like another parent’s record', async () => {
    const bobsOdd = 'bobs-own-record'
    await seed(bobsOdd, 'bob')
    // Another parent's record, and a missing one: both refused.
    await assertFails(getDoc(doc(alice(), 'kids', bobsOdd)))
    for (const id of ['nope', 'k1', 'no-such-record', 'AbCdEfGhIjKlMnOpQr0', 'AbCdEfGhIjKlMnOpQr-9']) {
      await refused(getDoc(doc(alice(), 'kids', id)), id)
    }
    // The owner still reads their own record under that id (records made before ids were checked).
    await assertSucceeds(getDoc(doc(bob(), 'kids', bobsOdd)))
  })

  it('under an app-format id, a signed-in parent is told only "no record" (the outbox listens there)', async () => {
    const id = newRandomId()
    await assertSucceeds(getDoc(doc(alice(), 'kids', id)))
    await assertFails(getDoc(doc(visitor(), 'kids', id)))
    // Once someone else's record is there, it is refused.
    await seed(id, 'bob')
    await assertFails(getDoc(doc(alice(), 'kids', id)))
    await assertSucceeds(getDoc(doc(bob(), 'kids', id)))
  })

  it('the owner’s listener opened before the first save sees "no record", then the record', async () => {
    const id = newRandomId()
    const seen = await new Promise<boolean[]>((resolve, reject) => {
      const states: boolean[] = []
      const stop = onSnapshot(
        doc(alice(), 'kids', id),
        (snapshot) => {
          if (snapshot.metadata.hasPendingWrites || snapshot.metadata.fromCache) return
          states.push(snapshot.exists())
          if (snapshot.exists()) {
            stop()
            resolve(states)
          } else if (states.length === 1) {
            saveKid({}, id).catch(reject)
          }
        },
        reject,
      )
    })
    expect(seen).toEqual([false, true])
  })
})

describe('users/{uid}: the name', () => {
  it('refuses a blank name; the same spaces around a letter are saved', async () => {
    for (const blank of BLANKS) {
      await assertFails(createUser(blank))
      await assertSucceeds(createUser(`${blank}A${blank}`))
    }
  })

  it('refuses each control and bidi class, and a line break; the plain name is saved', async () => {
    for (const [name, char] of Object.entries(FORBIDDEN)) {
      await refused(createUser(`Ali${char}ce`), name)
    }
    await assertFails(createUser('Alice\nLiddell'))
    await assertSucceeds(createUser('Alice Liddell'))
  })

  it('an update of the name is held to the same rules', async () => {
    await assertSucceeds(createUser('Alice'))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { name: ' ' }))
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { name: '\u202EecilA' }))
    await assertSucceeds(updateDoc(doc(alice(), 'users/alice'), { name: 'Alice L' }))
  })

  it('80 characters in emoji are saved, 81 refused', async () => {
    await assertSucceeds(createUser('😀'.repeat(80)))
    await assertFails(createUser('😀'.repeat(81)))
  })
})
