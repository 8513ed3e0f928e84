import { env } from '../../../config/env.ts';

/**
 * Question images load from the API host plus the picture path (spec section 7). The API answers
 * paths like /api/content/images/...; when the API lives on another origin, that origin is added.
 */
export function assetUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (/^https?:\/\//.test(env.API_BASE_URL)) return new URL(path, env.API_BASE_URL).href;
  return path;
}
