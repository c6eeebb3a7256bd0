import type { PagePipeline } from '../../src/modules/ssr/page-pipeline';

export type PageDoor = 'memory' | 'controller' | 'signed-in door';

/**
 * Which door of the page pipeline answered each page from now on, in order: `send` is the open
 * pages' listener (from memory), `render` the SSR controller, `sendRendered` called outside a
 * `render` the signed-in pages' door. Undone by jest.restoreAllMocks().
 */
export function watchPageDoors(pages: PagePipeline): PageDoor[] {
  const doors: PageDoor[] = [];
  const send = pages.send.bind(pages);
  const render = pages.render.bind(pages);
  const sendRendered = pages.sendRendered.bind(pages);
  let rendering = 0;
  jest.spyOn(pages, 'send').mockImplementation((...args) => (doors.push('memory'), send(...args)));
  jest.spyOn(pages, 'render').mockImplementation(async (...args) => {
    doors.push('controller');
    rendering++;
    await render(...args).finally(() => rendering--);
  });
  jest.spyOn(pages, 'sendRendered').mockImplementation((...args) => {
    if (rendering === 0) doors.push('signed-in door');
    return sendRendered(...args);
  });
  return doors;
}
