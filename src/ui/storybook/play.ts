import { expect, within } from 'storybook/test';

/** What a play function gets that these helpers use. */
export interface PlayContext {
  canvasElement: HTMLElement;
}

/**
 * Queries over the whole page a story runs in: dialogs, popovers and the
 * alerts area render in portals outside the story's canvas.
 */
export const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A call card (2.6) says `status` and offers these controls (among others its state allows). */
export const callCardShows =
  (status: string, controls: readonly string[] = []) =>
  async ({ canvasElement }: PlayContext) => {
    const card = await within(canvasElement).findByRole('article');
    await expect(card).toHaveTextContent(status);
    for (const control of controls)
      await expect(within(card).getByRole('button', { name: control })).toBeInTheDocument();
  };
