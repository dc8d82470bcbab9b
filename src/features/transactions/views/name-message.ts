import { useLingui } from '@lingui/react/macro'
import { MAX_VIEW_NAME } from '../../../storage/stored-values'
import type { NameProblem } from './saved-views'

/** What a refused name says, for the save and rename forms. */
export function useNameMessage(): (problem: NameProblem, name: string) => string {
  const { t } = useLingui()
  return (problem, name) => {
    const trimmed = name.trim()
    if (problem === 'required') return t`Enter a name for this view.`
    if (problem === 'tooLong') return t`Use at most ${MAX_VIEW_NAME} characters.`
    return t`You already have a view named “${trimmed}”.`
  }
}
