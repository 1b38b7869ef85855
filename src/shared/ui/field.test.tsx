import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { characterCount, cutToCharacters } from '#shared/records/record-text'
import { Field, limitCharacters } from './field'

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

  it('puts the hint under the control, or between label and control when asked', () => {
    const { container, rerender } = render(
      <Field id="p" label="Photos" hint="Max 6" classPrefix="kid">
        {(control) => <input {...control} />}
      </Field>,
    )
    const order = () => Array.from(container.querySelectorAll('.kid-field > *')).map((e) => e.tagName)
    expect(order()).toEqual(['LABEL', 'INPUT', 'P'])
    rerender(
      <Field id="p" label="Photos" hint="Max 6" hintPlacement="before" classPrefix="kid">
        {(control) => <input {...control} />}
      </Field>,
    )
    expect(order()).toEqual(['LABEL', 'P', 'INPUT'])
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

describe('limits counted in characters', () => {
  it('takes text up to the limit, an emoji counting 1', () => {
    expect(limitCharacters('', '😀'.repeat(3), 3)).toBe('😀😀😀')
    expect(limitCharacters('ab', 'abc', 3)).toBe('abc')
  })

  it('counts characters as the records do (record-text.ts)', () => {
    for (const text of ['😀👋🏾', 'ọ̀漢', 'a\u{1F600}b'])
      expect(limitCharacters('', text, characterCount(text))).toBe(text)
    expect(limitCharacters('', '👋🏾', 1)).toBe(cutToCharacters('👋🏾', 1))
  })

  it('cuts text added at the end to fit, never half an emoji', () => {
    expect(limitCharacters('', '😀'.repeat(5), 3)).toBe('😀😀😀')
    expect(limitCharacters('a', 'a😀😀😀', 3)).toBe('a😀😀')
  })

  it('refuses a change elsewhere that would pass the limit, as maxLength does', () => {
    expect(limitCharacters('abc', 'aXbc', 3)).toBe('abc')
    expect(limitCharacters('abc', 'abcd', 3)).toBe('abc')
  })

  it('takes any change that does not lengthen a value already over the limit', () => {
    expect(limitCharacters('abcd', 'abc', 3)).toBe('abc')
    expect(limitCharacters('abcd', 'abXd', 3)).toBe('abXd')
    expect(limitCharacters('abcd', 'abcdE', 3)).toBe('abcd')
  })
})
