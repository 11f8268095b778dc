/**
 * Messages between the element and its render worker. Commands (camera, paint, size,
 * highlight) need no answer; queries carry an id and are answered by the response their kind
 * maps to (`RenderResponseFor`). Frames are announced as they are drawn.
 */
import type { Camera, ColorBy, FrameInfo, HighlightState, Picked, Rect, ShowOptions, ThemeRequest } from './render-types.js';

export interface InitRequest {
  kind: 'init';
  id: number;
  canvas: OffscreenCanvas;
  width: number;
  height: number;
  resolution: number;
}
/** Show the layout numbered `shipped`, which comes from the view worker on the layout port. */
export interface ShowRequest {
  kind: 'show';
  id: number;
  shipped: number;
  options: ShowOptions;
}
export interface PickRequest {
  kind: 'pick';
  id: number;
  x: number;
  y: number;
}
export interface ShapeRequest {
  kind: 'shape';
  id: number;
  ref: number;
}
export interface MinimapRequest {
  kind: 'minimap';
  id: number;
  x: number;
  y: number;
}
export type RenderQuery = InitRequest | ShowRequest | PickRequest | ShapeRequest | MinimapRequest;

export type RenderCommand =
  | { kind: 'colorBy'; mode: ColorBy }
  | { kind: 'camera'; camera: Camera }
  | { kind: 'resize'; width: number; height: number; resolution: number }
  | { kind: 'highlight'; state: HighlightState }
  | { kind: 'theme'; theme: ThemeRequest }
  /** The renderer's end of the view worker's layout channel (sent once init succeeded). */
  | { kind: 'layoutPort'; port: MessagePort }
  | { kind: 'destroy' };

export type RenderRequest = RenderQuery | RenderCommand;

/** The answer each query kind gets when it succeeds. */
export interface RenderResponseMap {
  init: { kind: 'ready'; id: number };
  show: { kind: 'shown'; id: number; frame: FrameInfo };
  pick: { kind: 'picked'; id: number; picked: Picked | null };
  shape: { kind: 'shaped'; id: number; rect: Rect | null };
  minimap: { kind: 'minimapPoint'; id: number; point: [number, number] | null };
}
export type RenderResponseFor<K extends RenderQuery['kind']> = RenderResponseMap[K];

export interface RenderFailed {
  kind: 'failed';
  id: number;
  error: { name: string; message: string };
}
/** Sent after every drawn frame, unasked. */
export interface FrameNotice {
  kind: 'frame';
  frame: FrameInfo;
}
export type RenderResponse = RenderResponseMap[keyof RenderResponseMap] | RenderFailed | FrameNotice;
