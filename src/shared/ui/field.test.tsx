import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './field'

describe('Field', () => {
  it('ties the control to its label, hint and error, and marks it invalid while there is an error', () => {
    const { rerender } = render(
      <Field id="name" label="Name" hint="How we greet you." classPrefix="account">
        {(control) => <input {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('Name')
    expect(input).toHaveAccessibleDescription('How we greet you.')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input.closest('div')).toHaveClass('account-field')
    expect(screen.getByText('How we greet you.')).toHaveClass('account-hint')

    rerender(
      <Field id="name" label="Name" hint="How we greet you." error="Too long" classPrefix="account">
        {(control) => <input {...control} />}
      </Field>,
    )
    expect(input).toHaveAccessibleDescription('How we greet you. Too long')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Too long')).toHaveAttribute('id', 'name-error')
    expect(screen.getByText('Too long')).toHaveClass('account-error')
  })

  it('adds descriptions kept elsewhere, and may be invalid with its message elsewhere', () => {
    render(
      <>
        <Field label="Email" classPrefix="account" invalid describedBy={['note', false, 'failed']}>
          {(control) => <input {...control} />}
        </Field>
        <p id="note">Type your e-mail first.</p>
        <p id="failed">Bad User Credentials</p>
      </>,
    )
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('aria-describedby', 'note failed')
    expect(input).toHaveAccessibleDescription('Type your e-mail first. Bad User Credentials')
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })

  it('describes nothing when there is nothing to say', () => {
    render(
      <Field label="Password" classPrefix="account">
        {(control) => <input {...control} />}
      </Field>,
    )
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-describedby')
  })
})
