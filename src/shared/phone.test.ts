import { describe, expect, it } from 'vitest'
import { displayPhone, parsePhone } from './phone'

describe('phone numbers as people type them', () => {
  it.each([
    ['(303) 555-0142', '+13035550142'],
    ['303-555-0142', '+13035550142'],
    ['303.555.0142', '+13035550142'],
    ['(303)555-0142', '+13035550142'],
    ['+1 303 555 0142', '+13035550142'],
    ['1 303 555 0142', '+13035550142'],
    [' 3035550142 ', '+13035550142'],
    ['+13035550142', '+13035550142'],
    ['(416) 555-0199', '+14165550199'],
  ])('reads %j as %s', (text, e164) => {
    expect(parsePhone(text)).toBe(e164)
  })

  it.each([
    ['', 'nothing'],
    ['555-0142', 'no area code'],
    ['303 555 01423', 'a digit too many'],
    ['123-456-7890', 'no such area code (the copied regexes took any ten digits)'],
    ['+44 20 7946 0958', 'another country'],
    ['303-555-0142 ext 12', 'an extension'],
    ['call me', 'letters'],
  ])('refuses %j: %s', (text) => {
    expect(parsePhone(text)).toBeNull()
  })

  it('shows a stored number as people read it, and anything else as it is', () => {
    expect(displayPhone('+13035550142')).toBe('(303) 555-0142')
    expect(displayPhone('+18005550199')).toBe('(800) 555-0199')
    expect(displayPhone('+442079460958')).toBe('+442079460958')
    expect(displayPhone('ask at the desk')).toBe('ask at the desk')
  })

  it('reads back what it shows', () => {
    expect(parsePhone(displayPhone('+17205550100'))).toBe('+17205550100')
  })
})
