// One form field as every form writes it: a label, an optional hint and error under the control, and
// the control told which of them describe it (aria-describedby) and whether it is invalid. And the
// forms' length limits, counted as the records and firestore.rules count them: in characters (code
// points), an emoji is 1. The `maxLength` attribute counts UTF-16 units (an emoji is 2), so a name of
// emoji would stop at half the limit: the forms give it no `maxLength` and pass each change through
// limitCharacters. One module importing nothing of ours, so the sign-in and sign-up routes gain one chunk
// and no more: every chunk a route needs is named in the route tree, which every page loads (0019).
import { type ReactNode, useId } from 'react'

/** What the control must carry to be tied to its label, hint and error. */
export interface FieldControlProps {
  readonly id: string
  readonly 'aria-describedby': string | undefined
  readonly 'aria-invalid': true | undefined
}

export interface FieldProps {
  readonly label: ReactNode
  readonly hint?: ReactNode
  /** Where the hint sits: under the control (the default), or between the label and the control. */
  readonly hintPlacement?: 'after' | 'before'
  /** Shown under the control; the control is marked invalid while there is one. */
  readonly error?: ReactNode
  /** Invalid without an error of its own (the message is elsewhere, listed in `describedBy`). */
  readonly invalid?: boolean
  /** Ids of other elements that also describe the control (empty ones are skipped). */
  readonly describedBy?: readonly (string | false | null | undefined)[]
  /** The feature's class names: `{prefix}-field`, `{prefix}-hint`, `{prefix}-error`. */
  readonly classPrefix: string
  /** The control's id, when something else needs to know it (focusing it); one is made otherwise. */
  readonly id?: string
  readonly children: (control: FieldControlProps) => ReactNode
}

export function Field(props: FieldProps) {
  const { label, hint, error, classPrefix, children } = props
  const madeId = useId()
  const id = props.id ?? madeId
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const hasError = error !== undefined && error !== null && error !== false && error !== ''
  const describedBy = [hint ? hintId : null, hasError ? errorId : null, ...(props.describedBy ?? [])]
    .filter(Boolean)
    .join(' ')
  const hintText = hint && (
    <p id={hintId} className={`${classPrefix}-hint`}>
      {hint}
    </p>
  )
  const before = props.hintPlacement === 'before'
  return (
    <div className={`${classPrefix}-field`}>
      <label htmlFor={id}>{label}</label>
      {before && hintText}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': hasError || props.invalid ? true : undefined,
      })}
      {!before && hintText}
      {hasError && (
        <p id={errorId} className={`${classPrefix}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * What a text control holds after a change from `previous` to `next`, at most `max` characters: as the
 * browser's maxLength does, typing past the limit is refused and text added at the end is cut to fit.
 * A change that does not lengthen the text is always taken (a longer stored value can still be shortened).
 */
export function limitCharacters(previous: string, next: string, max: number): string {
  // Characters as record-text.ts counts them (code points): Array.from splits a string into them.
  const chars = Array.from(next)
  const before = Array.from(previous).length
  if (chars.length <= max || chars.length <= before) return next
  // Typed or pasted at the end: keep what fits. Anywhere else: refuse the change, as maxLength does.
  return next.startsWith(previous) ? chars.slice(0, Math.max(max, before)).join('') : previous
}
