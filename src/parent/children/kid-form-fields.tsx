// The add/edit form's controls, each in the shared Field (label, hint, error, aria-describedby).
import { KID_AGE_MAX_YEARS, type KidAgeInput } from '#shared/records/kid-age'
import { Field, limitCharacters } from '#shared/ui/field'

export interface KidTextInputProps {
  readonly id: string
  readonly name: string
  readonly label: string
  readonly value: string
  /** Longest value in characters (an emoji is 1), as the record and the rules count it. */
  readonly max: number
  readonly error: string | undefined
  readonly onChange: (value: string) => void
  readonly autoComplete?: string
  readonly multiline?: boolean
  readonly type?: 'text' | 'tel'
}

export function KidTextInput(props: KidTextInputProps) {
  const { value, max } = props
  const change = (next: string) => props.onChange(limitCharacters(value, next, max))
  return (
    <Field id={props.id} label={props.label} error={props.error} classPrefix="kid">
      {(control) =>
        props.multiline ? (
          <textarea
            {...control}
            name={props.name}
            value={value}
            required
            rows={3}
            autoComplete={props.autoComplete}
            onChange={(e) => change(e.target.value)}
          />
        ) : (
          <input
            {...control}
            name={props.name}
            value={value}
            required
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete ?? 'off'}
            onChange={(e) => change(e.target.value)}
          />
        )
      }
    </Field>
  )
}

export interface KidChoiceProps {
  readonly id: string
  readonly name: string
  readonly label: string
  readonly value: string
  readonly choices: readonly string[]
  /**
   * The value the child's stored record holds, when the form does not offer it (an older app, the
   * console): it stays a choice, shown as saved, so an edit keeps it unless the parent picks another.
   */
  readonly kept: string | undefined
  readonly error: string | undefined
  readonly onChange: (value: string) => void
}

/** The text of the option for a kept value the form does not offer. */
export function keptChoiceText(value: string): string {
  return `${value} (as saved)`
}

export function KidChoice(props: KidChoiceProps) {
  const { value, choices, kept } = props
  const known = choices.includes(value)
  return (
    <Field id={props.id} label={props.label} error={props.error} classPrefix="kid">
      {(control) => (
        <select
          {...control}
          name={props.name}
          required
          value={value}
          onChange={(e) => {
            const next = e.target.value
            if (choices.includes(next) || next === kept) props.onChange(next)
          }}
        >
          {/* A record with no value at all: nothing is chosen for the parent, who must pick one. */}
          {!known && value === '' && (
            <option value="" disabled>
              Choose…
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
          {kept !== undefined && <option value={kept}>{keptChoiceText(kept)}</option>}
        </select>
      )}
    </Field>
  )
}

export function DisabilityToggle(props: {
  readonly id: string
  readonly legend: string
  readonly value: boolean
  readonly onChange: (value: boolean) => void
}) {
  return (
    <fieldset id={props.id} className="kid-field kid-fieldset">
      <legend className="kid-label">{props.legend}</legend>
      <div className="kid-toggle">
        <button type="button" aria-pressed={props.value} onClick={() => props.onChange(true)}>
          Yes
        </button>
        <button type="button" aria-pressed={!props.value} onClick={() => props.onChange(false)}>
          No
        </button>
      </div>
    </fieldset>
  )
}

export interface KidAgeFieldProps {
  /** The years box's id (focused when the age has an error); the months box's is `${id}-months`. */
  readonly id: string
  readonly legend: string
  readonly value: KidAgeInput
  /** An older record's free-text age, kept while both boxes stay empty. */
  readonly keptText: string
  readonly error: string | undefined
  readonly onChange: (value: KidAgeInput) => void
}

/** Child Age: whole years and months, each in its own box (kid-age.ts). */
export function KidAgeField(props: KidAgeFieldProps) {
  const { id, value, keptText, error } = props
  const hintId = `${id}-age-hint`
  const errorId = `${id}-age-error`
  const describedBy =
    [keptText ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const box = (part: keyof KidAgeInput, boxId: string, label: string, max: number) => (
    <div className="kid-age-part">
      <label htmlFor={boxId}>{label}</label>
      <input
        id={boxId}
        name={part === 'years' ? 'kidAgeYears' : 'kidAgeMonths'}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        // The years are required unless an older record's text stands for the age (months default to 0).
        required={part === 'years' && !keptText}
        value={value[part]}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => props.onChange({ ...value, [part]: e.target.value })}
      />
    </div>
  )
  return (
    <fieldset className="kid-field kid-fieldset kid-age">
      <legend className="kid-label">{props.legend}</legend>
      <div className="kid-age-parts">
        {box('years', id, 'Years', KID_AGE_MAX_YEARS)}
        {box('months', `${id}-months`, 'Months', 11)}
      </div>
      {keptText && (
        <p id={hintId} className="kid-hint">
          Saved as “{keptText}”. Enter years and months to replace it.
        </p>
      )}
      {error && (
        <p id={errorId} className="kid-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
