// 'Collected' asks who: a person the enrolment file allows (their collection code, when staff ask for it,
// is checked here on the device, offline: checkCollectionCode; a person with no code yet is said so), or someone else (name, relation, phone),
// who may collect only with the parent's permission: their 'Someone else collects today' message, or a
// call to the parent, whose number is shown to call. The file's 'must not collect' note is shown first.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  type CollectionPermission,
  type Collector,
  collectorMessages,
  normalizeCollector,
  validateCollector,
} from '#shared/records/attendance-record'
import {
  type CodeVerifier,
  checkCollectionCode,
  codeMessages,
  entryFor,
} from '#shared/records/collection-code'
import type { StoredTellMessage } from '#shared/records/tell-the-centre-record'
import { Field } from '#shared/ui/field'
import type { DoorRow } from './today-view'

export interface CollectPanelProps {
  readonly row: DoorRow
  /** The verifiers of the child's codes (undefined: none on this device). */
  readonly verifiers: readonly CodeVerifier[] | undefined
  readonly onRecord: (collector: Collector) => void
  readonly onCancel: () => void
}

type Choice = `file:${number}` | 'other' | ''
type Permission = `message:${string}` | 'call' | ''

export function CollectPanel({ row, verifiers, onRecord, onCancel }: CollectPanelProps) {
  const { child } = row
  const people = child.collectors ?? []
  const headingId = useId()
  const firstRef = useRef<HTMLInputElement>(null)
  const [choice, setChoice] = useState<Choice>('')
  const [code, setCode] = useState('')
  const [checking, setChecking] = useState(false)
  const [other, setOther] = useState({ name: '', relation: '', phone: '' })
  const [permission, setPermission] = useState<Permission>('')
  const [call, setCall] = useState({ name: child.parentName, phone: child.parentPhone })
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})

  useEffect(() => firstRef.current?.focus(), [])

  const person = choice.startsWith('file:') ? people[Number(choice.slice(5))] : undefined
  // The person's verifier on this device: without one, no code can be checked (the parent made none).
  const verifier = person && verifiers ? entryFor(verifiers, person) : null
  const messages: readonly StoredTellMessage[] = row.someoneElse

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (choice === '') return setErrors({ choice: 'Choose who collects' })
    if (person) {
      if (!verifier || code.trim() === '') return onRecord(fileCollector(false))
      setChecking(true)
      const matches = await checkCollectionCode(code, verifier)
      setChecking(false)
      if (!matches) return setErrors({ code: codeMessages.wrong })
      return onRecord(fileCollector(true))
    }
    const allowedBy: CollectionPermission | null = permission.startsWith('message:')
      ? { how: 'message', messageId: permission.slice(8) }
      : permission === 'call'
        ? { how: 'call', name: call.name, phone: call.phone }
        : null
    const collector = normalizeCollector({
      from: 'other',
      ...other,
      allowedBy: allowedBy ?? { how: 'message', messageId: '' },
    })
    const found = validateCollector(collector)
    if (!allowedBy) found.allowedBy = collectorMessages.allowedBy
    setErrors(found)
    if (Object.keys(found).length === 0) onRecord(collector)
  }

  function fileCollector(codeChecked: boolean): Collector {
    return { from: 'file', name: person?.name ?? '', relation: person?.relation ?? '', codeChecked }
  }

  function takeMessage(message: StoredTellMessage) {
    const f = message.fields
    if (f.kind !== 'someone-else') return
    setOther({ name: f.name, relation: f.relation, phone: f.phone })
    setPermission(`message:${message.id}`)
  }

  return (
    <form className="today-collect" aria-labelledby={headingId} onSubmit={(e) => void submit(e)} noValidate>
      <h4 id={headingId}>Who collects {child.kidName}?</h4>
      {child.mustNotCollect && (
        <p className="notice notice--error today-must-not">
          <strong>Must not collect:</strong> {child.mustNotCollect}
        </p>
      )}
      <fieldset className="today-choices">
        <legend className="visually-hidden">Who collects {child.kidName}</legend>
        {people.length === 0 && <p className="centre-muted">Nobody is named in the enrolment file yet.</p>}
        {people.map((p, index) => (
          <label key={`${p.name}|${p.relation}`} className="today-choice">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name="collector"
              checked={choice === `file:${index}`}
              onChange={() => {
                setChoice(`file:${index}`)
                setErrors({})
              }}
            />
            {p.name} ({p.relation})
          </label>
        ))}
        <label className="today-choice">
          <input
            ref={people.length === 0 ? firstRef : undefined}
            type="radio"
            name="collector"
            checked={choice === 'other'}
            onChange={() => {
              setChoice('other')
              setErrors({})
            }}
          />
          Someone else
        </label>
        {errors.choice && (
          <p className="centre-problem" role="alert">
            {errors.choice}
          </p>
        )}
      </fieldset>

      {person && !verifier && <p className="today-hint">{codeMessages.none}.</p>}
      {person && verifier && (
        <Field
          classPrefix="today"
          label={`${person.name}'s collection code (if you asked for it)`}
          hint="8 digits. Checked on this device, with or without a connection."
          error={errors.code}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={code}
              onChange={(e) => {
                setCode(e.target.value)
                setErrors({})
              }}
            />
          )}
        </Field>
      )}

      {choice === 'other' && (
        <div className="today-other">
          {messages.map((message) =>
            message.fields.kind === 'someone-else' ? (
              <label key={message.id} className="today-choice">
                <input
                  type="radio"
                  name="permission"
                  checked={permission === `message:${message.id}`}
                  onChange={() => takeMessage(message)}
                />
                The parent told us: {message.fields.name} ({message.fields.relation}) collects today
              </label>
            ) : null,
          )}
          {(['name', 'relation', 'phone'] as const).map((part) => (
            <Field
              key={part}
              classPrefix="today"
              label={{ name: 'Their name', relation: 'Relation to the child', phone: 'Their phone' }[part]}
              error={errors[part]}
            >
              {(control) => (
                <input
                  {...control}
                  type={part === 'phone' ? 'tel' : 'text'}
                  value={other[part]}
                  onChange={(e) => setOther({ ...other, [part]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <p>
            Someone not on the list may collect only with the parent’s permission. Call {child.parentName}:{' '}
            <a href={`tel:${child.parentPhone.replace(/[^0-9+]/g, '')}`}>{child.parentPhone}</a>
          </p>
          <label className="today-choice">
            <input
              type="radio"
              name="permission"
              checked={permission === 'call'}
              onChange={() => setPermission('call')}
            />
            I called the parent and they said yes
          </label>
          {permission === 'call' && (
            <>
              <Field classPrefix="today" label="Who said yes" error={errors['allowedBy.name']}>
                {(control) => (
                  <input
                    {...control}
                    value={call.name}
                    onChange={(e) => setCall({ ...call, name: e.target.value })}
                  />
                )}
              </Field>
              <Field classPrefix="today" label="The number you called" error={errors['allowedBy.phone']}>
                {(control) => (
                  <input
                    {...control}
                    type="tel"
                    value={call.phone}
                    onChange={(e) => setCall({ ...call, phone: e.target.value })}
                  />
                )}
              </Field>
            </>
          )}
          {errors.allowedBy && (
            <p className="centre-problem" role="alert">
              {errors.allowedBy}
            </p>
          )}
        </div>
      )}

      <div className="today-collect__actions">
        <button type="submit" className="button button--primary" disabled={checking}>
          {checking ? 'Checking the code…' : 'Record collection'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
