// 'E-mails to the centre' at /centre: whether the centre's address gets an e-mail for each new
// registration and for each new inquiry (functions/src/centre-mail.ts sends them; more than five in ten
// minutes come as one digest). Saved on each change, offline too (sent on reconnecting).
import { useEffect, useId, useState } from 'react'
import type { CentrePort } from '#shared/backend/centre-ports'
import type { CentreMailChoices } from '#shared/records/centre-settings'

export function MailChoices({ port }: { readonly port: CentrePort }) {
  const [choices, setChoices] = useState<CentreMailChoices | null>(null)
  const [failed, setFailed] = useState(false)
  const headingId = useId()
  useEffect(
    () =>
      port.watchMailChoices(setChoices, (error) => {
        console.warn("The centre's e-mail choices could not be read", error)
        setFailed(true)
      }),
    [port],
  )

  function change(next: CentreMailChoices) {
    setChoices(next)
    port.setMailChoices(next).then(
      ({ sent }) => {
        sent.catch(() => setFailed(true))
      },
      () => setFailed(true),
    )
  }

  if (choices === null) return null
  return (
    <section className="centre-mail" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mails to the centre</h2>
      <p>
        The centre's address gets an e-mail for each of these (more than five within ten minutes come as one):
      </p>
      <label className="centre-mail__choice">
        <input
          type="checkbox"
          checked={choices.registrations}
          onChange={(event) => change({ ...choices, registrations: event.target.checked })}
        />
        A new registration
      </label>
      <label className="centre-mail__choice">
        <input
          type="checkbox"
          checked={choices.inquiries}
          onChange={(event) => change({ ...choices, inquiries: event.target.checked })}
        />
        A new inquiry
      </label>
      {failed ? (
        <p className="notice notice--error" role="alert">
          The choice could not be saved. Please sign in again or try later.
        </p>
      ) : null}
    </section>
  )
}
