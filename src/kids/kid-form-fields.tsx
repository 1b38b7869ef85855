// The add/edit form's controls, each in the shared Field (label, hint, error, aria-describedby).
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
