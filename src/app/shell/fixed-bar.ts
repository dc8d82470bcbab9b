/**
 * The class that keeps a fixed bar clear of the scrollbar while a dialog stops the page scrolling:
 * react-remove-scroll-bar's `zeroRightClassName`, which Mantine's dialogs look for (fixed-bar.test.ts
 * checks the two agree). Written out, so the shell's first paint need not import the library.
 */
export const FIXED_BAR_CLASS = 'right-scroll-bar-position'
