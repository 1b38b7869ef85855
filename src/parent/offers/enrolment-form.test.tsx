// The enrolment form's documents: the bytes decide what a picked file is (issue 50), and the name kept
// is a clean one with the type's own extension.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { documentMessages, type EnrolmentFields } from '#shared/records/enrolment-record'
import { EnrolmentForm } from './enrolment-form'

const pdf = (name: string, text = '%PDF-1.4\n% a plan\n%%EOF\n') =>
  new File([text], name, { type: 'application/pdf' })

function renderForm() {
  const onSave = vi.fn(async (_fields: EnrolmentFields, _picked: readonly unknown[]) => undefined)
  render(<EnrolmentForm kidName="Amara" userId="parent1" saved={null} onSave={onSave} />)
  return { user: userEvent.setup({ delay: null }), onSave }
}

describe('a document picked in the enrolment file', () => {
  it('is refused, in words, when its bytes are not a PDF or a photo, whatever its name says', async () => {
    const { user } = renderForm()
    const input = screen.getByLabelText('Action plan (optional)')
    await user.upload(input, pdf('asthma-plan.pdf', '<html><script>alert(1)</script></html>'))
    expect(await screen.findByText(documentMessages.notDocument)).toBeInTheDocument()
    expect(screen.queryByText(/^Added:/)).toBeNull()
    // The control: the same name with a PDF's bytes is added.
    await user.upload(input, pdf('asthma-plan.pdf'))
    expect(await screen.findByText('asthma-plan.pdf')).toBeInTheDocument()
    expect(screen.queryByText(documentMessages.notDocument)).toBeNull()
  })

  it("is kept under a clean name with its type's extension", async () => {
    const { user, onSave } = renderForm()
    await user.upload(screen.getByLabelText('Action plan (optional)'), pdf('immunisation\u202Efdp.exe'))
    expect(await screen.findByText('immunisationfdp.exe.pdf')).toBeInTheDocument()
    // And so it is written: the record names it as shown.
    await user.click(screen.getByRole('button', { name: 'Save the file' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]?.[0].actionPlan).toMatchObject({
      type: 'application/pdf',
      fileName: 'immunisationfdp.exe.pdf',
    })
  })
})
