import { within } from 'storybook/test';

/**
 * Queries over the whole page a story runs in: dialogs, popovers and the
 * alerts area render in portals outside the story's canvas.
 */
export const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
