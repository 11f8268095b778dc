/**
 * The fit of a layout into the part of the view that no panel covers, shared by the page's camera
 * and the view worker's preview (so that the WebGL scene takes over the preview without a jump).
 */
import { fitCamera, type Camera } from '@tbg/render-pixi/camera';

/**
 * All of a `width` × `height` layout in view, in the `open` part of it (the left part beside the
 * info card, or all of it), below a band of `top` CSS px that the toolbar covers (at most a third
 * of the height is given up to it).
 */
export function fitBelow(g: { width: number; height: number }, open: { width: number; height: number }, top: number): Camera {
  const band = Math.min(Math.max(0, top), open.height / 3);
  const c = fitCamera({ x: 0, y: 0, width: g.width, height: g.height }, { width: open.width, height: open.height - band });
  return { ...c, y: c.y + band };
}
