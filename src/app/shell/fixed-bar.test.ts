import { zeroRightClassName } from 'react-remove-scroll-bar/constants'
import { describe, expect, it } from 'vitest'
import { FIXED_BAR_CLASS } from './fixed-bar'

describe("the shell header's fixed-bar class", () => {
  it('is the one react-remove-scroll pads while a dialog is open', () => {
    expect(FIXED_BAR_CLASS).toBe(zeroRightClassName)
  })
})
