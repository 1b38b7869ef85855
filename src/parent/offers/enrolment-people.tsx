// Rows of people in the enrolment form: emergency contacts, and those who may collect the child. Each
// row has its own labelled name, relation and phone, numbered for a screen reader ('Contact 2, Phone').
import { ENROLMENT_TEXT_MAX, type Person } from '#shared/records/enrolment-record'
import { Field, limitCharacters } from '#shared/ui/field'

export function PeopleRows({
  title,
  hint,
  itemName,
  fieldKey,
  people,
  max,
  errors,
  onChange,
}: {
  readonly title: string
  readonly hint: string
  /** 'Contact', 'Person': each row's heading. */
  readonly itemName: string
  readonly fieldKey: string
  readonly people: readonly Person[]
  readonly max: number
  readonly errors: Readonly<Record<string, string | undefined>>
  readonly onChange: (people: readonly Person[]) => void
}) {
  const set = (index: number, part: keyof Person, value: string) =>
    onChange(
      people.map((person, i) =>
        i === index
          ? { ...person, [part]: limitCharacters(person[part], value, ENROLMENT_TEXT_MAX[part]) }
          : person,
      ),
    )
  return (
    <fieldset className="enrolment-section">
      <legend>{title}</legend>
      <p className="kid-hint">{hint}</p>
      {people.map((person, index) => (
        // Rows are only added at the end and never move: the index names the row.
        <div className="enrolment-person" key={index}>
          <p className="enrolment-person-title">
            {itemName} {index + 1}
          </p>
          {(['name', 'relation', 'phone'] as const).map((part) => (
            <Field
              key={part}
              classPrefix="kid"
              label={
                <>
                  <span className="visually-hidden">
                    {itemName} {index + 1},{' '}
                  </span>
                  {part === 'name' ? 'Name' : part === 'relation' ? 'Relation to the child' : 'Phone'}
                </>
              }
              error={errors[`${fieldKey}.${index}.${part}`]}
            >
              {(control) => (
                <input
                  {...control}
                  type={part === 'phone' ? 'tel' : 'text'}
                  autoComplete="off"
                  value={person[part]}
                  onChange={(event) => set(index, part, event.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      ))}
      {people.length < max && (
        <button
          type="button"
          className="button button--ghost enrolment-add"
          onClick={() => onChange([...people, { name: '', relation: '', phone: '' }])}
        >
          Add another {itemName.toLowerCase()}
        </button>
      )}
    </fieldset>
  )
}
