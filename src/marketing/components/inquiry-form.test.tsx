import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { InquiryRefusedError } from '#shared/backend/inquiry-refused'
import type { InquirySubmission } from '#shared/records/inquiry-record'
import { createFakeInquiries } from '#testing/backend/fake-backend'
import { WAIT } from '#testing/timeouts'
import { InquiryForm, inquiryMessages, KEPT_NOTICE_DELAY_MS } from './inquiry-form'

/** Answered by the server at once (a connection that works). */
const sentAtOnce = () => Promise.resolve({ sent: Promise.resolve() })

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), '  Ada ')
  await user.type(screen.getByLabelText('Last name'), 'Okon')
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Subject'), 'A place in September')
  await user.type(screen.getByLabelText('Message'), 'Do you have room for a two-year-old?')
}

describe('InquiryForm', () => {
  it('has labelled, required fields named as the inquiry record, and a Submit Now button', () => {
    render(<InquiryForm />)
    const fields: [string, string][] = [
      ['First name', 'name'],
      ['Last name', 'lastName'],
      ['Email', 'email'],
      ['Subject', 'subject'],
      ['Message', 'message'],
    ]
    for (const [label, name] of fields) {
      const field = screen.getByLabelText(label)
      expect(field).toHaveAttribute('name', name)
      expect(field).toBeRequired()
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByRole('button', { name: 'Submit Now' })).toHaveAttribute('type', 'submit')
  })

  it('without a sender, does not reload the page and says plainly that sending is not available', async () => {
    const user = userEvent.setup()
    render(<InquiryForm />)
    await fillIn(user)
    // A document listener runs after React's handler: the default (a page reload) must be prevented.
    const submitted = vi.fn((event: Event) => event.defaultPrevented)
    document.addEventListener('submit', submitted)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    document.removeEventListener('submit', submitted)
    expect(submitted).toHaveBeenCalledTimes(1)
    expect(submitted).toHaveReturnedWith(true)
    expect(screen.getByRole('status')).toHaveTextContent(inquiryMessages.unavailable)
    expect(screen.queryByText(/thank you/i)).not.toBeInTheDocument()
    // Nothing was pretended: what the parent typed is still there.
    expect(screen.getByLabelText('Message')).toHaveValue('Do you have room for a two-year-old?')
  })

  it('sends the trimmed inquiry, thanks the sender and clears the form', async () => {
    const user = userEvent.setup()
    const onSend = vi.fn((_inquiry: InquirySubmission) => sentAtOnce())
    render(<InquiryForm onSend={onSend} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    expect(onSend).toHaveBeenCalledWith({
      name: 'Ada',
      lastName: 'Okon',
      email: 'ada@example.com',
      subject: 'A place in September',
      message: 'Do you have room for a two-year-old?',
      website: '',
    })
    expect(await screen.findByText(inquiryMessages.sent('Ada'))).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('')
  })

  it('has a honeypot field people never see or reach, whose value goes with the message', async () => {
    const onSend = vi.fn((_inquiry: InquirySubmission) => sentAtOnce())
    const { container } = render(<InquiryForm onSend={onSend} />)
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')
    expect(trap).not.toBeNull()
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull()
    // Not one of the form's named fields for people (a screen reader does not list it).
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument()
    // A bot fills it in: the value goes along, and the backend drops the message.
    const user = userEvent.setup()
    await fillIn(user)
    if (trap) trap.value = 'https://spam.example'
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ website: 'https://spam.example' }))
  })

  it('shows an error and keeps the text when sending fails', async () => {
    const user = userEvent.setup()
    const onSend = vi.fn(() => Promise.reject(new Error('offline')))
    render(<InquiryForm onSend={onSend} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(inquiryMessages.failed))
    expect(screen.getByLabelText('Subject')).toHaveValue('A place in September')
    expect(screen.getByRole('button', { name: 'Submit Now' })).toBeEnabled()
  })

  it('disables the button while sending, so one click sends one inquiry', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => undefined
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)).then(sentAtOnce))
    render(<InquiryForm onSend={onSend} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    expect(screen.getByRole('button', { name: 'Submit Now' })).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent(inquiryMessages.sending)
    finish()
    expect(await screen.findByText(inquiryMessages.sent('Ada'))).toBeInTheDocument()
    expect(onSend).toHaveBeenCalledTimes(1)
  })

  it('while the server does not answer, says the message is kept on this device; then that it reached us', async () => {
    const user = userEvent.setup()
    const inquiries = createFakeInquiries()
    inquiries.server.hold()
    render(<InquiryForm onSend={(inquiry) => inquiries.send(inquiry)} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    // After a moment without an answer (KEPT_NOTICE_DELAY_MS), not before.
    expect(screen.getByRole('status')).toHaveTextContent(inquiryMessages.sending)
    expect(
      await screen.findByText(inquiryMessages.kept('Ada'), undefined, {
        timeout: KEPT_NOTICE_DELAY_MS + WAIT.timeout,
      }),
    ).toBeInTheDocument()
    expect(screen.queryByText(inquiryMessages.sent('Ada'))).not.toBeInTheDocument()
    expect(inquiries.server.waiting()).toBe(1)
    expect(screen.getByLabelText('Message')).toHaveValue('')

    inquiries.server.answer()
    expect(await screen.findByText(inquiryMessages.sent('Ada'))).toBeInTheDocument()
    expect(screen.queryByText(inquiryMessages.kept('Ada'))).not.toBeInTheDocument()
  })

  it('never flashes "kept on this device" when the server answers within a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      const inquiries = createFakeInquiries()
      inquiries.server.hold()
      render(<InquiryForm onSend={(inquiry) => inquiries.send(inquiry)} />)
      await fillIn(user)
      await user.click(screen.getByRole('button', { name: 'Submit Now' }))
      // Kept on the device (the form is cleared), the server not yet answering: still "sending".
      await vi.waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''))
      await act(() => vi.advanceTimersByTimeAsync(KEPT_NOTICE_DELAY_MS - 100))
      expect(screen.getByRole('status')).toHaveTextContent(inquiryMessages.sending)
      inquiries.server.answer()
      expect(await screen.findByText(inquiryMessages.sent('Ada'))).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(KEPT_NOTICE_DELAY_MS))
      expect(screen.queryByText(inquiryMessages.kept('Ada'))).not.toBeInTheDocument()
      expect(screen.getByText(inquiryMessages.sent('Ada'))).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('says it could not be sent when the server refuses the message it kept', async () => {
    const user = userEvent.setup()
    const inquiries = createFakeInquiries()
    inquiries.server.hold()
    render(<InquiryForm onSend={(inquiry) => inquiries.send(inquiry)} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    await screen.findByText(inquiryMessages.kept('Ada'), undefined, {
      timeout: KEPT_NOTICE_DELAY_MS + WAIT.timeout,
    })
    inquiries.server.refuse()
    // The alert's region is there before its words (a live region): wait for the words in it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(inquiryMessages.failed))
    expect(screen.queryByText(inquiryMessages.kept('Ada'))).not.toBeInTheDocument()
  })

  it('says plainly why when the server refuses it: the 6th message within an hour', async () => {
    const user = userEvent.setup()
    const onSend = vi.fn(() => Promise.resolve({ sent: Promise.reject(new InquiryRefusedError('too-many')) }))
    render(<InquiryForm onSend={onSend} />)
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Submit Now' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(inquiryMessages.refused['too-many']),
    )
    expect(inquiryMessages.refused['too-many']).toContain('5 messages')
    expect(screen.queryByText(inquiryMessages.kept('Ada'))).not.toBeInTheDocument()
  })
})
