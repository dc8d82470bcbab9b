import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { BUTTON_STYLES, type CheckoutDesignUpdate, HEX_COLOR, LOGO_URL } from '../../../../contract/settings'
import type { CheckoutDesign } from '../../../api/schemas/settings'
import { typedText } from '../../../drafts/typed-text'

export type CheckoutDesignValues = CheckoutDesignUpdate

export function checkoutDesignValues(design: CheckoutDesign): CheckoutDesignValues {
  return {
    primaryColor: design.primaryColor.toUpperCase(),
    buttonStyle: design.buttonStyle,
    logoUrl: design.logoUrl,
    headline: design.headline,
  }
}

export function checkoutDesignSchema(
  i18n: I18n,
): v.GenericSchema<CheckoutDesignValues, CheckoutDesignUpdate> {
  const logoMessage = i18n._(
    msg`Use an https:// address of a PNG, SVG, JPEG or WebP image, or leave it empty.`,
  )
  return v.object({
    primaryColor: v.pipe(
      v.string(),
      v.trim(),
      v.regex(HEX_COLOR, i18n._(msg`Enter a colour as # and six hexadecimal digits, e.g. #1C7C54.`)),
      v.toUpperCase(),
    ),
    buttonStyle: v.picklist(BUTTON_STYLES),
    logoUrl: v.union(
      [v.literal(''), v.pipe(v.string(), v.trim(), v.regex(LOGO_URL, logoMessage))],
      logoMessage,
    ),
    headline: v.pipe(v.string(), v.trim(), v.maxLength(60, i18n._(msg`Use at most 60 characters.`))),
  })
}

export const BUTTON_RADIUS: Record<(typeof BUTTON_STYLES)[number], string> = {
  ROUNDED: '8px',
  PILL: '999px',
  SQUARE: '0',
}

/** The checkout design form's values as typed, for a draft kept across a sign-in (src/drafts). */
export const checkoutDesignDraftShape: v.GenericSchema<unknown, CheckoutDesignValues> = v.strictObject({
  primaryColor: typedText,
  buttonStyle: v.picklist(BUTTON_STYLES),
  logoUrl: typedText,
  headline: typedText,
})
