import './mantine-later.css'
import { Anchor, type AnchorProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

function PlainAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />
}

/** Mantine's anchor as a router link: a real href, so the page it opens can open in a new tab too. */
export const AnchorLink = createLink(PlainAnchor)
