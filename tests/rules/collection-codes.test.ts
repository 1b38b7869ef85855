// firestore.rules for collection codes (issue 51; docs/decisions/0070-attendance-records-and-collection-
// codes.md): the plain codes in collectionCodes/{kidId}, the family's only; their verifiers in
// codeChecks/{kidId}, which verified staff read to check a code at the door offline. The child's owner
// writes both in one batch once the enrolment file is theirs; nobody deletes them by hand. Each refusal
// beside its accepted control.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing'
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
} from 'firebase/firestore'
import { beforeEach, describe, it } from 'vitest'
import { asServer, confirmedChild, KID, people } from './day-fixtures'
import { useRulesEnvironment } from './rules-environment'

const rules = useRulesEnvironment('demo-sunbeam-rules-collection-codes', 'firestore')
const who = () => people(rules.env)
type Store = ReturnType<ReturnType<typeof who>['alice']>

const ada = { name: 'Ada Eze', relation: 'Aunt' }
const obi = { name: 'Obi Eze', relation: 'Uncle' }
const code = (person: typeof ada, digits: string) => ({ ...person, code: digits })
const verifier = (person: typeof ada, overrides: Record<string, unknown> = {}) => ({
  ...person,
  salt: 'AAECAwQFBgcICQoLDA0ODw',
  hash: 'q'.repeat(43),
  iterations: 300_000,
  ...overrides,
})

/** Both records in one batch, as the parent's adapter writes them. */
function save(
  store: Store,
  codes: readonly unknown[] = [code(ada, '04827193'), code(obi, '55501234')],
  verifiers: readonly unknown[] = [verifier(ada), verifier(obi)],
  extra: { codes?: Record<string, unknown>; checks?: Record<string, unknown> } = {},
) {
  const batch = writeBatch(store)
  batch.set(doc(store, 'collectionCodes', KID), {
    codes,
    userRef: 'alice',
    savedAt: serverTimestamp(),
    ...extra.codes,
  })
  batch.set(doc(store, 'codeChecks', KID), {
    people: verifiers,
    userRef: 'alice',
    savedAt: serverTimestamp(),
    ...extra.checks,
  })
  return batch.commit()
}

const enrolmentFile = (userRef = 'alice') =>
  asServer(rules.env, `enrolments/${KID}`, { collectors: [{ ...ada, phone: '0803 555 0199' }], userRef })

beforeEach(async () => {
  await confirmedChild(rules.env)
})

describe('who writes the codes', () => {
  it('the child’s owner once the enrolment file is theirs; not before, not another family', async () => {
    await assertFails(save(who().alice()))
    await enrolmentFile('bob')
    await assertFails(save(who().alice()))
    await enrolmentFile()
    await assertFails(save(who().bob()))
    await assertFails(save(who().sam()))
    await assertSucceeds(save(who().alice()))
    // Changed later (a new code for Ada): the same batch again.
    await assertSucceeds(save(who().alice(), [code(ada, '11112222'), code(obi, '55501234')]))
  })

  it('both records in one batch, as many people in each', async () => {
    await enrolmentFile()
    const alone = (store: Store) =>
      setDoc(doc(store, 'codeChecks', KID), {
        people: [verifier(ada)],
        userRef: 'alice',
        savedAt: serverTimestamp(),
      })
    await assertFails(alone(who().alice()))
    await assertFails(save(who().alice(), [code(ada, '04827193')], [verifier(ada), verifier(obi)]))
    await assertSucceeds(save(who().alice()))
    // Once both exist, one of them alone is still refused (the other's time is not this write's).
    await assertFails(alone(who().alice()))
    await assertFails(
      setDoc(doc(who().alice(), 'collectionCodes', KID), {
        codes: [code(ada, '04827193'), code(obi, '55501234')],
        userRef: 'alice',
        savedAt: serverTimestamp(),
      }),
    )
  })

  it('nobody deletes them by hand', async () => {
    await enrolmentFile()
    await assertSucceeds(save(who().alice()))
    await assertFails(deleteDoc(doc(who().alice(), 'collectionCodes', KID)))
    await assertFails(deleteDoc(doc(who().alice(), 'codeChecks', KID)))
    await assertFails(deleteDoc(doc(who().sam(), 'codeChecks', KID)))
  })
})

describe('what they hold', () => {
  beforeEach(() => enrolmentFile())

  it('codes of 8 digits, at most 4 people, names bounded', async () => {
    await assertFails(save(who().alice(), [code(ada, '4827193'), code(obi, '55501234')]))
    await assertFails(save(who().alice(), [code(ada, '0482719a'), code(obi, '55501234')]))
    await assertFails(
      save(who().alice(), [code({ ...ada, name: 'A'.repeat(161) }, '04827193'), code(obi, '55501234')]),
    )
    await assertFails(save(who().alice(), [{ ...code(ada, '04827193'), phone: '1' }, code(obi, '55501234')]))
    const five = [1, 2, 3, 4, 5].map((n) => ({ name: `P${n}`, relation: 'Friend' }))
    await assertFails(
      save(
        who().alice(),
        five.map((p) => code(p, '12345678')),
        five.map((p) => verifier(p)),
      ),
    )
    await assertSucceeds(
      save(
        who().alice(),
        five.slice(1).map((p) => code(p, '12345678')),
        five.slice(1).map((p) => verifier(p)),
      ),
    )
  })

  it('verifiers: a 16-byte salt, a 32-byte hash, 100,000 to 2,000,000 iterations', async () => {
    const codes = [code(ada, '04827193'), code(obi, '55501234')]
    await assertFails(save(who().alice(), codes, [verifier(ada, { salt: 'short' }), verifier(obi)]))
    await assertFails(save(who().alice(), codes, [verifier(ada, { hash: '04827193' }), verifier(obi)]))
    await assertFails(save(who().alice(), codes, [verifier(ada, { iterations: 99_999 }), verifier(obi)]))
    await assertFails(save(who().alice(), codes, [verifier(ada, { iterations: 2_000_001 }), verifier(obi)]))
    await assertFails(save(who().alice(), codes, [verifier(ada, { iterations: 300_000.5 }), verifier(obi)]))
    await assertFails(save(who().alice(), codes, [verifier(ada, { code: '04827193' }), verifier(obi)]))
    await assertSucceeds(
      save(who().alice(), codes, [
        verifier(ada, { iterations: 100_000 }),
        verifier(obi, { iterations: 2_000_000 }),
      ]),
    )
  })

  it('the family’s own, at the server’s time, nothing else', async () => {
    await assertFails(save(who().alice(), undefined, undefined, { codes: { userRef: 'bob' } }))
    await assertFails(save(who().alice(), undefined, undefined, { checks: { savedAt: Timestamp.now() } }))
    await assertFails(save(who().alice(), undefined, undefined, { checks: { note: 'x' } }))
    await assertSucceeds(save(who().alice()))
  })
})

describe('who reads them', () => {
  beforeEach(async () => {
    await enrolmentFile()
    await assertSucceeds(save(who().alice()))
  })

  it('the family reads both; staff read the verifiers only, never a plain code', async () => {
    await assertSucceeds(getDoc(doc(who().alice(), 'collectionCodes', KID)))
    await assertSucceeds(getDoc(doc(who().alice(), 'codeChecks', KID)))
    await assertSucceeds(getDoc(doc(who().sam(), 'codeChecks', KID)))
    await assertSucceeds(getDocs(collection(who().sam(), 'codeChecks')))
    await assertFails(getDoc(doc(who().sam(), 'collectionCodes', KID)))
    await assertFails(getDocs(collection(who().sam(), 'collectionCodes')))
  })

  it('before any code is made, the child’s owner reads none; another parent is refused', async () => {
    const other = 'NoCodesYet0000000000'
    await asServer(rules.env, `kids/${other}`, { userRef: 'alice', kidName: 'Obi' })
    await assertSucceeds(getDoc(doc(who().alice(), 'collectionCodes', other)))
    await assertSucceeds(getDoc(doc(who().alice(), 'codeChecks', other)))
    await assertFails(getDoc(doc(who().bob(), 'collectionCodes', other)))
    await assertFails(getDoc(doc(who().bob(), 'codeChecks', other)))
  })

  it('the family follows the codes as a query by the child’s id and their uid, before and after', async () => {
    const byIdAndOwner = (store: Store, kidId: string, uid: string) =>
      query(
        collection(store, 'collectionCodes'),
        where(documentId(), '==', kidId),
        where('userRef', '==', uid),
      )
    const other = 'NoCodesYet0000000000'
    await asServer(rules.env, `kids/${other}`, { userRef: 'alice', kidName: 'Obi' })
    await assertSucceeds(getDocs(byIdAndOwner(who().alice(), other, 'alice')))
    await assertSucceeds(getDocs(byIdAndOwner(who().alice(), KID, 'alice')))
    // Another parent, staff, a list by owner alone: refused.
    await assertFails(getDocs(byIdAndOwner(who().bob(), KID, 'bob')))
    await assertFails(getDocs(byIdAndOwner(who().bob(), other, 'alice')))
    await assertFails(getDocs(byIdAndOwner(who().sam(), KID, 'alice')))
    await assertFails(
      getDocs(query(collection(who().alice(), 'collectionCodes'), where('userRef', '==', 'alice'))),
    )
  })

  it('another parent and the unverified claim read neither', async () => {
    await assertFails(getDoc(doc(who().bob(), 'collectionCodes', KID)))
    await assertFails(getDoc(doc(who().bob(), 'codeChecks', KID)))
    await assertFails(getDoc(doc(who().unverified(), 'codeChecks', KID)))
    await assertFails(getDocs(collection(who().unverified(), 'codeChecks')))
    await assertFails(getDocs(collection(who().alice(), 'codeChecks')))
  })

  it('records of a family the child no longer belongs to stay theirs (decision 0035)', async () => {
    await asServer(rules.env, `collectionCodes/${KID}`, {
      codes: [code(ada, '04827193')],
      userRef: 'carol',
      savedAt: Timestamp.now(),
    })
    await assertFails(getDoc(doc(who().alice(), 'collectionCodes', KID)))
    await assertFails(save(who().alice()))
  })
})
