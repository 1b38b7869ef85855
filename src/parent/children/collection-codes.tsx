// 'Collection codes' on the child's page (issue 51; docs/decisions/0079): each person the enrolment
// file allows to collect has a code of 8 digits made on this device (never chosen), shown as
// '4827 1930', with 'Share' (the Web Share API where the browser has it, else the clipboard, said) and
// 'Change code' (a new code, a new salt and hash: the old code stops matching at the door once sent).
// The codes are those this device keeps unsent (the outbox's job, kind 'collection-codes'), else the
// server's (from the cache first, so offline too). A person of the file with no code yet gets one here
// when online (a save of the file makes them too: enrolment-page.tsx).
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useRef, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { useEnrolmentFile, useQueuedEnrolment } from '#parent/offers/enrolment-data'
import { type CollectionCode, entryFor, formatCollectionCode } from '#shared/records/collection-code'
import { enrolmentFieldsOf, type Person } from '#shared/records/enrolment-record'

export const codeWords = {
  heading: 'Collection codes',
  hint: (kidName: string) =>
    `Each person allowed to collect ${kidName} has a code. Staff may ask for it at the door: share it with that person only.`,
  share: 'Share',
  change: 'Change code',
  making: 'Making a new code… this can take a few seconds on a phone',
  kept: 'Kept on this device until it is sent',
  copied: (name: string) => `Copied ${name}’s code: paste it into a message to them`,
  shared: (name: string) => `Shared ${name}’s code`,
  notCopied: 'This browser could not copy it: read the code out or write it down',
  changed: (name: string) => `${name} has a new code. The old one no longer works once this is sent`,
  dismiss: 'Dismiss',
} as const

/** What a shared code says: whose, for which child, and where. */
export function shareText(kidName: string, code: CollectionCode): string {
  return `Sunbeam: your code to collect ${kidName} is ${formatCollectionCode(code.code)} (${code.name}, ${code.relation}). Staff may ask for it at the door.`
}

const named = (people: readonly Person[]) => people.filter((person) => person.name.trim() !== '')

function disagree(people: readonly Person[], codes: readonly CollectionCode[]): boolean {
  return people.some((person) => !entryFor(codes, person)) || codes.some((code) => !entryFor(people, code))
}

export function CollectionCodes(props: {
  readonly kidId: string
  readonly userId: string
  readonly kidName: string
  readonly onServer: boolean
}) {
  const { kidId, userId, kidName, onServer } = props
  const { backend, outbox } = useParentScope()
  const kept = outbox.codes
  const id = useId()
  const server = useEnrolmentFile(kidId, onServer)
  const localFile = useQueuedEnrolment(kidId)
  const row = useLiveQuery(() => kept.rowOf(kidId), [kept, kidId])
  // undefined until the first answer; null: none stored (or not known here).
  const [stored, setStored] = useState<readonly CollectionCode[] | null | undefined>(undefined)
  const [busy, setBusy] = useState<string | null>(null)
  const [said, setSaid] = useState<string | null>(null)

  useEffect(() => {
    if (!onServer) return
    return backend.childDay.watchCollectionCodes(kidId, userId, setStored, () => setStored(null))
  }, [backend, kidId, userId, onServer])

  const file = localFile?.fields ?? (server ? enrolmentFieldsOf(server) : null)
  const people = file ? named(file.collectors) : []
  const codes = row?.codes ?? stored ?? []
  const known = localFile !== undefined && server !== undefined && row !== undefined && stored !== undefined

  // A person of the file without a code (or a code of someone removed): made here, online only (offline,
  // a device that never saw the codes cannot tell 'none' from 'not known here'; the file's save makes them).
  const mismatch = known && disagree(people, codes)
  // Tried once per state of the file and the codes: a refusal does not loop.
  const signature = JSON.stringify([people, codes])
  const tried = useRef<string | null>(null)
  useEffect(() => {
    if (!mismatch || busy !== null || !navigator.onLine || tried.current === signature) return
    tried.current = signature
    setBusy('')
    kept
      .follow(userId, kidId, people)
      .catch((error: unknown) => console.warn('The collection codes could not be made', error))
      .finally(() => setBusy(null))
  }, [mismatch, busy, kept, userId, kidId, people, signature])

  if (!file || people.length === 0) return null

  async function change(person: Person) {
    setSaid(null)
    setBusy(person.name)
    try {
      await kept.change(userId, kidId, people, person)
      setSaid(codeWords.changed(person.name))
    } finally {
      setBusy(null)
    }
  }

  async function share(code: CollectionCode) {
    const text = shareText(kidName, code)
    setSaid(null)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Sunbeam collection code', text })
        setSaid(codeWords.shared(code.name))
      } catch (error) {
        // Closed without sharing: nothing to say.
        if (!(error instanceof DOMException && error.name === 'AbortError')) setSaid(codeWords.notCopied)
      }
      return
    }
    try {
      await navigator.clipboard.writeText(text)
      setSaid(codeWords.copied(code.name))
    } catch {
      setSaid(codeWords.notCopied)
    }
  }

  return (
    <section className="collection-codes" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{codeWords.heading}</h2>
      <p className="kid-hint">{codeWords.hint(kidName)}</p>
      <ul className="collection-codes-list">
        {people.map((person) => {
          const code = entryFor(codes, person)
          return (
            <li key={`${person.name}|${person.relation}`} className="collection-code">
              <span className="collection-code-who">
                {person.name}
                {person.relation && ` (${person.relation})`}
              </span>
              <span className="collection-code-digits">{code ? formatCollectionCode(code.code) : '…'}</span>
              {code && (
                <span className="collection-code-actions">
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`${codeWords.share}: ${person.name}’s code`}
                    onClick={() => void share(code)}
                  >
                    {codeWords.share}
                  </button>
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`${codeWords.change}: ${person.name}`}
                    disabled={busy !== null}
                    onClick={() => void change(person)}
                  >
                    {codeWords.change}
                  </button>
                </span>
              )}
            </li>
          )
        })}
      </ul>
      <div role="status" className="collection-codes-status">
        {busy !== null ? (
          <p>{codeWords.making}</p>
        ) : (
          <>
            {said && <p>{said}</p>}
            {row?.state === 'queued' && <p>{codeWords.kept}</p>}
          </>
        )}
      </div>
      {row?.state === 'refused' && (
        <div className="notice" role="alert">
          <p>{row.error}</p>
          <button type="button" className="button button--ghost" onClick={() => void kept.dismiss(kidId)}>
            {codeWords.dismiss}
          </button>
        </div>
      )}
    </section>
  )
}
