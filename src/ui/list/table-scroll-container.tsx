import { Box, type BoxProps } from '@mantine/core'
import type { ComponentPropsWithoutRef } from 'react'
import classes from './table-scroll-container.module.css'

interface TableScrollContainerProps extends BoxProps, Omit<ComponentPropsWithoutRef<'div'>, keyof BoxProps> {
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number
}

/**
 * A table's scroll container in the browser's own scrolling, as Mantine's of type "native" is. Mantine's
 * brings its ScrollArea and the floating-UI library for its other type; the build leaves it out of
 * the Table module (scripts/table-without-scroll-area.ts).
 */
export function TableScrollContainer({ minWidth, className, children, ...props }: TableScrollContainerProps) {
  return (
    <Box {...props} className={className ? `${classes.container} ${className}` : classes.container}>
      <div style={{ minWidth }}>{children}</div>
    </Box>
  )
}
