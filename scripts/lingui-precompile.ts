// A Babel plugin that runs after the Lingui macro and compiles each message's English text (ICU
// syntax) into Lingui's compiled form at build time. The browser then never compiles a message, so
// the message compiler and its parser (about 6 KB gzip) stay out of every page's download. It is the
// same `compileMessage` the runtime would call, so what the user sees does not change.
import type * as BabelTypes from '@babel/types'
import { compileMessage } from '@lingui/message-utils/compileMessage'

// The macro marks every message descriptor it writes (`{ id, message, values }`, also spread into
// `<Trans {...}>`) with this leading comment; that is how the extractor finds them too.
const DESCRIPTOR_MARK = 'i18n'

interface ObjectExpressionPath {
  node: BabelTypes.ObjectExpression
}

interface ProgramPath {
  traverse(visitor: { ObjectExpression(path: ObjectExpressionPath): void }): void
}

function isMessageKey(property: BabelTypes.ObjectProperty): boolean {
  const { key } = property
  if (property.computed) return false
  return (
    (key.type === 'Identifier' && key.name === 'message') ||
    (key.type === 'StringLiteral' && key.value === 'message')
  )
}

export function linguiPrecompile({ types }: { types: typeof BabelTypes }) {
  return {
    name: 'lingui-precompile',
    visitor: {
      Program: {
        // On exit, after the macro (which does its work when the program is entered) has run.
        exit(program: ProgramPath) {
          program.traverse({
            ObjectExpression({ node }) {
              if (!node.leadingComments?.some((comment) => comment.value.trim() === DESCRIPTOR_MARK)) return
              for (const property of node.properties) {
                if (property.type !== 'ObjectProperty' || !isMessageKey(property)) continue
                if (property.value.type !== 'StringLiteral') continue
                property.value = types.valueToNode(compileMessage(property.value.value))
              }
            },
          })
        },
      },
    },
  }
}
