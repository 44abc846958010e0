import type { ScrollAreaProps } from '@mantine/core';

/**
 * Spread on a Mantine ScrollArea (or pass as `scrollAreaProps`) to make it a designated horizontal
 * scroller (decision 024): its viewport is marked `data-scroll-x`, the one kind of box allowed to be
 * wider inside than out, and its scrollbar shows whenever there is more to see, not only on hover.
 */
export const SCROLL_X_AREA = {
  type: 'auto',
  viewportProps: { 'data-scroll-x': '' } as ScrollAreaProps['viewportProps'],
} satisfies Partial<ScrollAreaProps>;
