import { describe, expect, it } from 'vitest'
import {
  CODE_HASH_ITERATIONS,
  type CodeVerifier,
  checkCollectionCode,
  codesForCollectors,
  formatCollectionCode,
  hashCollectionCode,
  isCollectionCode,
  MIN_CODE_HASH_ITERATIONS,
  newCodeSalt,
  newCodeVerifier,
  newCollectionCode,
  parseCodeVerifiers,
  parseCollectionCodes,
  typedCode,
  verifiersFor,
} from './collection-code'

// The tests hash with the rules' floor: the same function, a third of the default's time on a busy core.
const FAST = MIN_CODE_HASH_ITERATIONS
const ada = { name: 'Ada Eze', relation: 'Aunt' }
const obi = { name: 'Obi Eze', relation: 'Uncle' }

describe('newCollectionCode', () => {
  it('makes 8 random digits, leading zeros kept, never one of the child’s other codes', () => {
    const codes = Array.from({ length: 200 }, () => newCollectionCode())
    for (const code of codes) expect(isCollectionCode(code)).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(195)
    const firstDigits = new Set(codes.map((code) => code[0]))
    expect(firstDigits.size).toBeGreaterThan(5)
  })

  it('draws again when the code is taken', () => {
    const taken = ['12345678']
    const original = crypto.getRandomValues.bind(crypto)
    let calls = 0
    crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
      calls += 1
      if (calls === 1 && array instanceof Uint32Array) array[0] = 12_345_678
      else if (calls === 2 && array instanceof Uint32Array)
        array[0] = 4_294_967_295 // above the limit
      else if (array instanceof Uint32Array) array[0] = 7
      return array
    }) as typeof crypto.getRandomValues
    try {
      expect(newCollectionCode(taken)).toBe('00000007')
      expect(calls).toBe(3)
    } finally {
      crypto.getRandomValues = original
    }
  })

  it('is shown in two groups of four and read back from what staff type', () => {
    expect(formatCollectionCode('04827193')).toBe('0482 7193')
    expect(typedCode(' 0482 7193 ')).toBe('04827193')
    expect(typedCode('0482-7193')).toBe('04827193')
  })
})

describe('hashCollectionCode and checkCollectionCode', () => {
  it('is PBKDF2-SHA256 of the code: the same salt and count give the same hash, another salt another', async () => {
    const salt = newCodeSalt()
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const hash = await hashCollectionCode('04827193', salt, FAST)
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await hashCollectionCode('04827193', salt, FAST)).toBe(hash)
    expect(await hashCollectionCode('04827193', newCodeSalt(), FAST)).not.toBe(hash)
    expect(await hashCollectionCode('04827194', salt, FAST)).not.toBe(hash)
  })

  it('is the PBKDF2-SHA256 that Node’s own crypto computes, from the salt’s bytes', async () => {
    const { pbkdf2Sync } = await import('node:crypto')
    const salt = 'AAECAwQFBgcICQoLDA0ODw'
    const expected = pbkdf2Sync('04827193', Buffer.from(salt, 'base64url'), FAST, 32, 'sha256').toString(
      'base64url',
    )
    expect(await hashCollectionCode('04827193', salt, FAST)).toBe(expected)
  })

  it('checks the typed code on the device: right, right with spaces, wrong, not a code', async () => {
    const verifier = await newCodeVerifier(ada, '04827193', FAST)
    expect(verifier).toMatchObject({ name: 'Ada Eze', relation: 'Aunt', iterations: FAST })
    expect(await checkCollectionCode('04827193', verifier)).toBe(true)
    expect(await checkCollectionCode('0482 7193', verifier)).toBe(true)
    expect(await checkCollectionCode('04827194', verifier)).toBe(false)
    expect(await checkCollectionCode('4827193', verifier)).toBe(false)
    expect(await checkCollectionCode('0482719a', verifier)).toBe(false)
  })

  it('never runs a verifier with too few or too many iterations', async () => {
    const verifier = await newCodeVerifier(ada, '04827193', FAST)
    expect(await checkCollectionCode('04827193', { ...verifier, iterations: FAST - 1 })).toBe(false)
    expect(await checkCollectionCode('04827193', { ...verifier, iterations: 1e9 })).toBe(false)
  })

  it('new verifiers use the default count, and its check is right', async () => {
    const started = performance.now()
    const verifier = await newCodeVerifier(ada, '55501234')
    expect(verifier.iterations).toBe(CODE_HASH_ITERATIONS)
    expect(await checkCollectionCode('55501234', verifier)).toBe(true)
    // Two hashes of the default count: a door's check is well under a second even here.
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('codes follow the file’s collectors', () => {
  it('keeps a listed person’s code, makes one for a new person, drops one no longer listed', () => {
    const before = [
      { ...ada, code: '11111111' },
      { name: 'Gone Away', relation: 'Friend', code: '22222222' },
    ]
    const codes = codesForCollectors([{ ...ada, name: ' ada eze ' }, obi, { name: '', relation: '' }], before)
    expect(codes).toHaveLength(2)
    expect(codes[0]?.code).toBe('11111111')
    expect(codes[1]).toMatchObject(obi)
    expect(isCollectionCode(codes[1]?.code)).toBe(true)
    expect(['11111111', '22222222']).not.toContain(codes[1]?.code)
  })

  it('changes the code of the person named, and only theirs', () => {
    const before = [
      { ...ada, code: '11111111' },
      { ...obi, code: '33333333' },
    ]
    const codes = codesForCollectors([ada, obi], before, ada)
    expect(codes[0]?.code).not.toBe('11111111')
    expect(codes[1]?.code).toBe('33333333')
  })

  it('hashes only what changed', async () => {
    const old = await newCodeVerifier(ada, '11111111', FAST)
    const codes = [
      { ...ada, code: '11111111' },
      { ...obi, code: '33333333' },
    ]
    const verifiers = await verifiersFor(codes, { codes: [{ ...ada, code: '11111111' }], verifiers: [old] })
    expect(verifiers[0]).toBe(old)
    const obiVerifier = verifiers[1]
    if (!obiVerifier) throw new Error('Obi has no verifier')
    expect(await checkCollectionCode('33333333', obiVerifier)).toBe(true)
  })
})

describe('reading what is stored', () => {
  it('keeps only entries the app writes', async () => {
    const good: CodeVerifier = await newCodeVerifier(ada, '11111111', FAST)
    expect(
      parseCodeVerifiers({ people: [good, { ...good, salt: 'short' }, { ...good, iterations: 10 }, null] }),
    ).toEqual([good])
    expect(parseCodeVerifiers(null)).toEqual([])
    expect(
      parseCollectionCodes({
        codes: [{ ...ada, code: '11111111' }, { ...obi, code: '1234' }, { code: '1' }],
      }),
    ).toEqual([{ ...ada, code: '11111111' }])
    expect(parseCollectionCodes({})).toEqual([])
  })
})
